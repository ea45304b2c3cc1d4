import ExchangeSim
import Foundation
import Testing

/// `tradeterm --once --json --markets` against the simulator's universe: every instrument, once,
/// with its derived columns.
@Suite struct TradetermMarketsTests {
  @Test func onceJSONMarketsListsTheSimulatorsUniverse() throws {
    var config = Integration.simConfig(seed: 1_302)
    config.universe = SimUniverse.extras(for: config)
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--json", "--markets", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout",
        "20",
      ])
      #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
        "not a JSON object: \(run.stdout.prefix(300))")
      #expect(json["status"] as? String == "LIVE" && json["mode"] as? String == "live")
      let rows = try #require(json["markets"] as? [[String: Any]])
      #expect(json["venue"] as? String == "bitmex")
      #expect(rows.allSatisfy { $0["venue"] as? String == "bitmex" })
      #expect(rows.map { $0["symbol"] as? String ?? "" }.sorted() == sim.listing.map(\.symbol).sorted())
      // Every row, the indices too (after the markets, which have a volume).
      let markets = rows.filter { $0["kind"] as? String != "index" }
      let volumes = markets.compactMap { $0["volume24hUSD"] as? Double }
      #expect(volumes.count == markets.count)
      #expect(volumes == volumes.sorted(by: >), "by 24 h USD volume")
      #expect(rows.count - markets.count == sim.listing.filter(\.isIndex).count)
      let kinds = Set(rows.compactMap { $0["kind"] as? String })
      #expect(kinds == ["perpetual", "future", "spot", "index"])
      for row in rows where row["kind"] as? String != "perpetual" {
        #expect(row["fundingRate"] is NSNull, "\(row["symbol"] ?? "?")")
      }
    }
  }
}
