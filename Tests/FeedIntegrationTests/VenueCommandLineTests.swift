import Foundation
import TestSupport
import Testing

/// Venues on the command line (issue 23): `tradeterm venues`, `VENUE:SYMBOL`, `--venue`.
@Suite struct VenueCommandLineTests {
  @Test func venuesListsEveryVenueAndWhatItCanDo() throws {
    let run = try TradetermProcess.run(["venues"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let heads = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
      String($0.split(separator: " ").first ?? "")
    }
    #expect(
      heads == [
        "bitmex", "kraken", "binance", "binance-usdm", "coinbase", "bybit-spot", "bybit-linear",
        "bybit-inverse", "okx",
      ])
    // The tests' copy of the registrations (`RegisteredVenues`) is the executable's.
    #expect(heads == RegisteredVenues.names.map(\.name))
    // Every registered venue is listed once, under the name people know it by (its about's).
    #expect(Set(heads).count == heads.count, "a venue registered twice: \(heads)")
    for line in run.stdout.split(separator: "\n") where !line.hasPrefix(" ") {
      let parts = line.components(separatedBy: "  ")
      #expect(parts.count == 3 && !parts[1].trimmingCharacters(in: .whitespaces).isEmpty, "\(line)")
      #expect(parts.last == "ready" || parts.last == "not yet selectable", "\(line)")
    }
    #expect(run.stdout.contains("bitmex  BitMEX  ready"))
    #expect(run.stdout.contains("kraken  Kraken  ready"))
    #expect(run.stdout.contains("binance-usdm  Binance USDⓈ-M  ready"))
  }

  /// `bitmex:ETHUSD` and `ETHUSD` are the same instrument.
  @Test func aBitMEXPrefixIsTheSameInstrument() throws {
    let prefixed = try TradetermProcess.run([
      "bitmex:ETHUSD", "--once", "--json", "--demo", "--timeout", "20",
    ])
    #expect(prefixed.status == 0, "stderr: \(prefixed.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(prefixed.stdout.utf8)) as? [String: Any])
    #expect(json["symbol"] as? String == "ETHUSD")
    #expect(json["venue"] as? String == "bitmex", "\(prefixed.stdout)")
    let viaOption = try TradetermProcess.run([
      "--venue", "BitMEX", "--symbol", "ETHUSD", "--once", "--json", "--demo", "--timeout", "20",
    ])
    #expect(viaOption.status == 0, "stderr: \(viaOption.stderr)")
    #expect(viaOption.stdout.contains(#""venue":"bitmex""#), "\(viaOption.stdout)")
  }

