import Foundation
import Testing

/// The portfolio of the built `tradeterm` against `tradeterm-sim --universe`: positions from a
/// `--positions` file and paper fills from the journal, `--once --json --portfolio` checked
/// against the P&L formulas worked out here from the marks it printed, the screen in tmux
/// checked the same way from the marks it shows, stale marks when the exchange goes away, and a
/// bad positions file refused with a clear message.
@Suite(.serialized) struct PortfolioEndToEndTests {
  static let positions = """
    # held elsewhere
    [[positions]]
    symbol = "XBTUSD"
    quantity = 10000
    entry = 96000

    [[positions]]
    symbol = "XBTUSDT"
    quantity = -0.1
    entry = 99000

    [[positions]]
    symbol = "NOPEUSD"
    quantity = 5
    entry = 10
    """

  /// Paper: bought 10 ETHUSD at 3,400, sold 4 at 3,600 (realised 4 × 100 × 200 XBt).
  static let journal =
    [
      #"{"v":1,"event":"placed","order":{"id":"P1","symbol":"ETHUSD","side":"Buy","type":"Market","contracts":10,"queueAhead":0,"placedMs":1,"status":"Open"}}"#,
      #"{"v":1,"event":"filled","fill":{"orderID":"P1","symbol":"ETHUSD","side":"Buy","contracts":10,"price":3400,"fee":0,"settlCurrency":"XBt","timeMs":2}}"#,
      #"{"v":1,"event":"placed","order":{"id":"P2","symbol":"ETHUSD","side":"Sell","type":"Market","contracts":4,"queueAhead":0,"placedMs":3,"status":"Open"}}"#,
      #"{"v":1,"event":"filled","fill":{"orderID":"P2","symbol":"ETHUSD","side":"Sell","contracts":4,"price":3600,"fee":0,"settlCurrency":"XBt","timeMs":4}}"#,
    ].joined(separator: "\n") + "\n"

  /// A state folder with the journal, and the positions file; removed by the caller.
  static func files(_ name: String) throws -> (state: String, positions: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    let state = dir.appendingPathComponent("state")
    try FileManager.default.createDirectory(
      at: state.appendingPathComponent("tradeterm"), withIntermediateDirectories: true)
    try journal.write(
      to: state.appendingPathComponent("tradeterm/paper.jsonl"), atomically: true, encoding: .utf8)
    let file = dir.appendingPathComponent("positions.toml")
    try positions.write(to: file, atomically: true, encoding: .utf8)
    return (state.path, file.path)
  }

  /// The P&L of each position from its mark, by the formulas (the simulator's multipliers:
  /// XBTUSD −10^8 XBt inverse, ETHUSD 100 XBt quanto, XBTUSDT 1 USDt linear, 10^6 a XBT).
  static func expected(_ symbol: String, mark: Double) -> Double? {
    switch symbol {
    case "XBTUSD": 10_000 * 1e8 * (1 / 96_000 - 1 / mark) / 1e8
    case "ETHUSD": 6 * 100 * (mark - 3_400) / 1e8
    case "XBTUSDT": -100_000 * 1 * (mark - 99_000) / 1e6
    default: nil
    }
  }

  static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

  /// A journal whose last line lost its newline: `--once --portfolio` counts that fill (it cut
  /// the line off as torn, and the position showed 10 contracts) and leaves the file as it is.
  @Test func onceReadsACompleteLastLineWithoutItsNewline() throws {
    let sim = try SimProcess(seed: 16, arguments: ["--universe"])
    defer { sim.stop() }
    let (state, positions) = try Self.files("portfolio-unended")
    defer { try? FileManager.default.removeItem(atPath: (state as NSString).deletingLastPathComponent) }
    let path = state + "/tradeterm/paper.jsonl"
    let unended = String(Self.journal.dropLast())
    try unended.write(toFile: path, atomically: true, encoding: .utf8)
    let (status, output) = try Child.run(
      [
        try Binaries.path("tradeterm"), "--once", "--json", "--portfolio", "--positions", positions,
        "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL,
      ], environment: ["XDG_STATE_HOME": state], timeout: 30)
    #expect(status == 0, "\(output)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let rows = try #require(json["positions"] as? [[String: Any]])
    let eth = try #require(rows.first { $0["source"] as? String == "paper" })
    #expect(eth["quantity"] as? Double == 6, "\(eth)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == unended, "the journal is left as it was")
  }

