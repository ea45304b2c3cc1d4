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
    #expect(said == "read-only: journal in use by another tradeterm: read-only until it quits\n")

    holder.signal(SIGKILL)
    _ = try holder.wait(timeout: 10)
    let third = try Child([probe, "burst", path, "1"])
    let wrote = String(decoding: try third.readToEnd(timeout: 10), as: UTF8.self)
    #expect(try third.wait(timeout: 10) == 0)
    #expect(wrote == "ok P1\n")
  }

  /// Reads `child`'s output until it holds `lines` lines (10 s at most): the lines.
  static func lines(_ child: Child, _ output: inout [UInt8], count lines: Int) -> [String] {
    _ = waitUntil(10) {
      output += child.read(timeout: 0.2) ?? []
      return output.count(where: { $0 == UInt8(ascii: "\n") }) >= lines
    }
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The second instance takes over (issue 29, point 17): read-only while the writer holds the
  /// journal, it becomes the writer once that one quits (politely, or killed), reads what the
  /// first wrote after it started, and appends after it.
  @Test(arguments: [SIGTERM, SIGKILL])
  func theReadOnlyInstanceTakesOverWhenTheWriterQuits(quit: Int32) throws {
    let path = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let probe = try Binaries.path("tradeterm-journal-probe")
    let holder = try Child([probe, "hold", path])
    var held: [UInt8] = []
    #expect(Self.lines(holder, &held, count: 1) == ["writer"])

    let taker = try Child([probe, "takeover", path])
    var taken: [UInt8] = []
    #expect(
      Self.lines(taker, &taken, count: 1)
        == ["read-only: journal in use by another tradeterm: read-only until it quits (0 events)"])
    // The holder writes after the taker has read the journal; the taker still tries the lock.
    holder.signal(SIGUSR1)
    #expect(Self.lines(holder, &held, count: 2) == ["writer", "ok P1"])

    holder.signal(quit)
    #expect(try holder.wait(timeout: 10) == (quit == SIGTERM ? 0 : 128 + SIGKILL))
    taken += try taker.readToEnd(timeout: 30)
    #expect(try taker.wait(timeout: 10) == 0, "\(String(decoding: taken, as: UTF8.self))")
    #expect(
      String(decoding: taken, as: UTF8.self).split(separator: "\n").dropFirst()
        == ["writer: 1 events", "ok P2"])
    #expect(try Self.journalIDs(path).ids == ["P1", "P2"])
  }
}
