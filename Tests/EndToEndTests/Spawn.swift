import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process by `posix_spawn`, waited for by `waitpid` on its own pid, with a deadline.
///
/// Why not Foundation's `Process`: on Linux it learns that a child ended from a socket it
/// leaves open in the child. `tmux new-session` forks the tmux server when none runs, the
/// server inherits that socket and lives on, and `waitUntilExit` never returns: the whole
/// test run hung in CI that way (swift-corelibs-foundation issue 4795). Here every
/// descriptor above stderr is closed in the child, so nothing it forks can hold us.
final class Child {
  let pid: pid_t
  private var output: Int32 = -1
  private var status: Int32?

  /// Starts `argv` (`argv[0]` is looked up in PATH) with `environment` added to ours.
  /// stdin is /dev/null; stdout is captured when `captureOutput`, else /dev/null; stderr is
  /// /dev/null, or joins stdout when `errorsToOutput`. Signals start at their defaults and
  /// unblocked, whatever we inherited.
  init(
    _ argv: [String], environment: [String: String] = [:], captureOutput: Bool = true,
    errorsToOutput: Bool = false
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var fds: [Int32] = [-1, -1]
    if captureOutput {
      guard pipe(&fds) == 0 else { throw HarnessError("pipe failed: \(errno)") }
      _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if captureOutput && errorsToOutput {
      posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    guard let closeFrom = Self.addCloseFrom else {
      throw HarnessError("this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34+)")
    }
    _ = closeFrom(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var child: pid_t = 0
    let rc = posix_spawnp(&child, argv[0], &actions, &attributes, cArgs, cEnv)
    if captureOutput { close(fds[1]) }
    guard rc == 0 else {
      if captureOutput { close(fds[0]) }
      throw HarnessError("cannot run \(argv[0]): \(String(cString: strerror(rc)))")
    }
    pid = child
    output = captureOutput ? fds[0] : -1
  }

  deinit {
    if output >= 0 { close(output) }
    if status == nil {
      kill(pid, SIGKILL)
      _ = try? wait(timeout: 5)
    }
  }

  /// Reads what is available on stdout within `timeout` seconds: nil at its end, empty when
  /// nothing came in time.
  func read(timeout: Double) -> [UInt8]? {
    guard output >= 0 else { return nil }
    var pfd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
    let ready = poll(&pfd, 1, Int32(max(0, timeout) * 1000))
    if ready <= 0 { return [] }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
      if n > 0 { return Array(buffer[..<n]) }
      if n < 0 && errno == EINTR { continue }
      close(output)
      output = -1
      return nil
    }
  }

  /// All of stdout to its end; kills the child and throws if that takes over `timeout` s.
  func readToEnd(timeout: Double) throws -> [UInt8] {
    let deadline = Date().addingTimeInterval(timeout)
    var bytes: [UInt8] = []
    while true {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 {
        kill(pid, SIGKILL)
        throw HarnessError("\(pid): no end of output within \(timeout) s: killed")
      }
      guard let chunk = read(timeout: left) else { return bytes }
      bytes += chunk
    }
  }

  /// Sends `signal` unless the child has been reaped.
  func signal(_ signal: Int32) {
    if status == nil { kill(pid, signal) }
  }

  /// Whether the child still runs (reaps it when it has ended).
  var isRunning: Bool {
    if status != nil { return false }
    var raw: Int32 = 0
    let rc = waitpid(pid, &raw, WNOHANG)
    if rc == pid { status = Self.decode(raw) }
    return status == nil && rc == 0
  }

  /// Waits for the child to end: its exit status (128 + the signal if killed). After
  /// `timeout` seconds it is killed and this throws.
  @discardableResult
  func wait(timeout: Double) throws -> Int32 {
    if let status { return status }
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning {
      if Date() >= deadline {
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = Self.decode(raw)
        throw HarnessError("\(pid) still running after \(timeout) s: killed")
      }
      usleep(5_000)
    }
    return status ?? -1
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
  /// import (it needs `_GNU_SOURCE`).
  private typealias AddCloseFrom =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
    ) -> Int32
  private static let addCloseFrom: AddCloseFrom? = {
    let name = "posix_spawn_file_actions_addclosefrom_np"
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()

  private static func decode(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7F
    return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
  }

  /// Runs `argv` to its end within `timeout` seconds: exit status and stdout.
  static func run(
    _ argv: [String], environment: [String: String] = [:], errorsToOutput: Bool = false,
    timeout: Double = 10
  ) throws -> (status: Int32, output: String) {
    let child = try Child(argv, environment: environment, errorsToOutput: errorsToOutput)
    let bytes = try child.readToEnd(timeout: timeout)
    let status = try child.wait(timeout: max(1, timeout))
    return (status, String(decoding: bytes, as: UTF8.self))
  }
}
