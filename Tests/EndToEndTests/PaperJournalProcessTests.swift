import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The paper journal across processes, with the built `tradeterm-journal-probe`: a burst of
/// orders killed with SIGKILL loses no line the writer had reported as written, and two
/// processes never write at once (the second is read-only until the first is gone).
@Suite(.serialized) struct PaperJournalProcessTests {
  static func scratch() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("tradeterm-pj-\(UUID().uuidString)")
      .appendingPathComponent("paper.jsonl").path
  }

  /// The ids of the complete lines of the journal at `path`, and whether a torn line follows.
  static func journalIDs(_ path: String) throws -> (ids: [String], torn: Bool) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let parts = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    var ids: [String] = []
    for line in parts.dropLast() {
      let text = String(decoding: line, as: UTF8.self)
      let id = try #require(text.range(of: #""id":"P[0-9]+""#, options: .regularExpression))
      ids.append(String(text[id].dropFirst(6).dropLast()))
    }
    return (ids, !(parts.last?.isEmpty ?? true))
  }

  /// kill -9 in the middle of a burst of fsync'ed appends: every `ok Pn` the writer printed
  /// (it prints only after fsync) is in the file as a whole line, in order.
  @Test func killNineDuringABurstLosesNoReportedLine() throws {
    let path = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let probe = try Binaries.path("tradeterm-journal-probe")
    let child = try Child([probe, "burst", path, "100000"])
    var output: [UInt8] = []
    // Wait until a good number of lines are reported, then kill it mid-burst.
    let deadline = Date().addingTimeInterval(30)
    while output.count(where: { $0 == UInt8(ascii: "\n") }) < 200, Date() < deadline {
      guard let chunk = child.read(timeout: 5) else { break }
      output += chunk
    }
    child.signal(SIGKILL)
    output += try child.readToEnd(timeout: 10)
    let status = try child.wait(timeout: 10)
    #expect(status == 128 + SIGKILL, "the probe must be killed mid-burst, not finish")
    let reported = String(decoding: output, as: UTF8.self).split(separator: "\n")
      .filter { $0.hasPrefix("ok ") }.map { String($0.dropFirst(3)) }
    #expect(reported.count >= 200)
    let (ids, _) = try Self.journalIDs(path)
    // Every reported line is there, in order; lines written but not yet reported may follow.
    #expect(Array(ids.prefix(reported.count)) == reported)
    #expect(ids.count >= reported.count)
  }

  /// Two processes: while one holds the journal the other is read-only and says so; once the
  /// holder is gone (killed, so nothing was closed politely) the lock is free again.
  @Test func lockContentionBetweenTwoProcesses() throws {
    let path = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let probe = try Binaries.path("tradeterm-journal-probe")
    let holder = try Child([probe, "lock", path])
    var first: [UInt8] = []
    _ = waitUntil(10) {
      first += holder.read(timeout: 0.2) ?? []
      return first.contains(UInt8(ascii: "\n"))
    }
    #expect(String(decoding: first, as: UTF8.self) == "writer\n")

    let second = try Child([probe, "burst", path, "1"])
    let said = String(decoding: try second.readToEnd(timeout: 10), as: UTF8.self)
    #expect(try second.wait(timeout: 10) == 1)
    #expect(said == "read-only: journal in use by another tradeterm: read-only\n")

    holder.signal(SIGKILL)
    _ = try holder.wait(timeout: 10)
    let third = try Child([probe, "burst", path, "1"])
    let wrote = String(decoding: try third.readToEnd(timeout: 10), as: UTF8.self)
    #expect(try third.wait(timeout: 10) == 0)
    #expect(wrote == "ok P1\n")
  }
}
