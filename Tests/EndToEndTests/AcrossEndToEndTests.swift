import Foundation
import Testing

/// `tradeterm --across` against the binary: `--once --json` with its own simulator (`--demo`),
/// and the refusals of options it does not take.
@Suite(.serialized) struct AcrossEndToEndTests {
  @Test func onceJSONAcrossTheDemo() throws {
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--once", "--json", "--across", "BTC", "--demo"], timeout: 30)
    #expect(status == 0, "\(output)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(json["asset"] as? String == "BTC")
    #expect(json["mode"] as? String == "demo")
    let venues = try #require(json["venues"] as? [[String: Any]])
    // The demo serves every venue followed live: Kraken's BTC/USD among them, live and merged.
    let kraken = try #require(venues.first { $0["instrument"] as? String == "kraken:BTC/USD" }, "\(venues)")
    #expect(kraken["state"] as? String == "LIVE")
    #expect(kraken["excluded"] is NSNull)
    #expect(venues.allSatisfy { $0["state"] as? String == "LIVE" }, "\(venues)")
    let matrix = try #require(json["matrix"] as? [String: Any])
    let cells = try #require(matrix["cells"] as? [[Any]])
    #expect(cells.count == venues.count)
    let book = try #require(json["book"] as? [[String: Any]])
    let usd = try #require(book.first { $0["quote"] as? String == "USD" })
    let bids = try #require(usd["bids"] as? [[String: Any]])
    let asks = try #require(usd["asks"] as? [[String: Any]])
    // The top 20 levels at most (Kraken's book is followed ten deep: as many buckets as that fills).
    #expect((1...20).contains(bids.count) && (1...20).contains(asks.count), "\(usd)")
    // Best first: bids falling, asks rising. (The demo's venues each keep a small basis: across
    // Kraken and Coinbase the USD book may well be crossed, which is what the matrix shows.)
    let bidPrices = bids.compactMap { ($0["price"] as? String).flatMap(Double.init) }
    let askPrices = asks.compactMap { ($0["price"] as? String).flatMap(Double.init) }
    #expect(bidPrices == bidPrices.sorted(by: >))
    #expect(askPrices == askPrices.sorted())
    #expect(venues.contains { $0["instrument"] as? String == "coinbase:BTC-USD" }, "\(venues)")
    // BitMEX's XBTUSD too, its one-dollar inverse contracts converted through its own row.
    #expect(venues.contains { $0["instrument"] as? String == "bitmex:XBTUSD" }, "\(venues)")
    #expect(venues.count == 6, "\(venues)")
  }

  /// The config chooses the instruments (`[across.BTC]`), merges the stablecoins at par and
  /// counts taker fees (`[fees]`); a swap whose contract is not known is left out and said.
  @Test func theConfigChoosesInstrumentsParAndFees() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("across-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("tradeterm"), withIntermediateDirectories: true)
    try """
    [across]
    stablecoins-at-par = true
    [across.BTC]
    instruments = ["kraken:BTC/USD", "okx:BTC-USDT-SWAP", "binance:BTCUSDT"]
    [fees]
    kraken = 0.4
    """.write(to: home.appendingPathComponent("tradeterm/config.toml"), atomically: true, encoding: .utf8)
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--once", "--json", "--across", "BTC", "--demo"],
      environment: ["XDG_CONFIG_HOME": home.path], timeout: 30)
    #expect(status == 0, "\(output)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let venues = try #require(json["venues"] as? [[String: Any]])
    #expect(
      venues.compactMap { $0["instrument"] as? String } == ["kraken:BTC/USD", "binance:BTCUSDT"], "\(venues)")
    let notes = try #require(json["notes"] as? [String])
    #expect(
      notes.contains { $0.contains("okx:BTC-USDT-SWAP: its contract is not known here yet") }, "\(notes)")
    let matrix = try #require(json["matrix"] as? [String: Any])
    #expect((matrix["takerFeePercent"] as? [String: String]) == ["kraken": "0.4"], "\(matrix)")
    // USD and USDT at par: one group, both merged.
    let book = try #require(json["book"] as? [[String: Any]])
    #expect(
      book.count == 1 && book.first?["atPar"] as? Bool == true && book.first?["merged"] as? Int == 2,
      "\(book)")
  }

  @Test func aBookThatIsNeverLiveIsNamedAtTheTimeout() throws {
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--once", "--json", "--across", "FOO", "--demo", "--timeout", "2"],
      errorsToOutput: true, timeout: 30)
    #expect(status == 1, "\(output)")
    // The simulator's Kraken lists no FOO/USD: the timeout names the book and the venue's words.
    #expect(output.contains("not every book was live within 2.0 s: kraken:FOO/USD SYNCING"), "\(output)")
    #expect(output.contains("Currency pair not supported"), "\(output)")
  }

  @Test func optionsItDoesNotTakeAreRefused() throws {
    for (extra, words) in [
      (["kraken:BTC/USD"], "takes no symbol"), (["--replay", "x.jsonl"], "takes no --replay"),
      (["--markets"], "takes no --markets"),
    ] {
      let (status, output) = try Child.run(
        [try Binaries.path("tradeterm"), "--across", "BTC"] + extra, errorsToOutput: true)
      #expect(status == 2, "\(extra): \(output)")
      #expect(output.contains(words), "\(extra): \(output)")
    }
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--across", "B T C"], errorsToOutput: true)
    #expect(status == 2)
    #expect(output.contains("--across takes an asset"), "\(output)")
  }
}
