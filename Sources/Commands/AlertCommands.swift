#if canImport(Glibc)
import Glibc
#endif

/// Commands started by alerts (`run = [...]`): started without a shell, their output to
/// /dev/null, never waited on by the UI. Bounded, so that an alert firing many times a second
/// cannot fill the machine with processes:
/// - at most `maxRunning` at once; one more is skipped and counted (`skipped`), and `start`
///   says so;
/// - each in a process group of its own, and the group is killed, grandchildren and all, after
///   `timeout` seconds (`poll`) or when tradeterm ends (`stopAll`);
/// - no descriptor of tradeterm's (the WebSocket's socket, the journal, the log) is inherited:
///   only stdin, stdout and stderr, each /dev/null, are open in the command.
/// `poll` (each loop turn) reaps the finished and says which failed.
public struct AlertCommands {
  /// Seconds a command may run.
  public static let timeout = 10.0
  /// Commands running at once.
  public static let maxRunning = 4

  struct Job {
    var pid: pid_t
    var name: String
    var deadline: Double
  }

  private var running: [Job] = []
  private let timeout: Double
  private let maxRunning: Int
  /// Commands not started because `maxRunning` were running.
  public private(set) var skipped = 0

  public init(timeout: Double = AlertCommands.timeout, maxRunning: Int = AlertCommands.maxRunning) {
    self.timeout = timeout
    self.maxRunning = maxRunning
  }

  /// The process ids (each its group's id) of the commands running.
  public var pids: [pid_t] { running.map(\.pid) }

  /// Starts `argv` now; the reason when it was not started (skipped, or could not start).
  public mutating func start(_ argv: [String], now: Double) -> String? {
    guard let program = argv.first else { return nil }
    guard running.count < maxRunning else {
      skipped += 1
      return "alert command \(program) skipped: \(maxRunning) still running (\(skipped) skipped so far)"
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    // Every other descriptor is closed in the child: the live WebSocket's socket must not
    // outlive tradeterm in a notification's process.
    if let closeFrom = Self.addCloseFrom() {
      _ = closeFrom(&actions, 3)
    } else {
      Self.markCloseOnExec(from: 3)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own (its id is the command's pid): killing the group ends what it started.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, program, &actions, &attributes, &cArgs, environ)
    guard rc == 0 else { return "alert command \(program): \(String(cString: strerror(rc)))" }
    running.append(Job(pid: pid, name: program, deadline: now + timeout))
    return nil
  }

  /// Reaps finished commands and kills the groups of those past their time; returns a line for
  /// each that failed.
  public mutating func poll(now: Double) -> [String] {
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
        Self.end(job)
        problems.append("alert command \(job.name) took over \(Self.seconds(timeout)) s and was stopped")
        return true
      }
      return false
    }
    return problems
  }

  /// Ends every command still running, with its group (tradeterm is quitting).
  public mutating func stopAll() {
    for job in running { Self.end(job) }
    running.removeAll()
  }

  /// Whether a command is still running (the loop then wakes to reap it).
  public var isEmpty: Bool { running.isEmpty }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on), looked up at run time: the
  /// Glibc module does not export it, and an older glibc has none.
  typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

  static func addCloseFrom() -> AddCloseFrom? {
    guard let process = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(process, "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }

  /// Without the closefrom action: every descriptor from `first` on, as /proc/self/fd lists
  /// them, is marked close-on-exec in tradeterm itself (which runs no other program).
  static func markCloseOnExec(from first: Int32) {
    guard let dir = opendir("/proc/self/fd") else { return }
    defer { closedir(dir) }
    let own = dirfd(dir)
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let fd = Int32(name), fd >= first, fd != own else { continue }
      let flags = fcntl(fd, F_GETFD)
      if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// Kills `job`'s group and reaps the command itself (its group's other processes, now
  /// children of init, are reaped there).
  private static func end(_ job: Job) {
    kill(-job.pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(job.pid, &status, 0)
  }

  private static func seconds(_ s: Double) -> String {
    s == s.rounded() && abs(s) < 1e9 ? String(Int(s)) : String(s)
  }
}
