import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Child processes by `posix_spawn` and `waitpid`. (Foundation's `Process` stops noticing its
/// children's exits in this process once the earlier figures have run SwiftNIO, libcurl and
/// ncurses in it: `waitUntilExit` then never returns.)
struct Subprocess {
  let pid: pid_t
  /// The read end of the child's stdout, when captured.
  let output: Int32?

  /// Starts `argv` (`argv[0]` is a path) with `environment` added to this process's; stdin is
  /// /dev/null, stdout too unless `captureOutput`, stderr too unless `showErrors` (or into the
  /// file `errorsTo`, made anew).
  init(
    _ argv: [String], environment: [String: String] = [:], captureOutput: Bool, showErrors: Bool = false,
    errorsTo: String? = nil
  ) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var fds: [Int32] = [-1, -1]
    if captureOutput {
      guard pipe(&fds) == 0 else { fatalError("bench: pipe failed") }
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
      posix_spawn_file_actions_addclose(&actions, fds[0])
      posix_spawn_file_actions_addclose(&actions, fds[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let errorsTo {
      posix_spawn_file_actions_addopen(&actions, 2, errorsTo, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    } else if !showErrors {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }

    let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var child: pid_t = 0
    let rc = posix_spawn(&child, argv[0], &actions, nil, cArgs, cEnv)
    guard rc == 0 else { fatalError("bench: cannot run \(argv[0]): \(String(cString: strerror(rc)))") }
    pid = child
    if captureOutput {
      close(fds[1])
      output = fds[0]
    } else {
      output = nil
    }
  }

  /// Runs `argv` to the end; its exit status and stdout.
  static func run(
    _ argv: [String], environment: [String: String] = [:], showErrors: Bool = false
  ) -> (status: Int32, output: String) {
    let p = Subprocess(argv, environment: environment, captureOutput: true, showErrors: showErrors)
    var bytes: [UInt8] = []
    while let chunk = p.read() { bytes += chunk }
    p.closeOutput()
    return (p.wait(), String(decoding: bytes, as: UTF8.self))
  }

  /// The next bytes of the child's stdout, or nil at its end.
  func read() -> [UInt8]? {
    guard let output else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
      if n > 0 { return Array(buffer[..<n]) }
      if n < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Closes this side of the child's stdout (once done reading).
  func closeOutput() {
    if let output { close(output) }
  }

  /// Waits for the child to end; its exit status (128 + the signal if killed).
  @discardableResult
  func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
