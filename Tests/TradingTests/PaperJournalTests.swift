import Files
import Foundation
import Journal
import MarketModel
import Testing
import Trading

/// The journal on a real file: round trip, a torn last line, corrupt lines, read-only when
/// locked. (The kill -9 and two-process tests are in `EndToEndTests/PaperJournalProcessTests`.)
@Suite struct PaperJournalTests {
  static func scratch() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-journal-\(UUID().uuidString)")
    return dir.appendingPathComponent("state/tradeterm/paper.jsonl").path
  }

  static func order(_ n: Int) -> PaperOrder {
    PaperOrder(
      id: "P\(n)", symbol: "XBTUSD", side: .buy, type: .limit, contracts: 100, price: 98_000,
      placedMs: Int64(n))
  }

  @Test func roundTrip() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let events: [PaperEvent] = [
      .placed(Self.order(1)), .placed(Self.order(2)), .cancelled(orderID: "P2", timeMs: 3),
      .filled(
        PaperFill(
          orderID: "P1", symbol: "XBTUSD", side: .buy, contracts: 100, price: 98_000, fee: 0,
          settlCurrency: "XBt", timeMs: 4)),
    ]
    do {
      let journal = PaperJournal(path: path)
      #expect(journal.writable)
      #expect(journal.load().events.isEmpty)
      #expect(journal.append(Array(events.prefix(2))) == nil)
      #expect(journal.append(Array(events.dropFirst(2))) == nil)
    }
    let again = PaperJournal(path: path)
    let loaded = again.load()
    #expect(loaded.events == events)
    #expect(loaded.warnings.isEmpty)
  }

  /// A write cut short: the torn last line is skipped with a warning, every earlier line kept,
  /// and the next line appended starts clean.
  @Test func tornLastLineIsSkipped() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let journal = PaperJournal(path: path)
      #expect(journal.append([.placed(Self.order(1)), .placed(Self.order(2))]) == nil)
    }
    let whole = PaperJournalLine.encode(.placed(Self.order(3)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(whole.utf8.prefix(whole.utf8.count / 2)))
    try handle.close()

    let journal = PaperJournal(path: path)
    let loaded = journal.load()
    #expect(loaded.events == [.placed(Self.order(1)), .placed(Self.order(2))])
    #expect(loaded.warnings.count == 1)
    #expect(loaded.warnings.first?.contains("line 3: torn last line skipped") == true)
    #expect(journal.append([.placed(Self.order(4))]) == nil)
    let after = PaperJournal(path: path).load()
    #expect(after.events == [.placed(Self.order(1)), .placed(Self.order(2)), .placed(Self.order(4))])
  }

  @Test func corruptLineInTheMiddleIsSkippedOthersKept() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let journal = PaperJournal(path: path)
      _ = journal.load()
      #expect(journal.append([.placed(Self.order(1))]) == nil)
    }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("garbage\u{1b}[2J\n".utf8))
    try handle.close()
    let journal = PaperJournal(path: path)
    #expect(journal.append([.placed(Self.order(2))]) == nil)
    let loaded = PaperJournal(path: path).load()
    #expect(loaded.events == [.placed(Self.order(1)), .placed(Self.order(2))])
    #expect(loaded.warnings == ["paper.jsonl line 2: not a journal line, skipped"])
  }

  /// A second open of a locked journal is read-only, says why, and refuses to append.
  @Test func secondOpenIsReadOnly() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = PaperJournal(path: path)
    #expect(first.writable)
    #expect(first.append([.placed(Self.order(1))]) == nil)
    let second = PaperJournal(path: path)
    #expect(!second.writable)
    #expect(second.readOnlyReason == "journal in use by another tradeterm: read-only until it quits")
    #expect(second.heldByAnother)
    #expect(second.load().events == [.placed(Self.order(1))])
    #expect(second.append([.placed(Self.order(2))]) != nil)
  }

  /// `retakeLock`: no while the first holds the journal; once it is closed the second is the
  /// writer, reads what the first wrote after it opened, and appends after it.
  @Test func theSecondTakesTheLockOnceTheFirstIsGone() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    var first: PaperJournal? = PaperJournal(path: path)
    let second = PaperJournal(path: path)
    #expect(second.heldByAnother && !second.retakeLock() && !second.writable)
    #expect(first?.append([.placed(Self.order(1))]) == nil)
    #expect(second.heldByAnother && !second.retakeLock())
    first = nil
    #expect(second.retakeLock())
    #expect(second.writable && !second.heldByAnother && second.readOnlyReason == nil)
    #expect(second.load().events == [.placed(Self.order(1))])
    #expect(second.append([.placed(Self.order(2))]) == nil)
    #expect(
      PaperJournal(path: path, readOnly: true).load().events == [
        .placed(Self.order(1)), .placed(Self.order(2)),
      ])
    // Not held by another (opened read-only on purpose): nothing to retake.
    let reader = PaperJournal(path: path, readOnly: true)
    #expect(!reader.heldByAnother && !reader.retakeLock())
  }
  /// A disk that fills up halfway through a line (the injected write stops with ENOSPC after
  /// writing half): the order is refused, nothing of it stays, and the next append (space
  /// freed) is a line of its own. Reopened, the journal holds the first and third orders only.
  @Test func failedAppendLeavesNoFragment() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let full = Locked(false)
    let journal = PaperJournal(path: path) { fd, bytes in
      guard full.value else { return Files.writeAll(fd, bytes) }
      _ = Files.writeAll(fd, UnsafeRawBufferPointer(rebasing: bytes.prefix(bytes.count / 2)))
      return ENOSPC
    }
    #expect(journal.load().events.isEmpty)
    #expect(journal.append([.placed(Self.order(1))]) == nil)
    full.value = true
    let refused = journal.append([.placed(Self.order(2))])
    #expect(refused?.contains("No space left on device") == true, "\(refused ?? "nil")")
    full.value = false
    #expect(journal.append([.placed(Self.order(3))]) == nil)
    let loaded = PaperJournal(path: path).load()
    #expect(loaded.events == [.placed(Self.order(1)), .placed(Self.order(3))])
    #expect(loaded.warnings.isEmpty)
  }

  /// The same on a real full disk: a 64 KB tmpfs (mounted here, so only as root), filled up by
  /// another file until the journal's next line does not fit.
  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func fullTmpfsLeavesNoFragment() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-tmpfs-\(UUID().uuidString)"
    )
    .path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    guard mount("tmpfs", dir, "tmpfs", 0, "size=64k") == 0 else {
      Issue.record("cannot mount a tmpfs on \(dir): \(String(cString: strerror(errno)))")
      return
    }
    defer { umount(dir) }
    let path = dir + "/paper.jsonl"
    let journal = PaperJournal(path: path)
    #expect(journal.load().events.isEmpty)
    // tmpfs allots whole pages: lines go in until the journal's last page has less room than a
    // line, so that the next line is cut where the page ends.
    var n = 0
    let page = 4096
    while true {
      let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let next = PaperJournalLine.encode(.placed(Self.order(n + 1))).utf8.count + 1
      if size > 0 && page - size % page < next { break }
      n += 1
      #expect(journal.append([.placed(Self.order(n))]) == nil)
    }
    // Then another file takes every page left.
    let filler = open(dir + "/filler", O_WRONLY | O_CREAT, 0o600)
    let block = [UInt8](repeating: 0x2E, count: page)
    while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
    close(filler)
    let refused = journal.append([.placed(Self.order(n + 1))])
    #expect(refused?.contains("No space left on device") == true, "\(refused ?? "nil")")
    unlink(dir + "/filler")
    #expect(journal.append([.placed(Self.order(n + 2))]) == nil)
    let loaded = PaperJournal(path: path).load()
    #expect(loaded.events == (1...n).map { .placed(Self.order($0)) } + [.placed(Self.order(n + 2))])
    #expect(loaded.warnings.isEmpty)
  }

  /// A complete last line that lost its newline is an event, not a torn write: it is read (by
  /// a read-only open too, which changes nothing), and the writer adds its newline so the
  /// next line does not join it.
  @Test func completeLastLineWithoutNewlineIsKept() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let journal = PaperJournal(path: path)
      #expect(journal.append([.placed(Self.order(1))]) == nil)
    }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(PaperJournalLine.encode(.placed(Self.order(2))).utf8))
    try handle.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let snapshot = PaperJournal(path: path, readOnly: true).load()
    #expect(snapshot.events == [.placed(Self.order(1)), .placed(Self.order(2))])
    #expect(snapshot.warnings.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "a read-only load changes nothing")

    let journal = PaperJournal(path: path)
    #expect(journal.load().events == [.placed(Self.order(1)), .placed(Self.order(2))])
    #expect(journal.append([.placed(Self.order(3))]) == nil)
    let after = PaperJournal(path: path).load()
    #expect(after.events == [.placed(Self.order(1)), .placed(Self.order(2)), .placed(Self.order(3))])
    #expect(after.warnings.isEmpty)
  }

  /// A `paper.jsonl` that is a symbolic link is not used (its target is not cut), and one that
  /// is a FIFO or a device is refused at once instead of hanging or reading for ever.
  @Test func onlyARegularFileIsUsed() throws {
    let path = try Self.scratch()
    let dir = Files.directory(of: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    Files.makeDirectories(dir, mode: 0o700)
    let target = dir + "/target"
    let torn = PaperJournalLine.encode(.placed(Self.order(1))) + "\n{\"v\":1,\"ev"
    try torn.write(toFile: target, atomically: false, encoding: .utf8)
    symlink(target, path)
    let linked = PaperJournal(path: path)
    #expect(!linked.writable)
    #expect(linked.readOnlyReason?.contains("symbolic link") == true, "\(linked.readOnlyReason ?? "nil")")
    #expect(linked.load().warnings.first?.contains("symbolic link") == true)
    #expect(linked.append([.placed(Self.order(2))]) != nil)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == torn, "the link's target is untouched")

    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    let fifo = PaperJournal(path: path)
    #expect(!fifo.writable)
    #expect(
      fifo.readOnlyReason?.contains("not a regular file (a FIFO)") == true, "\(fifo.readOnlyReason ?? "nil")")
    #expect(fifo.load().events.isEmpty)

    let zero = PaperJournal(path: "/dev/zero")
    #expect(!zero.writable)
    #expect(zero.load().warnings.first?.contains("not a regular file (a character device)") == true)
  }

  /// A journal of 160,000 events loads in linear time: the ledger finds each order by its id
  /// (it searched every order for each event: 13 s for this journal). A quadratic step here
  /// would take minutes, far past the generous guard.
  @Test func aLargeJournalLoadsInLinearTime() throws {
    let path = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let orders = 80_000
    var text = ""
    for n in 1...orders {
      text += PaperJournalLine.encode(.placed(Self.order(n))) + "\n"
      text += PaperJournalLine.encode(.cancelled(orderID: "P\(n)", timeMs: Int64(n))) + "\n"
    }
    Files.makeDirectories(Files.directory(of: path), mode: 0o700)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let clock = ContinuousClock()
    let start = clock.now
    let loaded = PaperJournal(path: path).load()
    var ledger = PaperLedger()
    var refused = 0
    for event in loaded.events where !ledger.apply(event) { refused += 1 }
    #expect(refused == 0)
    #expect(loaded.events.count == 2 * orders)
    #expect(ledger.open.isEmpty && ledger.orders.count == orders)
    #expect(clock.now - start < .seconds(60), "a guard against a quadratic load, not a timing")
  }
}

/// A flag shared with a journal's injected writer.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
