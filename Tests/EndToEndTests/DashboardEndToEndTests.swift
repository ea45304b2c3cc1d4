import Foundation
import Testing

/// The built `tradeterm` in tmux at a fixed size against `tradeterm-sim` on loopback:
/// keys in with send-keys, screen out with capture-pane.
@Suite(.serialized) struct DashboardEndToEndTests {
  /// The dashboard's command, run through a shell that prints its exit status after it,
  /// so we can see both the code and that the terminal came back to the shell.
  /// A state folder of the tests' own (one for every run, so none piles up): the favourites and
  /// the paper journal of the user who runs the tests are never touched.
  static let stateHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("tradeterm-e2e-state").path

  static func command(_ sim: SimProcess, _ extra: String = "") throws -> String {
    let tradeterm = try Binaries.path("tradeterm")
    // The shell ignores SIGINT so that it survives Ctrl-C and reports the exit status.
    return
      "trap '' INT; env LANG=C.UTF-8 XDG_STATE_HOME=\(stateHome) \(tradeterm) --ws-url \(sim.webSocketURL) --rest-url \(sim.restURL) "
      + "\(extra); echo \"EXIT=$?\"; sleep 60"
  }

  /// Whether a pane with this title is on screen (its box's top edge).
  static func hasPane(_ text: String, _ title: String) -> Bool {
    text.contains("┌ \(title)") || text.contains("┏ \(title)")
  }

  /// GETs a REST path with the curl command line (installed by `make deps`).
  static func fetch(_ url: String) -> Data? {
    guard let (status, output) = try? Child.run(["curl", "-s", "--max-time", "2", url]), status == 0 else {
      return nil
    }
    return Data(output.utf8)
  }

  /// The book's best ask and best bid as drawn: the rows right above and below the
  /// spread line.
  static func bestPrices(_ lines: [String]) -> (ask: String, bid: String)? {
    guard let i = lines.firstIndex(where: { $0.contains("spread") }), i > 0, i + 1 < lines.count else {
      return nil
    }
    func price(_ line: String) -> String? {
      line.split(whereSeparator: { $0 == " " || $0 == "│" || $0 == "┃" || $0 == "|" }).first.map(String.init)
    }
    guard let ask = price(lines[i - 1]), let bid = price(lines[i + 1]) else { return nil }
    return (ask, bid)
  }

  /// `98459.9` as the dashboard writes it: `98,459.9`.
  static func grouped(_ price: Double, decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", price)
    let parts = text.split(separator: ".")
    var whole = String(parts[0])
    var out = ""
    while whole.count > 3 {
      out = "," + whole.suffix(3) + out
      whole = String(whole.dropLast(3))
    }
    return whole + out + (parts.count > 1 ? "." + parts[1] : "")
  }

  @Test func liveBookTapeKeysAndQuit() throws {
    let sim = try SimProcess(seed: 11)
    defer { sim.stop() }
    let tmux = try TmuxSession(width: 120, height: 40, command: try Self.command(sim))

    // The header names the symbol and its last price; the status badge says LIVE.
    tmux.wait("header and LIVE") { $0.contains("XBTUSD") && $0.contains("Last") && $0.contains("LIVE") }
    let lines = tmux.screen()
    #expect(lines.first?.contains("XBTUSD") == true)

    // The best bid and ask drawn are the exchange's (asked over REST at the same moment).
    tmux.wait("best bid and ask equal to the exchange's") { _ in
      guard let drawn = Self.bestPrices(tmux.screen()),
        let data = Self.fetch("\(sim.restURL)/orderBook/L2?symbol=XBTUSD&depth=1"),
        let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
        let ask = rows.first(where: { $0["side"] as? String == "Sell" })?["price"] as? Double,
        let bid = rows.first(where: { $0["side"] as? String == "Buy" })?["price"] as? Double
      else { return false }
      return drawn.ask == Self.grouped(ask, decimals: 1) && drawn.bid == Self.grouped(bid, decimals: 1)
    }

    // Trades arrive and scroll (newest on top).
    tmux.wait("three trades on the tape") {
      $0.components(separatedBy: "\n").filter { $0.contains(" BUY ") || $0.contains(" SELL ") }.count >= 3
    }

    // `?` opens the help; any key closes it.
    try tmux.send("?")
    tmux.wait("help overlay") { $0.contains("Keys") && $0.contains("switch symbol") }
    try tmux.send("x")
    tmux.wait("help closed") { !$0.contains("switch symbol") }

    // `2` zooms the tape: no book pane; `0` back to the split.
    try tmux.send("2")
    tmux.wait("tape zoomed") { !Self.hasPane($0, "Book") && Self.hasPane($0, "Trades") }
    try tmux.send("0")
    tmux.wait("split again") {
      Self.hasPane($0, "Book") && Self.hasPane($0, "Trades") && Self.hasPane($0, "Price 1m")
    }

    // `+` groups the book by 2 ticks (XBTUSD's tick is 0.1): the title says so.
    try tmux.send("+")
    tmux.wait("grouping in the title") { $0.contains("grp 0.2") }
    try tmux.send("-")
    tmux.wait("grouping back to 1 tick") { !$0.contains("grp 0.2") }

    // `s`, typing ETH, Enter: ETHUSD on the same connection.
    try tmux.send("s")
    tmux.wait("symbol picker") { $0.contains("Filter") }
    try tmux.send("E", "T", "H")
    tmux.wait("filtered list") { $0.contains("ETHUSD") }
    try tmux.send("Enter")
    tmux.wait("ETHUSD live") {
      $0.components(separatedBy: "\n").first?.contains("ETHUSD") == true && $0.contains("LIVE")
    }

    // `q` quits with status 0 and gives the terminal back to the shell.
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    #expect(!tmux.text.contains("LIVE"))
  }

