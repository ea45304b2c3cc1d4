import Foundation

/// This process's resident memory and open file descriptors, read from `/proc/self` (Linux).
enum ProcessProbe {
  /// `VmRSS` from `/proc/self/status`, in KiB; nil where there is no procfs.
  static func residentKiB() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let digits = line.dropFirst("VmRSS:".count).filter(\.isNumber)
      return Int(digits)
    }
    return nil
  }

  /// Open file descriptors: the entries of `/proc/self/fd` (the listing's own descriptor
  /// included, the same at every reading); nil where there is no procfs.
  static func openDescriptors() -> Int? {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
  }

  /// Threads of this process (`Threads:` in `/proc/self/status`).
  static func threads() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("Threads:") {
      return Int(line.dropFirst("Threads:".count).filter(\.isNumber))
    }
    return nil
  }
}
