import Foundation

/// What `/proc` says about a running process: CPU time in nanoseconds (summed over its
/// threads' `schedstat`, far finer than `stat`'s 10 ms ticks) and resident memory.
enum ProcessProbe {
  /// One thread's CPU time so far.
  struct ThreadTime {
    var tid: Int
    var name: String
    var nanoseconds: UInt64
  }

  /// Every live thread of `pid` with its name and CPU time.
  static func threads(_ pid: Int32) -> [ThreadTime] {
    let dir = "/proc/\(pid)/task"
    let tids = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return tids.compactMap { tid -> ThreadTime? in
      guard let id = Int(tid), let stat = read("\(dir)/\(tid)/schedstat"),
        let first = stat.split(separator: " ").first, let ns = UInt64(first)
      else { return nil }
      let name = read("\(dir)/\(tid)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
      return ThreadTime(tid: id, name: name, nanoseconds: ns)
    }
  }

  /// CPU time of `pid` so far (live threads; a thread that has exited takes its time along).
  static func cpuNanoseconds(_ pid: Int32) -> UInt64 {
    threads(pid).reduce(0) { $0 + $1.nanoseconds }
  }

  /// A `/proc/PID/status` field in kB (`VmRSS`, `VmHWM`…), or nil.
  static func statusKB(_ pid: Int32, _ field: String) -> Int? {
    guard let status = read("/proc/\(pid)/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
  }

  /// Whether `pid` is alive (and not a zombie).
  static func isAlive(_ pid: Int32) -> Bool {
    guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(close, offsetBy: 2)] != "Z"
  }

  private static func read(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
  }
}
