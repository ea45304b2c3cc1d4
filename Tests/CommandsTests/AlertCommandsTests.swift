import Commands
import Foundation
import Testing

/// Alert commands with real processes: a killed command takes its grandchildren with it, no
/// descriptor of tradeterm's reaches a command, a fifth command at once is skipped and counted,
/// and nothing outlives `stopAll`.
@Suite(.serialized) struct AlertCommandsTests {
  /// A fresh directory for a test's files; removed by the caller.
  static func directory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-commands-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Waits (up to `seconds`) for `condition`; whether it came true.
  static func wait(_ seconds: Double = 10, for condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  /// Whether `pid` is a live process (not gone, not a zombie waiting for init).
  static func alive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    // The state follows the command's closing parenthesis.
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
  }

  /// The pid a command wrote to `file`, once it has.
  static func pid(in file: URL) -> pid_t? {
    var found: pid_t?
    _ = wait {
      found = (try? String(contentsOf: file, encoding: .utf8)).flatMap {
        pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      return found != nil
    }
    return found
  }

  /// `sh -c 'sleep 30 & …; sleep 30'` past its time: the group is killed, the background
  /// `sleep` too (the direct child alone was killed; the grandchild lived on under init).
  @Test func aCommandPastItsTimeIsKilledWithItsGrandchildren() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("grandchild")
    var commands = AlertCommands(timeout: 10)
    #expect(commands.start(["sh", "-c", "sleep 30 & echo $! > \(file.path); sleep 30"], now: 0) == nil)
    let grandchild = try #require(Self.pid(in: file))
    #expect(Self.alive(grandchild))
    #expect(commands.poll(now: 1).isEmpty)
    let problems = commands.poll(now: 10)
    #expect(problems == ["alert command sh took over 10 s and was stopped"])
    #expect(commands.isEmpty)
    #expect(Self.wait { !Self.alive(grandchild) }, "grandchild \(grandchild) outlived the kill")
  }

  /// A socket open in tradeterm (as the WebSocket's is) is not open in a command: only
  /// /dev/null on 0, 1 and 2 (read from the command's /proc/PID/fd: posix_spawn returns once
  /// it has exec'ed).
  @Test func aCommandInheritsNoDescriptor() throws {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // no close-on-exec
    #expect(socketFD >= 0)
    defer { close(socketFD) }
    var commands = AlertCommands()
    #expect(commands.start(["sleep", "30"], now: 0) == nil)
    defer { commands.stopAll() }
    let pid = try #require(commands.pids.first)
    let dir = "/proc/\(pid)/fd"
    func listing() -> (fds: [String], targets: [String]) {
      let fds = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
      return (
        fds, fds.map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(dir)/\($0)")) ?? "?" }
      )
    }
    // The program itself may hold a descriptor for a moment while it starts (sleep reading its
    // locale): an inherited one stays for its whole life, so wait for the moment to pass.
    _ = Self.wait(2) { listing().fds == ["0", "1", "2"] }
    let (fds, targets) = listing()
    #expect(fds == ["0", "1", "2"], "\(zip(fds, targets).map { "\($0) \($1)" })")
    #expect(targets == ["/dev/null", "/dev/null", "/dev/null"])
  }

  /// Four commands at once run; a fifth is skipped, counted and said; `stopAll` ends them all.
  @Test func aFifthCommandAtOnceIsSkippedAndCounted() throws {
    var commands = AlertCommands()
    for _ in 0..<4 { #expect(commands.start(["sleep", "30"], now: 0) == nil) }
    let pids = commands.pids
    #expect(pids.count == 4)
    let said = commands.start(["sleep", "30"], now: 0)
    #expect(said == "alert command sleep skipped: 4 still running (1 skipped so far)")
    #expect(commands.skipped == 1)
    #expect(commands.pids == pids)
    commands.stopAll()
    #expect(commands.isEmpty)
    for pid in pids { #expect(!Self.alive(pid)) }
  }

  /// Quitting ends a command's whole group (commands outlived `q`).
  @Test func stopAllEndsEachGroup() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("grandchild")
    var commands = AlertCommands()
    #expect(commands.start(["sh", "-c", "sleep 30 & echo $! > \(file.path); wait"], now: 0) == nil)
    let grandchild = try #require(Self.pid(in: file))
    commands.stopAll()
    #expect(Self.wait { !Self.alive(grandchild) }, "grandchild \(grandchild) outlived stopAll")
  }
}