  @Test func onceJSONMatchesTheFormulas() throws {
    let sim = try SimProcess(seed: 15, arguments: ["--universe"])
    defer { sim.stop() }
    let (state, positions) = try Self.files("portfolio-json")
    defer { try? FileManager.default.removeItem(atPath: (state as NSString).deletingLastPathComponent) }
    let (status, output) = try Child.run(
      [
        try Binaries.path("tradeterm"), "--once", "--json", "--portfolio", "--positions", positions,
        "--ws-url",
        sim.webSocketURL, "--rest-url", sim.restURL,
      ], environment: ["XDG_STATE_HOME": state], timeout: 30)
    #expect(status == 0, "\(output)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let rows = try #require(json["positions"] as? [[String: Any]])
    #expect(rows.map { $0["symbol"] as? String } == ["XBTUSD", "XBTUSDT", "NOPEUSD", "ETHUSD"])
    #expect(json["venue"] as? String == "bitmex")
    #expect(rows.allSatisfy { $0["venue"] as? String == "bitmex" }, "\(rows)")
    #expect(rows.map { $0["source"] as? String } == ["file", "file", "file", "paper"])
    var xbt = 0.0
    var usdt = 0.0
    for row in rows {
      let symbol = try #require(row["symbol"] as? String)
      guard let want = Self.expected(symbol, mark: (row["mark"] as? Double) ?? .nan) else {
        #expect(row["status"] as? String == "unknown")
        continue
      }
      let got = try #require(row["unrealisedPnl"] as? Double)
      #expect(Self.close(got, want, 1e-9 * max(1, abs(want))), "\(symbol): \(got) vs \(want)")
      if symbol == "XBTUSDT" { usdt += got } else { xbt += got }
    }
    let eth = try #require(rows.first { $0["symbol"] as? String == "ETHUSD" })
    #expect(Self.close(try #require(eth["realisedPnl"] as? Double), 0.0008, 1e-12))
    #expect(eth["avgEntry"] as? Double == 3_400)
    #expect(eth["quantity"] as? Double == 6)
    xbt += 0.0008
    let totals = try #require(json["totals"] as? [[String: Any]])
    let xbtTotal = try #require(totals.first { $0["currency"] as? String == "XBT" })
    #expect(Self.close(try #require(xbtTotal["totalPnl"] as? Double), xbt, 1e-12))
    let rate = try #require(json["usdRate"] as? [String: Any])
    #expect(rate["source"] as? String == "XBTUSD mark")
    let xbtMark = try #require(rows.first { $0["symbol"] as? String == "XBTUSD" }?["mark"] as? Double)
    #expect(rate["usdPerXBT"] as? Double == xbtMark)
    let usd = try #require(json["usd"] as? [String: Any])
    #expect(Self.close(try #require(usd["totalPnl"] as? Double), xbt * xbtMark + usdt, 1e-6))
    #expect(json["notValued"] as? Int == 1)

    // CSV: a header, the four rows, the totals.
    let (csvStatus, csv) = try Child.run(
      [
        try Binaries.path("tradeterm"), "--once", "--csv", "--portfolio", "--positions", positions,
        "--ws-url",
        sim.webSocketURL, "--rest-url", sim.restURL,
      ], environment: ["XDG_STATE_HOME": state], timeout: 30)
    #expect(csvStatus == 0)
    let lines = csv.split(separator: "\n")
    #expect(lines.first?.hasPrefix("symbol,name,source,status") == true)
    #expect(lines.filter { $0.hasPrefix("TOTAL,") }.count == 3)
    // The venue in a last column, on every row (the totals are this venue's too).
    #expect(lines.first?.hasSuffix(",venue") == true, "\(csv)")
    #expect(lines.count == 8 && lines.dropFirst().allSatisfy { $0.hasSuffix(",bitmex") }, "\(csv)")
  }

  @Test func aBadPositionsFileIsRefusedClearly() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-badpos-\(getpid()).toml")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (text, words) in [
      (
        "[[positions]]\nsymbol = \"XBTUSD\"\nquantity = \"lots\"\nentry = 1\n",
        ":3:12: quantity must be a number"
      ),
      (
        "[[positions]]\nsymbol = \"XBTUSD\"\nquantity = 1\nentry = 1\nentyr = 2\n",
        ":5:1: unknown key \"entyr\""
      ),
      ("[[positions]\nsymbol = 1\n", "not valid TOML"),
    ] {
      try text.write(to: dir, atomically: true, encoding: .utf8)
      let (status, output) = try Child.run(
        [try Binaries.path("tradeterm"), "--once", "--portfolio", "--positions", dir.path],
        errorsToOutput: true)
      #expect(status == 2, "\(output)")
      #expect(output.contains(words) && output.contains(dir.lastPathComponent), "\(output)")
    }
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--once", "--portfolio", "--positions", "/nonexistent/p.toml"],
      errorsToOutput: true)
    #expect(status == 2 && output.contains("/nonexistent/p.toml: no such file"), "\(output)")
  }

  @Test func theScreenInTmuxMatchesTheFormulasAndDimsStaleMarks() throws {
    let sim = try SimProcess(seed: 16, arguments: ["--universe"])
    let (state, positions) = try Self.files("portfolio-tmux")
    defer { try? FileManager.default.removeItem(atPath: (state as NSString).deletingLastPathComponent) }
    let command =
      "trap '' INT; env LANG=C.UTF-8 XDG_STATE_HOME=\(state) \(try Binaries.path("tradeterm")) --ws-url "
      + "\(sim.webSocketURL) --rest-url \(sim.restURL) --positions \(positions) --portfolio; "
      + "echo \"EXIT=$?\"; sleep 60"
    let tmux = try TmuxSession(width: 120, height: 30, command: command)
    tmux.wait("four rows, LIVE") {
      $0.contains("Portfolio  4") && $0.contains("LIVE") && $0.contains("unknown symbol")
        && $0.contains("paper")
        && $0.contains("XBTUSD mark")
    }
    // Each valued row's P&L from the mark it shows (rounded to its decimals on screen).
    for (symbol, tolerance) in [("XBTUSD", 2e-7), ("ETHUSD", 2e-7), ("XBTUSDT", 0.02)] {
      let row = try #require(tmux.screen().first { $0.contains("┃ \(symbol) ") })
      let words = row.split(separator: " ").map(String.init)
      // symbol name side qty entry mark value [currency] pnl pct realised age src
      let numbers = words.compactMap { Double($0.replacingOccurrences(of: ",", with: "")) }
      let mark = numbers[2]
      let pnl = numbers[4]
      let want = try #require(Self.expected(symbol, mark: mark))
      #expect(Self.close(pnl, want, tolerance), "\(symbol): \(row) → \(want)")
    }
    // The exchange goes away: the marks are stale, dimmed, and the totals say so.
    sim.stop()
    tmux.wait("stale totals", timeout: 20) { $0.contains("totals include a stale mark") }
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }
}
