import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One release `tradeterm` in a tmux window, started through `ExecStamp` so that the bench
/// knows its pid and the moment of its `exec`.
final class DashboardLaunch {
  let tmux: TmuxServer
  let session: String
  let stampFile: String
  private(set) var pid: Int32 = 0

  /// Starts `tradeterm ARGS` at `width`×`height`; with `trace`, it also writes its start-up
  /// times (`TRADETERM_TRACE_FILE`). Returns once the process has been exec'd.
  init(tmux: TmuxServer, binDir: String, arguments: [String], width: Int, height: Int, trace: Bool) {
    self.tmux = tmux
    session = "tt-bench-\(UInt32.random(in: 0...UInt32.max))"
    stampFile = NSTemporaryDirectory() + "\(session).trace"
    unlink(stampFile)
    let wrapper = [binDir + "/TradetermBench", "--exec-stamp", stampFile] + (trace ? ["--trace"] : [])
    tmux.newSession(
      session, width: width, height: height, command: wrapper + ["--", binDir + "/tradeterm"] + arguments)
    guard waitFor(5, { self.stamps["exec"] != nil }), let p = stampPID else {
      fatalError("bench: tradeterm did not start in tmux")
    }
    pid = p
  }

  /// The lines of the stamp file as name → nanoseconds (`exec`, `first-frame`, `partial`,
  /// `book-drawn`).
  var stamps: [String: Int64] {
    guard let text = try? String(contentsOfFile: stampFile, encoding: .utf8) else { return [:] }
    var out: [String: Int64] = [:]
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count >= 2, let ns = Int64(words[1]) { out[String(words[0])] = ns }
    }
    return out
  }

  private var stampPID: Int32? {
    guard let text = try? String(contentsOfFile: stampFile, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("exec ") })
    else { return nil }
    return line.split(separator: " ").dropFirst(2).first.flatMap { Int32($0) }
  }

  var screen: String { tmux.capture(session) }

  /// Whether tradeterm outlived its tmux session by more than 5 s (and had to be killed).
  private(set) var outlivedSession = false

  /// Ends the session: tradeterm gets SIGHUP (its terminal hangs up) and should exit.
  func stop() {
    tmux.kill(session)
    if !waitFor(5, { !ProcessProbe.isAlive(self.pid) }) {
      outlivedSession = true
      kill(pid, SIGKILL)
    }
    unlink(stampFile)
  }
}

/// Checks `condition` every 20 ms for at most `seconds`; whether it came true.
func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Measure.now() + UInt64(seconds * 1e9)
  while Measure.now() < deadline {
    if condition() { return true }
    usleep(20_000)
  }
  return condition()
}