  @Test func reconnectsWithACountdownAndRecovers() throws {
    var sim = try SimProcess(seed: 12)
    let port = sim.port
    let tmux = try TmuxSession(width: 120, height: 40, command: try Self.command(sim))
    tmux.wait("LIVE") { $0.contains("LIVE") }
    sim.stop()
    tmux.wait("RECONNECTING with a countdown") { $0.contains("RECONNECTING") && $0.contains(" in ") }
    // The UI stays responsive meanwhile: the help opens and closes.
    try tmux.send("?")
    tmux.wait("help while reconnecting") { $0.contains("switch symbol") }
    try tmux.send("x")
    sim = try SimProcess(port: port, seed: 12)
    defer { sim.stop() }
    tmux.wait("LIVE again", timeout: 40) { $0.contains("LIVE") && !$0.contains("RECONNECTING") }
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }

  @Test func resizesKeepASaneLayout() throws {
    let sim = try SimProcess(seed: 13)
    defer { sim.stop() }
    let tmux = try TmuxSession(width: 120, height: 40, command: try Self.command(sim))
    tmux.wait("LIVE") { $0.contains("LIVE") }
    for (w, h) in [(80, 24), (200, 60), (60, 16)] {
      try tmux.resize(width: w, height: h)
      tmux.wait("layout at \(w)x\(h)") { text in
        let lines = text.components(separatedBy: "\n")
        return lines.count >= h && lines[0].contains("XBTUSD") && Self.hasPane(text, "Book")
          && text.contains("LIVE")
          && lines.allSatisfy { $0.count <= w }
      }
    }
    try tmux.resize(width: 59, height: 16)
    tmux.wait("too small") { $0.contains("too small") }
    try tmux.resize(width: 100, height: 30)
    tmux.wait("back from too small") { Self.hasPane($0, "Book") }
    try tmux.send("C-c")
    tmux.wait("Ctrl-C exits 0") { $0.contains("EXIT=0") }
  }

  /// Issue 11: `--record` to a full disk showed no sign. REC shows while recording works;
  /// RECORDING STOPPED, and why on the status line, once it cannot write; the reason is
  /// printed again on the way out.
  @Test func recordingShowsRECAndSaysWhenAndWhyItStopped() throws {
    let sim = try SimProcess(seed: 14)
    defer { sim.stop() }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tt-rec-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    let good = try TmuxSession(
      width: 120, height: 40, command: try Self.command(sim, "--record \(file.path)"))
    good.wait("LIVE and REC") { $0.contains("LIVE") && $0.contains(" REC ") }
    #expect(!good.text.contains("RECORDING STOPPED"))
    try good.send("q")
    good.wait("exit status 0") { $0.contains("EXIT=0") }
    #expect(((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("orderBookL2_25"))

    let full = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, "--record /dev/full"))
    full.wait("RECORDING STOPPED with the reason") {
      $0.contains("RECORDING STOPPED")
        && $0.contains("recording to /dev/full stopped: No space left on device")
    }
    try full.send("q")
    full.wait("the reason again on the way out") {
      $0.contains("EXIT=0") && $0.contains("tradeterm: recording to /dev/full stopped")
    }
  }

  @Test func withoutATerminalItPointsAtOnce() throws {
    let (status, text) = try Child.run(
      [try Binaries.path("tradeterm"), "--demo"], errorsToOutput: true, timeout: 20)
    #expect(status == 2)
    #expect(text.contains("--once"))
  }
}
