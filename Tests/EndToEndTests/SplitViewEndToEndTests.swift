import Foundation
import Testing

/// The split view of two books (`tradeterm XBTUSD ETHUSD`, issue 29) in the built `tradeterm` in
/// tmux against `tradeterm-sim` on loopback: both books go live side by side, `S` swaps which one
/// the header and the tape follow, `|` leaves the split and opens it again, the layout holds at
/// 80×24 and 200×60; and the command line refuses what cannot be a split view.
@Suite(.serialized) struct SplitViewEndToEndTests {
  /// The top border's line: both books' titles.
  static func titles(_ text: String) -> String {
    let lines = text.components(separatedBy: "\n")
    return lines.count > 1 ? lines[1] : ""
  }

  @Test func bothBooksGoLiveSwapAndLeaveTheSplit() throws {
    let sim = try SimProcess()
    defer { sim.stop() }
    let tmux = try TmuxSession(
      width: 80, height: 24, command: try DashboardEndToEndTests.command(sim, "XBTUSD ETHUSD"))
    tmux.wait("both books LIVE side by side", timeout: 20) {
      let top = Self.titles($0)
      return top.contains("▶ XBTUSD  LIVE") && top.contains("ETHUSD  LIVE")
    }
    // At 80 columns the tape makes way: two books of 40 columns, each with its own spread line.
    let screen = tmux.screen()
    #expect(screen.filter { $0.contains("spread") }.count == 1, "\(tmux.text)")
    #expect((screen.first { $0.contains("spread") } ?? "").components(separatedBy: "spread").count == 3)
    #expect(!DashboardEndToEndTests.hasPane(tmux.text, "Trades"))
    try tmux.send("S")
    tmux.wait("ETHUSD on screen, XBTUSD beside it", timeout: 10) {
      $0.hasPrefix(" ETHUSD") && Self.titles($0).contains("▶ ETHUSD  LIVE")
        && Self.titles($0).contains(" XBTUSD  LIVE")
    }
    try tmux.send("|")
    tmux.wait("one book and the tape again") {
      DashboardEndToEndTests.hasPane($0, "Trades") && !Self.titles($0).contains("XBTUSD")
    }
    try tmux.send("|")
    try tmux.resize(width: 200, height: 60)
    tmux.wait("both books and the tape at 200 columns", timeout: 20) {
      let top = Self.titles($0)
      return top.contains("▶ ETHUSD  LIVE  last") && top.contains(" XBTUSD  LIVE  last")
        && DashboardEndToEndTests.hasPane(top, "Trades")
    }
    try tmux.send("C-c")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }

  @Test func anUnknownSecondSymbolIsRefusedWithItsCloseMatches() throws {
    let sim = try SimProcess()
    defer { sim.stop() }
    let tmux = try TmuxSession(
      width: 80, height: 24, command: try DashboardEndToEndTests.command(sim, "XBTUSD ETHUSX"))
    tmux.wait("the refusal with the close matches", timeout: 20) {
      $0.contains("unknown symbol ETHUSX") && $0.contains("close matches:") && $0.contains("ETHUSD")
        && Self.titles($0).contains("▶ XBTUSD  LIVE")
    }
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }

  @Test func theCommandLineRefusesWhatCannotBeASplitView() throws {
    for (arguments, words) in [
      (["XBTUSD", "ETHUSD", "SOLUSD"], "at most two instruments"),
      (["XBTUSD", "xbtusd"], "XBTUSD twice"),
      (["bitmex:ETHUSD", "ETHUSD"], "ETHUSD twice"),
      (["kraken:BTC/USD", "kraken:btc/usd"], "kraken:BTC/USD twice"),
      (["--once", "XBTUSD", "ETHUSD"], "--once prints one book"),
      (["--replay", "x.jsonl", "XBTUSD", "ETHUSD"], "--replay plays one recording"),
      (["XBTUSD", "nowhere:ETHUSD"], "nowhere"),
      (["XBTUSD", "a b"], "printable, without spaces"),
      (["--across", "BTC", "XBTUSD", "ETHUSD"], "--across chooses its instruments"),
    ] {
      let (status, output) = try Child.run(
        [try Binaries.path("tradeterm")] + arguments, errorsToOutput: true)
      #expect(status == 2, "\(arguments): \(output)")
      #expect(output.contains(words), "\(arguments): \(output)")
      #expect(output.split(separator: "\n").count == 1, "\(arguments): one line: \(output)")
    }
  }
}
