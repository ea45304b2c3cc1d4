import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The dashboard in tmux with terminals it cannot draw on, and stopped by signals: its own
/// one-line refusal (exit 2) instead of ncurses' message or a frozen line; the terminal
/// restored and 128 + the signal as the exit status, as shells expect; Ctrl-\ never prints
/// a backtrace over the screen.
@Suite(.serialized) struct TerminalAndSignalEndToEndTests {
  /// The dashboard against `sim` with `environment` (`env` arguments: `TERM=dumb`, `-u TERM`),
  /// through a shell that prints the exit status after it.
  static func command(_ environment: String, wsURL: String, restURL: String) throws -> String {
    let tradeterm = try Binaries.path("tradeterm")
    return
      "trap '' INT; env \(environment) LANG=C.UTF-8 XDG_STATE_HOME=\(DashboardEndToEndTests.stateHome) "
      + "\(tradeterm) --ws-url \(wsURL) --rest-url \(restURL); "
      + "echo \"EXIT=$?\"; sleep 60"
  }

  /// (environment, what tradeterm says)
  static let terminals: [(String, String)] = [
    ("TERM=dumb", "tradeterm: TERM=dumb cannot move the cursor, which the dashboard needs: use --once"),
    ("-u TERM", "tradeterm: TERM is not set, so the dashboard cannot draw"),
    ("TERM=bogus-terminal", "tradeterm: TERM=bogus-terminal is a terminal type this machine does not know"),
    ("TERM=", "tradeterm: TERM is not set"),
  ]

  @Test(arguments: terminals)
  func aTerminalItCannotDrawOnIsRefusedWithItsOwnMessage(environment: String, words: String) throws {
    // Nothing listens there: the refusal comes before any connection.
    let tmux = try TmuxSession(
      width: 250, height: 20,
      command: try Self.command(
        environment, wsURL: "ws://127.0.0.1:9/realtime", restURL: "http://127.0.0.1:9"))
    tmux.wait("exit status 2") { $0.contains("EXIT=2") }
    let text = tmux.text
    #expect(text.contains(words), "\(text)")
    #expect(text.contains("--once"))
    #expect(!text.contains("Error opening terminal"))
  }

  /// The pid of the dashboard: the child of the pane's shell.
  static func dashboardPID(_ tmux: TmuxSession) throws -> pid_t {
    let shell = try TmuxSession.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    var pid: pid_t?
    _ = waitUntil(5) {
      let children =
        (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
      pid = children.split(separator: " ").first.flatMap { pid_t($0) }
      return pid != nil
    }
    return try #require(pid, "no child of the pane's shell \(shell)")
  }

  /// Text a Swift runtime backtrace or a crash would leave on the screen.
  static func showsACrash(_ text: String) -> Bool {
    ["Backtrace", "backtrace", "Fatal error", "Thread 0", "crashed", "💣"].contains { text.contains($0) }
  }

  /// (signal, exit status)
  static let signals: [(Int32, Int32)] = [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130), (SIGQUIT, 131)]

  @Test(arguments: signals)
  func aSignalRestoresTheTerminalAndExitsWith128PlusIt(signal: Int32, status: Int32) throws {
    let sim = try SimProcess(seed: 40 + Int(signal))
    defer { sim.stop() }
    let tmux = try TmuxSession(
      width: 120, height: 40, command: try Self.command("", wsURL: sim.webSocketURL, restURL: sim.restURL))
    tmux.wait("LIVE") { $0.contains("LIVE") }
    let pid = try Self.dashboardPID(tmux)
    kill(pid, signal)
    tmux.wait("exit status \(status)") { $0.contains("EXIT=\(status)") }
    let text = tmux.text
    #expect(!text.contains("LIVE"), "the dashboard is still on the screen:\n\(text)")
    #expect(text.contains("tradeterm: stopped by signal \(signal)"), "\(text)")
    #expect(!Self.showsACrash(text), "\(text)")
  }

  /// Ctrl-\ typed: the terminal's SIGQUIT. No backtrace over the dashboard; the terminal back
  /// as it was, exit status 131.
  @Test func ctrlBackslashRestoresTheTerminalAndQuits() throws {
    let sim = try SimProcess(seed: 45)
    defer { sim.stop() }
    let tmux = try TmuxSession(
      width: 120, height: 40, command: try Self.command("", wsURL: sim.webSocketURL, restURL: sim.restURL))
    tmux.wait("LIVE") { $0.contains("LIVE") }
    try tmux.send("C-\\")
    tmux.wait("exit status 131") { $0.contains("EXIT=131") }
    let text = tmux.text
    #expect(!text.contains("LIVE"), "the dashboard is still on the screen:\n\(text)")
    #expect(!Self.showsACrash(text), "\(text)")
  }

  /// Ctrl-C typed is the quit key: exit status 0, no message.
  @Test func ctrlCTypedQuitsWithStatus0() throws {
    let sim = try SimProcess(seed: 46)
    defer { sim.stop() }
    let tmux = try TmuxSession(
      width: 120, height: 40, command: try Self.command("", wsURL: sim.webSocketURL, restURL: sim.restURL))
    tmux.wait("LIVE") { $0.contains("LIVE") }
    try tmux.send("C-c")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    #expect(!tmux.text.contains("stopped by signal"))
  }
}
