import App

#if canImport(Glibc)
import Glibc
#endif

/// Commands started by alerts (`run = [...]`): started without a shell, their output to
/// /dev/null, never waited on by the UI; each is killed after `timeout` seconds. `poll` (each loop
/// turn) reaps the finished and says which failed.
struct AlertCommands {
  static let timeout = 10.0

  private var running: [(pid: pid_t, name: String, deadline: Double)] = []

  /// `rule.run` with `{symbol}`, `{price}` and `{alert}` replaced, started now; the reason when it
  /// could not start.
  mutating func start(_ fired: FiredAlert, now: Double) -> String? {
    let argv = fired.rule.run.map {
      $0.replacing("{symbol}", with: fired.rule.symbol.description)
        .replacing("{price}", with: AlertRule.number(fired.value)).replacing("{alert}", with: fired.message)
    }
    guard let program = argv.first else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, program, &actions, nil, &cArgs, environ)
    guard rc == 0 else { return "alert command \(program): \(String(cString: strerror(rc)))" }
    running.append((pid, program, now + Self.timeout))
    return nil
  }

  /// Reaps finished commands and kills those past their time; returns a line for each that failed.
  mutating func poll(now: Double) -> [String] {
    var problems: [String] = []
    running.removeAll { job in
      var status: Int32 = 0
      let r = waitpid(job.pid, &status, WNOHANG)
      if r == job.pid {
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if !exited {
          problems.append("alert command \(job.name) was killed by signal \(status & 0x7F)")
        } else if code != 0 {
          problems.append("alert command \(job.name) failed (exit \(code))")
        }
        return true
      }
      if r < 0 { return true }
      if now >= job.deadline {
        kill(job.pid, SIGKILL)
        _ = waitpid(job.pid, &status, 0)
        problems.append("alert command \(job.name) took over \(Int(Self.timeout)) s and was stopped")
        return true
      }
      return false
    }
    return problems
  }

  /// Whether a command is still running (the loop then wakes to reap it).
  var isEmpty: Bool { running.isEmpty }
}