  @Test(arguments: [
    (["kraken:BTC/USD", "--once", "--markets"], "--once --markets prints BitMEX's for now; on Kraken"),
    (["okx:BTC-USDT", "--once", "--portfolio"], "--once --portfolio prints BitMEX's for now"),
    (["--demo", "kraken:"], "no symbol after the venue"),
    (["--venue", "kraken"], "which Kraken instrument? e.g. `tradeterm kraken:BTC/USD`"),
    (["nasdaq:AAPL", "--once"], "unknown venue \"nasdaq\" (venues: bitmex, kraken,"),
    (["--venue", "okx", "--once"], "which OKX instrument? e.g. `tradeterm okx:"),
    (
      ["kraken:BTC/USD", "--once", "--depth", "50"],
      "--depth for Kraken is one of 10, 25, 100, 500, 1000 or full"
    ),
    (
      ["bybit-linear:BTCUSDT", "--depth", "25"], "--depth for Bybit linear is one of 1, 50, 200, 1000 or full"
    ),
    (["okx:BTC-USDT", "--depth", "7"], "--depth for OKX is one of 5, 400 or full"),
    (["coinbase:BTC-USD", "--depth", "25"], "Coinbase sends its whole book here: --depth takes only full"),
    (["kraken:BTC/USD", "--depth=-1"], "--depth for Kraken is one of"),
    (["kraken:BTC/USD", "--depth", "1e3"], "--depth for Kraken is one of"),
    (["--once", "--demo", "--depth", "10"], "--depth for BitMEX is 25 or full"),
    (
      ["--demo", "--venue", "binance-usdm"],
      "which Binance USDⓈ-M instrument? e.g. `tradeterm binance-usdm:BTCUSDT`"
    ),
    (["--venue", "bitmex", "kraken:BTC/USD", "--once"], "two venues: kraken"),
    (["kraken:", "--once"], "no symbol after the venue"),
  ])
  func aVenueThatCannotRunSaysWhyInOneLine(arguments: [String], message: String) throws {
    let run = try TradetermProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tradeterm: ") && run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}

/// `venue` in the config (issue 23): a bare symbol, and the config's own symbol, are on its venue;
/// the command line's `venue:` prefix and `--venue` win over it.
@Suite struct VenueConfigCommandLineTests {
  static let kraken = "Tests/Fixtures/exchanges/kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl"

  /// Runs tradeterm with a config file of `config`.
  func run(config: String, _ arguments: [String]) throws -> TradetermProcess.Result {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-venue-config-\(UUID().uuidString).toml"
    ).path
    try config.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try TradetermProcess.run(["--config", path] + arguments)
  }

  @Test func aBareSymbolIsOnTheConfigsVenue() throws {
    for (config, symbol) in [
      ("venue = \"kraken\"\n", ["BTC/USD"]), ("venue = \"kraken\"\nsymbol = \"BTC/USD\"\n", []),
    ] {
      let run = try run(
        config: config, ["--once", "--json", "--speed", "0", "--replay", Self.kraken] + symbol)
      #expect(run.status == 0, "stderr: \(run.stderr)")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      #expect(json["venue"] as? String == "kraken" && json["symbol"] as? String == "BTC/USD", "\(run.stdout)")
    }
  }

  @Test(arguments: [
    // No symbol on the command line or in the config: Kraken has no default instrument.
    ("venue = \"kraken\"\n", ["--once"], "which Kraken instrument?"),
    // --venue wins, and the config's symbol (Kraken's) is not carried over to it.
    ("venue = \"kraken\"\nsymbol = \"BTC/USD\"\n", ["--venue", "okx", "--once"], "which OKX instrument?"),
    // A prefix wins: BitMEX's testnet is refused for Kraken only.
    ("venue = \"bitmex\"\n", ["kraken:BTC/USD", "--testnet"], "--testnet is BitMEX's; Kraken has none here"),
    ("venue = \"kraken\"\n", ["BTC/USD", "--testnet"], "--testnet is BitMEX's; Kraken has none here"),
    ("venue = \"kraken\"\n", ["kraken:BTC/USD", "--venue", "okx"], "two venues: kraken"),
  ])
  func theCommandLineWins(config: String, arguments: [String], message: String) throws {
    let run = try run(config: config, arguments)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tradeterm: ") && run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test func anUnknownVenueInTheConfigSaysWhere() throws {
    let run = try run(config: "fps = 10\nvenue = \"krakn\"\n", ["config"])
    #expect(run.status == 2)
    #expect(run.stderr.contains(".toml:2:9: venue must be one of bitmex, kraken"), "\(run.stderr)")
    #expect(run.stderr.contains("(did you mean \"kraken\"?)"), "\(run.stderr)")
  }

  @Test func configPrintsTheVenue() throws {
    let run = try run(config: "venue = \"okx\"\nsymbol = \"BTC-USDT\"\n", ["config"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    #expect(run.stdout.contains("\nvenue = \"okx\"\nsymbol = \"BTC-USDT\"\n"), "\(run.stdout)")
  }
}

/// `--once --replay FILE` of another venue's frames: its decoder, its book rule, the final book
/// and the integrity counts (issues 25–27).
@Suite struct VenueReplayCommandLineTests {
  static let dir = "Tests/Fixtures/exchanges/"

  func json(_ arguments: [String]) throws -> [String: Any] {
    let run = try TradetermProcess.run(["--once", "--json", "--speed", "0"] + arguments)
    #expect(run.status == 0, "stderr: \(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  func integrity(_ json: [String: Any]) -> [Int] {
    let i = json["integrity"] as? [String: Any] ?? [:]
    return ["checks", "failures", "resyncs"].map { (i[$0] as? Int) ?? -1 }
  }

  @Test func krakenChecksumsAllVerify() throws {
    let j = try json([
      "--replay", Self.dir + "kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl", "--venue", "kraken",
      "--symbol", "BTC/USD",
    ])
    #expect(j["venue"] as? String == "kraken" && j["symbol"] as? String == "BTC/USD")
    #expect(integrity(j) == [301, 0, 0])
    let bids = try #require(j["bids"] as? [[Double]])
    #expect(bids.first == [63004.9, 0.01661321])
  }

  @Test func binanceBridgesAndCrossChecks() throws {
    let spot = try json([
      "--replay",
      Self.dir + "binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt",
      "binance:BTCUSDT",
    ])
    #expect(spot["venue"] as? String == "binance" && integrity(spot) == [15, 0, 0])
    #expect((spot["asks"] as? [[Double]])?.first == [61824.01, 0.39004])
    let usdm = try json([
      "--replay",
      Self.dir + "binance-usdm_2024-08-08_BTCUSDT_depth0ms-trade-bookTicker-snapshot_hftbacktest.txt",
      "binance-usdm:BTCUSDT",
    ])
    #expect(usdm["venue"] as? String == "binance-usdm" && integrity(usdm) == [15, 0, 0])
    #expect((usdm["bids"] as? [[Double]])?.first == [61800.1, 1.025])
  }

  @Test func coinbaseAndBybitFollowTheirSequences() throws {
    let coinbase = try json([
      "--replay", Self.dir + "coinbase-advanced_docs-shaped_BTC-USD.jsonl", "coinbase:BTC-USD",
    ])
    #expect(coinbase["sync"] as? String == "live" && integrity(coinbase) == [40, 0, 0])
    let bybit = try json([
      "--replay", Self.dir + "bybit-v5_docs-shaped_BTCUSDT_orderbook50.jsonl", "bybit-linear:BTCUSDT",
    ])
    #expect(bybit["sync"] as? String == "live" && integrity(bybit) == [56, 0, 0])
  }

  /// OKX's 2022 frames predate `seqId`: the book is not followed blindly, and says why.
  @Test func okxFramesWithoutSequencesSayWhy() throws {
    let okx = try json(["--replay", Self.dir + "okx-v5_2022-05-13_UNI-USD-SWAP_ws.jsonl", "okx:UNI-USD-SWAP"])
    #expect(okx["sync"] as? String == "resyncing: a message without its sequence number")
    #expect(integrity(okx) == [1, 1, 1])
  }

  /// A tradeterm recording (format 2) of Kraken frames, with another venue's line in it: the
  /// Kraken lines replay, the other is skipped and counted.
  @Test func aTaggedRecordingReplaysItsVenuesLines() throws {
    let frames = try String(
      contentsOfFile: Self.dir + "kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl", encoding: .utf8)
    var text = "# tradeterm recording 2\n"
    for (i, line) in frames.split(separator: "\n").enumerated() {
      text += "1785552833.\(String(format: "%06d", i)) kraken \(line)\n"
    }
    text += "1785552900.000000 okx {\"event\":\"subscribe\"}\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-kraken-\(getpid()).jsonl"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try TradetermProcess.run(["--once", "--json", "--replay", path, "kraken:BTC/USD"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let j = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(integrity(j) == [301, 0, 0])
    #expect(run.stderr.contains("skipped 1 line(s) of other venues"), "\(run.stderr)")
  }

  @Test func aFileWithoutTheBookSaysSo() throws {
    let run = try TradetermProcess.run([
      "--once", "--replay", Self.dir + "kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl",
      "kraken:ETH/USD",
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("holds no Kraken book of ETH/USD"), "\(run.stderr)")
  }
}
