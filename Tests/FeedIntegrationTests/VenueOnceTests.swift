import Foundation
import Testing

/// `--once` on another venue, live from the simulator's dialect (`--demo VENUE:SYMBOL`): the book
/// through the venue's own rule, the tape, `"venue"` and the `"integrity"` object (issues 25–27).
@Suite struct VenueOnceTests {
  static func json(_ arguments: [String]) throws -> [String: Any] {
    let run = try TradetermProcess.run(
      ["--once", "--json", "--demo", "--timeout", "30"] + arguments, timeout: 60)
    #expect(run.status == 0, "\(arguments): stderr \(run.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "\(arguments): stdout \(run.stdout.prefix(300))")
  }

  static func levels(_ value: Any?) -> [(price: Double, size: Double)] {
    (value as? [[Double]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
  }

  @Test(arguments: [
    ("kraken:BTC/USD", "kraken", "BTC/USD"), ("coinbase:BTC-USD", "coinbase", "BTC-USD"),
    ("bybit-linear:BTCUSDT", "bybit-linear", "BTCUSDT"), ("okx:BTC-USDT", "okx", "BTC-USDT"),
    ("binance:BTCUSDT", "binance", "BTCUSDT"), ("binance-usdm:BTCUSDT", "binance-usdm", "BTCUSDT"),
  ])
  func aVenueBookPrintsLiveWithItsIntegrity(instrument: String, venue: String, symbol: String) throws {
    let j = try Self.json([instrument, "--levels", "5"])
    #expect(j["venue"] as? String == venue && j["symbol"] as? String == symbol, "\(j)")
    #expect(
      j["status"] as? String == "LIVE" && j["mode"] as? String == "demo" && j["sync"] as? String == "live")
    let bids = Self.levels(j["bids"])
    let asks = Self.levels(j["asks"])
    #expect(bids.count == 5 && asks.count == 5, "\(j)")
    // Best first on both sides, not crossed, and sizes as the venue's decimals (a BitMEX-style
    // integer of units would be thousands of times larger).
    #expect(bids.map(\.price) == bids.map(\.price).sorted(by: >), "\(bids)")
    #expect(asks.map(\.price) == asks.map(\.price).sorted(), "\(asks)")
    if let bid = bids.first?.price, let ask = asks.first?.price { #expect(bid < ask, "\(bid) \(ask)") }
    #expect((bids + asks).allSatisfy { $0.size > 0 && $0.size < 1_000 }, "\(bids) \(asks)")
    let integrity = try #require(j["integrity"] as? [String: Int], "\(j)")
    #expect(integrity["failures"] == 0 && integrity["resyncs"] == 0, "\(integrity)")
  }

  /// `--depth` reaches the venue: Kraken at 10 keeps 10 levels a side (checksummed at 10), though
  /// 12 are asked for.
  @Test func krakenAtDepthTenKeepsTenLevels() throws {
    let j = try Self.json(["kraken:BTC/USD", "--depth", "10", "--levels", "12"])
    #expect(Self.levels(j["bids"]).count == 10 && Self.levels(j["asks"]).count == 10, "\(j)")
    let checks = (j["integrity"] as? [String: Int])?["checks"] ?? 0
    #expect(checks >= 1, "\(j)")
  }

  /// A live Kraken session recorded with `--record` names its venue, so it replays as Kraken to
  /// a book that verifies.
  @Test func aRecordedKrakenSessionReplaysAsKraken() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-kraken-\(UUID().uuidString).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let live = try TradetermProcess.run(
      ["--once", "--demo", "kraken:BTC/USD", "--record", path, "--timeout", "30"], timeout: 60)
    #expect(live.status == 0, "stderr: \(live.stderr)")
    let replay = try TradetermProcess.run([
      "--once", "--json", "--replay", path, "--venue", "kraken", "--symbol", "BTC/USD", "--speed", "0",
    ])
    #expect(replay.status == 0, "stderr: \(replay.stderr)")
    #expect(!replay.stderr.contains("other venues"), "\(replay.stderr)")
    let j = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
    #expect(j["venue"] as? String == "kraken" && j["sync"] as? String == "live", "\(j)")
    let integrity = try #require(j["integrity"] as? [String: Int], "\(j)")
    #expect((integrity["checks"] ?? 0) >= 1 && integrity["failures"] == 0, "\(integrity)")
  }
}
