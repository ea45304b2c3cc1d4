import Foundation
import Testing

/// The order ticket of the built `tradeterm` in tmux against `tradeterm-sim`: units and amount,
/// an invalid size dimming Confirm with its reason, a market paper order filled and in the
/// journal, the journal read back by the next run, and a second run at the same time read-only.
@Suite(.serialized) struct TicketEndToEndTests {
  static func command(_ sim: SimProcess, state: String, symbol: String = "XBTUSD") throws -> String {
    let tradeterm = try Binaries.path("tradeterm")
    return
      "trap '' INT; env LANG=C.UTF-8 XDG_STATE_HOME=\(state) \(tradeterm) --ws-url \(sim.webSocketURL) "
      + "--rest-url \(sim.restURL) \(symbol); echo \"EXIT=$?\"; sleep 60"
  }

  @Test func aMarketPaperOrderIsJournaledAndReadBack() throws {
    let sim = try SimProcess(seed: 31)
    defer { sim.stop() }
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-ticket-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let journal = state + "/tradeterm/paper.jsonl"
    let tmux = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, state: state))
    tmux.wait("the dashboard, LIVE", timeout: 20) { $0.contains("LIVE") && $0.contains("Book") }
    try tmux.send("o")
    tmux.wait("the ticket") { $0.contains("Ticket XBTUSD") && $0.contains("PAPER") && $0.contains("SELL") }
    try tmux.send("1", "5", "0")
    tmux.wait("an invalid size, and why") {
      $0.contains("[ Confirm ]  not a multiple of the lot 100: try 100 or 200") && $0.contains("Amount  150")
    }
    try tmux.send("Enter")
    let before = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? ""
    #expect(!before.contains("filled"), "an invalid size placed nothing")
    try tmux.send("BSpace", "BSpace", "BSpace", "1", "0", "0", "0")
    tmux.wait("units and amount") {
      $0.contains("Units   1000") && $0.contains("Amount  1000") && $0.contains("USD  = 0.0")
        && $0.contains("Enter: paper BUY 1000 contracts market")
    }
    try tmux.send("Enter")
    tmux.wait("the fill") { $0.contains("P1 Buy 1,000 filled @") && $0.contains("0 open · 1 fills") }
    let lines = try String(contentsOfFile: journal, encoding: .utf8)
    #expect(lines.contains(#""event":"placed""#) && lines.contains(#""event":"filled""#))

    // A second tradeterm at the same time: read-only.
    let second = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, state: state))
    second.wait("the second dashboard", timeout: 20) { $0.contains("LIVE") && $0.contains("Book") }
    try second.send("o", "1", "0", "0")
    second.wait("read-only") {
      $0.contains("journal in use by another tradeterm: read-only") && $0.contains("1 fills")
    }
    try second.send("Escape", "q")
    second.wait("the second exits") { $0.contains("EXIT=0") }

    // Quit and start again: the fill is read back.
    try tmux.send("Escape", "q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    let again = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, state: state))
    again.wait("the dashboard again", timeout: 20) { $0.contains("LIVE") && $0.contains("Book") }
    try again.send("o")
    again.wait("the fill read back") { $0.contains("P1 XBTUSD Buy 1,000 filled @") && $0.contains("1 fills") }
    try again.send("Escape", "q")
    again.wait("exit status 0") { $0.contains("EXIT=0") }
  }

  /// `kill -9` in the middle of a burst of paper orders: every fill the screen had shown is in
  /// the journal (each line is fsync'ed before the screen shows it), and the next run reads
  /// them all back.
  @Test func killNineDuringABurstLosesNoFillThatWasShown() throws {
    let sim = try SimProcess(seed: 32)
    defer { sim.stop() }
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-burst-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let journal = state + "/tradeterm/paper.jsonl"
    let tmux = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, state: state))
    tmux.wait("the dashboard, LIVE", timeout: 20) { $0.contains("LIVE") && $0.contains("Book") }
    try tmux.send("o", "1", "0", "0")
    tmux.wait("a valid order") { $0.contains("Enter: paper BUY 100 contracts market") }
    // The shell running the command, and its child: tradeterm (env execs it).
    let shell = try TmuxSession.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let pid = try #require(children.split(separator: " ").first.flatMap { pid_t(String($0)) })
    // The burst: Enter after Enter from another process, while this one watches and kills.
    let enters = Array(repeating: "Enter", count: 50).joined(separator: " ")
    let burst = try Child(
      ["sh", "-c", "for i in $(seq 1 40); do tmux send-keys -t \(tmux.name) \(enters) || exit 0; done"],
      captureOutput: false)
    // Some fills shown and the burst still going: the screen as it is, then SIGKILL.
    tmux.wait("fills on screen", timeout: 20) { text in
      text.firstMatch(of: /0 open · ([0-9]+) fills/).flatMap { Int($0.1) }.map { $0 >= 20 } ?? false
    }
    let shown = tmux.text
    kill(pid, SIGKILL)
    _ = try? burst.wait(timeout: 60)
    tmux.wait("killed") { $0.contains("EXIT=137") }
    let ids = Set(
      shown.matches(of: /P([0-9]+) (XBTUSD )?Buy 100 filled/).compactMap { Int($0.1) })
    #expect(!ids.isEmpty)
    let text = try String(contentsOfFile: journal, encoding: .utf8)
    for id in ids {
      #expect(text.contains(#""orderID":"P\#(id)""#), "P\(id) was shown filled but is not in the journal")
    }
    // The next run reads every complete line back.
    let filled = text.components(separatedBy: "\n").filter { $0.contains(#""event":"filled""#) }.count
    #expect(filled < 2_000, "killed in the middle of the burst, not after its 2,000 orders")
    let again = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, state: state))
    again.wait("the dashboard again", timeout: 20) { $0.contains("LIVE") && $0.contains("Book") }
    try again.send("o")
    again.wait("every fill read back") { $0.contains("0 open · \(filled) fills") }
    try again.send("Escape", "q")
    again.wait("exit status 0") { $0.contains("EXIT=0") }
  }

  /// A `--demo` run's paper orders fill at the simulator's prices: they go in a journal of their
  /// own (`paper-demo.jsonl`), and the real one is neither written nor locked.
  @Test func theDemoKeepsAJournalOfItsOwn() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-e2e-demo-journal-\(getpid())"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tradeterm = try Binaries.path("tradeterm")
    let tmux = try TmuxSession(
      width: 120, height: 40,
      command:
        "trap '' INT; env LANG=C.UTF-8 XDG_STATE_HOME=\(state) \(tradeterm) --demo; echo \"EXIT=$?\"; sleep 60"
    )
    tmux.wait("the demo, LIVE", timeout: 30) { $0.contains("LIVE") && $0.contains("Book") }
    try tmux.send("o", "1", "0", "0")
    tmux.wait("a valid order") { $0.contains("Enter: paper BUY 100 contracts market") }
    try tmux.send("Enter")
    tmux.wait("the fill") { $0.contains("P1 Buy 100 filled @") }
    try tmux.send("Escape", "q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    let demo = try String(contentsOfFile: state + "/tradeterm/paper-demo.jsonl", encoding: .utf8)
    #expect(demo.contains(#""event":"filled""#))
    #expect(!FileManager.default.fileExists(atPath: state + "/tradeterm/paper.jsonl"))
  }
}
