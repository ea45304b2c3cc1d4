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
    #expect(second.readOnlyReason == "journal in use by another tradeterm: read-only")
    #expect(second.load().events == [.placed(Self.order(1))])
    #expect(second.append([.placed(Self.order(2))]) != nil)
  }
}
