import Binance
import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// `--record` of Binance USDⓈ-M writes both of its connections to the one file (the book's
/// `/public` with its REST snapshot body, the trades' `/market`), a connection replaced on the way
/// included, and the recording replays (`--once --json --replay`) to the book the simulator has.
@Suite(.serialized) struct BinanceRecordingTests {
  @Test func aRecordedUSDMSessionReplaysToTheSimulatorsBook() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-binance-usdm-\(UUID().uuidString).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let view = try Integration.withSim(Integration.simConfig(seed: 94)) { sim in
      let adapter = BinanceAdapter(
        market: .usdm, host: sim.binanceHost(.usdm), restHost: sim.binanceRESTHost(.usdm))
      let h = VenueFeedHarness(
        adapter: adapter,
        plan: SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades, .ticker, .mark]),
        policy: .bridge(SnapshotBridgeSync(bridge: BinanceMarket.usdm.bridge)), symbol: "BTCUSDT",
        restHost: adapter.restHost, recordPath: path)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive && $0.tradeIDs.count >= 3 }
      // Each connection replaced on the way: the spliced frames are recorded as they are kept.
      sim.binanceShutdownNotice()
      h.waitUntil(timeout: 10, "both connections replaced") { ($0.status?.reconnects ?? 0) >= 2 }
      h.waitUntil(timeout: 5, "trades after the switch") { $0.tradeIDs.count >= 8 }
      sim.pauseMarket()
      let last = try #require(sim.binanceBook(.usdm, symbol: "BTCUSDT")).lastUpdateID
      h.waitUntil(timeout: 5, "the book at the simulator's last update") {
        if case .bridge(let rule)? = $0.state.bookPolicy { return rule.lastUpdateID == last }
        return false
      }
      h.stop()
      return try #require(sim.binanceBook(.usdm, symbol: "BTCUSDT"))
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("\"lastUpdateId\""), "the REST snapshot body")
    #expect(text.contains("@depth@0ms"), "the book's connection")
    #expect(text.contains("@aggTrade"), "the trades' connection")

    let replay = try TradetermProcess.run([
      "--once", "--json", "--replay", path, "--venue", "binance-usdm", "--symbol", "BTCUSDT", "--speed", "0",
      "--levels", "1000",
    ])
    #expect(replay.status == 0, "stderr: \(replay.stderr)")
    let j = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
    #expect(j["sync"] as? String == "live", "\(j)")
    #expect((j["integrity"] as? [String: Int])?["resyncs"] == 0, "\(j)")
    #expect(j["badFrames"] as? Int == 0, "\(j)")
    for (side, levels) in [("bids", view.bids), ("asks", view.asks)] {
      let replayed = (j[side] as? [[Double]]) ?? []
      #expect(replayed.count == levels.count, "\(side)")
      #expect(
        zip(replayed, levels).allSatisfy { $0 == [Double($1.price)!, Double($1.qty)!] },
        "\(side): \(replayed.prefix(3)) vs \(levels.prefix(3))")
    }
  }
}
