import Foundation

/// A tmux server of the bench's own (its own socket): it never meets anyone else's
/// sessions, and it starts with a UTF-8 locale (`-u`, `LANG=C.UTF-8`), so the dashboard draws
/// its box and bar characters as it does for a user. `shutdown()` ends it.
final class TmuxServer {
  let socket = "tradeterm-bench-\(getpid())"

  /// Starts `command` (executed directly, no shell) in a detached session of `width`×`height`.
  func newSession(_ name: String, width: Int, height: Int, command: [String]) {
    let (status, _) = tmux(
      ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "--"] + command,
      showErrors: true)
    if status != 0 { fatalError("bench: tmux new-session failed with status \(status)") }
  }

  /// The visible screen of session `name` as text.
  func capture(_ name: String) -> String {
    tmux(["capture-pane", "-p", "-t", name]).output
  }

  /// Types `keys` into session `name`, one tmux key name each (`c`, `w`, `H`).
  func sendKeys(_ name: String, _ keys: [String]) {
    _ = tmux(["send-keys", "-t", name] + keys)
  }

  func kill(_ name: String) {
    _ = tmux(["kill-session", "-t", name])
  }

  /// The tmux server's pid (0 when none runs).
  var serverPID: Int32 {
    Int32(tmux(["display-message", "-p", "#{pid}"]).output.trimmingCharacters(in: .whitespacesAndNewlines))
      ?? 0
  }

  /// Ends the server and removes its socket (tmux leaves the file behind).
  func shutdown() {
    _ = tmux(["kill-server"])
    let dir = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(dir)/tmux-\(getuid())/\(socket)")
  }

  @discardableResult
  private func tmux(_ args: [String], showErrors: Bool = false) -> (status: Int32, output: String) {
    Subprocess.run(
      ["/usr/bin/env", "-u", "TMUX", "tmux", "-u", "-L", socket] + args,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"], showErrors: showErrors)
  }
}
