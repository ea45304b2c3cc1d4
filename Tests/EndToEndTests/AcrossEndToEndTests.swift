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
    // And the perpetuals of Binance USDⓈ-M, Bybit linear and OKX, their contracts from each
    // venue's REST instruments (OKX's in contracts of `ctVal` BTC).
    for perpetual in ["binance-usdm:BTCUSDT", "bybit-linear:BTCUSDT", "okx:BTC-USDT-SWAP"] {
      let row = try #require(venues.first { $0["instrument"] as? String == perpetual }, "\(venues)")
      #expect(row["spec"] as? String == "venue" && row["excluded"] is NSNull, "\(row)")
    }
    #expect(venues.count == 9, "\(venues)")
  }

  /// The config chooses the instruments (`[across.BTC]`), merges the stablecoins at par and
  /// counts taker fees (`[fees]`); a swap's contract comes from its venue's facts.
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
      venues.compactMap { $0["instrument"] as? String } == [
        "kraken:BTC/USD", "okx:BTC-USDT-SWAP", "binance:BTCUSDT",
      ],
      "\(venues)")
    let matrix = try #require(json["matrix"] as? [String: Any])
    #expect((matrix["takerFeePercent"] as? [String: String]) == ["kraken": "0.4"], "\(matrix)")
    // USD and USDT at par: one group, both merged.
    let book = try #require(json["book"] as? [[String: Any]])
    #expect(
      book.count == 1 && book.first?["atPar"] as? Bool == true && book.first?["merged"] as? Int == 3,
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
      (["kraken:BTC/USD"], "takes no symbol"),
      // A file that is no recording of the screen (here none at all) is said to be none.
      (["--replay", "/nonexistent/x.jsonl"], "is not a recording of the cross-venue screen"),
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

  /// `X` on the dashboard opens the screen of the asset in view (kraken:ETH/USD's ETH) over it;
  /// Esc comes back to the dashboard on the instrument it left.
  @Test func theDashboardsKeyOpensTheAssetInViewAndEscapeComesBack() throws {
    let tradeterm = try Binaries.path("tradeterm")
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-across-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tmux = try TmuxSession(
      width: 120, height: 30,
      command: "env LANG=C.UTF-8 XDG_STATE_HOME=\(state) XDG_CONFIG_HOME=\(state) \(tradeterm) "
        + "--demo kraken:ETH/USD; echo \"EXIT=$?\"; sleep 60")
    tmux.wait("Kraken ETH/USD, LIVE", timeout: 20) { $0.hasPrefix(" kraken:ETH/USD") && $0.contains("LIVE") }
    try tmux.send("X")
    tmux.wait("the ETH screen with Kraken's pair live in it", timeout: 20) {
      $0.hasPrefix(" ETH across venues") && $0.contains("kraken:ETH/USD") && $0.contains("X/Esc dashboard")
    }
    try tmux.send("Escape")
    tmux.wait("the dashboard again, on Kraken ETH/USD", timeout: 10) {
      $0.hasPrefix(" kraken:ETH/USD") && $0.contains("LIVE") && !$0.contains("across venues")
    }
    try tmux.send("q")
    tmux.wait("tradeterm ended") { $0.contains("EXIT=0") }
  }

  /// The demo's faults, by hand: Kraken's connections paused (`venue-pause`) leave its book out
  /// of the consolidation within its stale limit, and the strip says why; OKX's prices 30 bps
  /// above the others (`venue-cross`) cross the market, its matrix column goes positive and the
  /// config's `spread` alert fires.
  @Test func aPausedVenueLeavesTheBookAndACrossedOneFiresTheSpreadAlert() throws {
    let tradeterm = try Binaries.path("tradeterm")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-faults-\(getpid())")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("tradeterm"), withIntermediateDirectories: true)
    try """
    [[alerts]]
    symbol = "BTC"
    spread = 5
    """.write(to: home.appendingPathComponent("tradeterm/config.toml"), atomically: true, encoding: .utf8)
    let tmux = try TmuxSession(
      width: 200, height: 60,
      command: "env LANG=C.UTF-8 XDG_STATE_HOME=\(home.path) XDG_CONFIG_HOME=\(home.path) \(tradeterm) "
        + "--demo --across BTC --demo-fault venue-pause=kraken:10:120 --demo-fault venue-cross=okx:30; sleep 60"
    )
    func row(_ screen: String, _ key: String) -> String {
      screen.split(separator: "\n").first { $0.contains(key) && $0.contains("│") }.map(String.init) ?? ""
    }
    tmux.wait("Kraken live first", timeout: 20) { row($0, "kraken:BTC/USD").contains(" LIVE ") }
    tmux.wait("the spread alert, buying elsewhere and selling on OKX", timeout: 20) {
      $0.contains("alert: BTC crossed across venues by") && $0.contains("sell okx:BTC-USDT")
    }
    // The matrix's OKX columns (sell there): the fresh pairs crossed by about 30 bps.
    tmux.wait("a matrix cell crossed by 20 to 39 bps", timeout: 10) { screen in
      screen.split(separator: "\n").contains {
        $0.contains("││") && String($0).range(of: #"\+[23]\d\.\d\d"#, options: .regularExpression) != nil
      }
    }
    // Paused 10 s after the start: out of the book at its stale limit (5 s), said in the strip.
    var firstStale = ""
    tmux.wait("Kraken left out as stale", timeout: 30) {
      let kraken = row($0, "kraken:BTC/USD")
      if kraken.contains("STALE") { firstStale = kraken }
      return kraken.contains("STALE") && $0.contains("8 of 9 in the book")
    }
    let age = firstStale.split(separator: "stale: ").last?.split(separator: "s").first.flatMap { Double($0) }
    #expect(firstStale.contains("limit 5.0s"), "\(firstStale)")
    // Seen within a second or two of the limit (the strip redraws twice a second).
    #expect(age.map { (5...7).contains($0) } == true, "\(firstStale)")
  }

  /// The screen's Binance books (spot and USDⓈ-M) hand the venue's `@bookTicker` BBOs to their
  /// bridge rule as the dashboard's do: the strip's integrity count of each goes above 0, with no
  /// failure and no resync, against the demo's loopback simulator.
  @Test func binanceBooksAreCrossCheckedAgainstTheirBBO() throws {
    let tradeterm = try Binaries.path("tradeterm")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-bbo-\(getpid())")
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("tradeterm"), withIntermediateDirectories: true)
    try """
    [across.BTC]
    instruments = ["binance:BTCUSDT", "binance-usdm:BTCUSDT"]
    """.write(to: home.appendingPathComponent("tradeterm/config.toml"), atomically: true, encoding: .utf8)
    let tmux = try TmuxSession(
      width: 120, height: 30,
      command: "env LANG=C.UTF-8 XDG_STATE_HOME=\(home.path) XDG_CONFIG_HOME=\(home.path) \(tradeterm) "
        + "--demo --across BTC; sleep 60")
    /// The checks of `key`'s strip row when it reads `N/0/0` (checks, no failure, no resync).
    func checks(_ screen: String, _ key: String) -> Int? {
      guard
        let row = screen.split(separator: "\n").first(where: { $0.contains(key + " ") && $0.contains("│") }),
        let match = row.range(of: #"\d+/0/0"#, options: .regularExpression)
      else { return nil }
      return Int(row[match].split(separator: "/")[0])
    }
    tmux.wait("both Binance books cross-checked, no failure", timeout: 30) {
      (checks($0, "binance:BTCUSDT") ?? 0) > 0 && (checks($0, "binance-usdm:BTCUSDT") ?? 0) > 0
    }
  }

  /// `--demo-at`: the same screen against a simulator in its own process, here one at the real
  /// rates (`--rates real`: Coinbase's book of 46,000 levels among them), every venue live.
  @Test func onceJSONAcrossASimulatorElsewhere() throws {
    let sim = try SimProcess(arguments: ["--rates", "real"])
    defer { sim.stop() }
    let (status, output) = try Child.run(
      [
        try Binaries.path("tradeterm"), "--once", "--json", "--across", "BTC", "--demo-at",
        "127.0.0.1:\(sim.port)",
      ],
      timeout: 60)
    #expect(status == 0, "\(output)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(json["mode"] as? String == "demo")
    let venues = try #require(json["venues"] as? [[String: Any]])
    #expect(venues.count == 9, "\(venues)")
    #expect(venues.allSatisfy { $0["state"] as? String == "LIVE" }, "\(venues)")
    #expect(venues.contains { $0["instrument"] as? String == "coinbase:BTC-USD" }, "\(venues)")
  }

  @Test func aDemoFaultNeedsTheDemoAndWordsItKnows() throws {
    for (arguments, words) in [
      (["--across", "BTC", "--demo-fault", "venue-cross=okx:30"], "--demo-fault goes with --demo"),
      (
        ["--demo", "--demo-fault", "venue-pause=nowhere:1:2"],
        "venue-pause=VENUE:AFTER_SECONDS:DURATION_SECONDS"
      ),
      (["--demo", "--demo-fault", "venue-cross=bitmex:30"], "kraken, coinbase, bybit-spot"),
      (["--across", "BTC", "--demo-rates", "real"], "--demo-rates goes with --demo"),
      (["--demo", "--demo-rates", "quick"], "--demo-rates takes demo or real, not 'quick'"),
      (["--across", "BTC", "--demo-at", "127.0.0.1:0"], "--demo-at takes HOST:PORT or PORT"),
      (["--across", "BTC", "--demo-at", "70000"], "--demo-at takes HOST:PORT or PORT"),
      (["--across", "BTC", "--demo-at", "localhost:"], "--demo-at takes HOST:PORT or PORT"),
      (["--across", "BTC", "--demo", "--demo-at", "8080"], "choose one of --demo-at and --demo"),
      (
        ["--demo-at", "8080", "--ws-url", "ws://127.0.0.1:8080/realtime"],
        "choose one of --demo-at and --ws-url"
      ),
    ] {
      let (status, output) = try Child.run(
        [try Binaries.path("tradeterm")] + arguments, errorsToOutput: true)
      #expect(status == 2, "\(arguments): \(output)")
      #expect(output.contains(words), "\(arguments): \(output)")
    }
  }
}
