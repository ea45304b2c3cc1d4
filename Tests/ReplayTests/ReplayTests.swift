import BitMEX
import CZlib
import Foundation
import MarketModel
import Session
import TestSupport
import Testing

@testable import Replay

/// Recordings streamed from disk (issue 12): the real 2021 session, `.gz`, and every kind of bad
/// file, through the same decoder and session as the live feed.
@Suite struct ReplayTests {
  /// A fresh file under the temporary directory, removed by `cleanUp`.
  static func temporary(_ name: String, _ bytes: [UInt8]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func cleanUp(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  /// `bytes` gzip-compressed by zlib, as `--record FILE.gz` writes them.
  static func gzip(_ bytes: [UInt8], to path: String) throws {
    let gz = try #require(gzopen(path, "wb"))
    let written = bytes.withUnsafeBytes { gzwrite(gz, $0.baseAddress, UInt32($0.count)) }
    #expect(Int(written) == bytes.count)
    #expect(gzclose(gz) == Z_OK)
  }

  /// The session after playing `path` to its end for `symbol`.
  static func play(_ path: String, _ symbol: Symbol) throws -> (MarketSession, ReplayToEnd.Outcome) {
    var session = MarketSession(symbol: symbol)
    let player = try ReplayPlayer(path: path)
    let outcome = try ReplayToEnd.run(player, into: &session)
    return (session, outcome)
  }

  /// The same lines decoded and applied one by one, the plain way (as `BitMEXTests` replays).
  static func reference(_ lines: [[UInt8]], _ symbol: Symbol) throws -> MarketState {
    var state = MarketState(symbol: symbol)
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for line in lines {
      batch.removeAll()
      guard (try? decoder.decode(line, into: &batch)) != nil else { continue }
      _ = state.apply(batch)
    }
    return state
  }

  @Test(arguments: ["XBTUSD", "SOLUSDT", "ADAUSDT"] as [Symbol])
  func theRealSessionEndsOnTheBooksOfAPlainReplay(symbol: Symbol) throws {
    let path = Fixture.directory.appendingPathComponent("2021-07-22_session_full.jsonl").path
    let (session, outcome) = try Self.play(path, symbol)
    let expected = try Self.reference(Fixture.lines("2021-07-22_session_full.jsonl"), symbol)
    #expect(outcome.badLines == 0 && !outcome.endedMidLine)
    #expect(outcome.bookSymbols.count == 10)
    #expect(session.market.book.top(.buy, .max) == expected.book.top(.buy, .max))
    #expect(session.market.book.top(.sell, .max) == expected.book.top(.sell, .max))
    #expect(!session.market.book.isEmpty)
    #expect(session.market.tape.count == expected.tape.count)
    #expect(session.market.faultCount == 0)
  }

  @Test func aGzipRecordingReplaysLikeThePlainOne() throws {
    let plain = Fixture.directory.appendingPathComponent("2021-07-22_session_full.jsonl").path
    let gzPath = try Self.temporary("session.jsonl.gz", [])
    defer { Self.cleanUp(gzPath) }
    try Self.gzip(Fixture.bytes("2021-07-22_session_full.jsonl"), to: gzPath)
    let player = try ReplayPlayer(path: gzPath)
    #expect(player.progress == 0)
    var session = MarketSession(symbol: "XBTUSD")
    _ = try ReplayToEnd.run(player, into: &session)
    #expect(player.progress == 1)
    let (expected, _) = try Self.play(plain, "XBTUSD")
    #expect(session.market.book.top(.buy, .max) == expected.market.book.top(.buy, .max))
    #expect(session.market.book.top(.sell, .max) == expected.market.book.top(.sell, .max))
  }

  /// A `.gz`'s progress moves line by line, not a jump for each 1 MB chunk inflated (a 6 MB
  /// recording went 0, 35, 72 %…): through 3 MB of like lines, it stays near the share read.
  @Test func aGzipsProgressMovesWithinAChunk() throws {
    let gzPath = try Self.temporary("long.jsonl.gz", [])
    defer { Self.cleanUp(gzPath) }
    var state: UInt64 = 12  // a fixed seed: the same file every run
    var text: [UInt8] = []
    var count = 0
    while text.count < 3 << 20 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let price = 90_000 + Double(state >> 40 % 100_000) / 10
      let line =
        #"1626993368.001705 {"table":"trade","action":"insert","data":[{"symbol":"XBTUSD","side":"Buy","size":\#(state >> 50),"price":\#(price)}]}"#
        + "\n"
      text += Array(line.utf8)
      count += 1
    }
    try Self.gzip(text, to: gzPath)
    let reader = try RecordingReader(path: gzPath)
    #expect(reader.inflatedSize == Int64(text.count))
    var lines = 0
    var worst = 0.0
    var halfway: (offset: Int64, progress: Double)?
    while try reader.nextLine() != nil {
      lines += 1
      if lines % 500 == 0 { worst = max(worst, abs(reader.progress - Double(lines) / Double(count))) }
      if lines == count / 2 { halfway = (reader.offset, reader.progress) }
    }
    #expect(lines == count)
    // One chunk is a third of the file: without sharing within it, a third off.
    #expect(worst < 0.1, "\(worst)")
    #expect(reader.progress == 1)
    // Back to the middle, and to the start: the same progress as the first time through (it
    // showed 95 % after a seek back on a small recording, read ahead to its end).
    let middle = try #require(halfway)
    try reader.seek(to: middle.offset, lineNumber: count / 2)
    _ = try reader.nextLine()
    #expect(abs(reader.progress - middle.progress) < 0.001, "\(reader.progress) vs \(middle.progress)")
    try reader.seek(to: 0, lineNumber: 0)
    for _ in 0..<10 { _ = try reader.nextLine() }
    #expect(reader.progress < 0.001, "\(reader.progress)")
  }

  @Test func aGzipCutShortPlaysWhatCameBeforeTheCut() throws {
    let gzPath = try Self.temporary("cut.jsonl.gz", [])
    defer { Self.cleanUp(gzPath) }
    try Self.gzip(Fixture.bytes("2021-07-22_session_full.jsonl"), to: gzPath)
    let whole = try Data(contentsOf: URL(fileURLWithPath: gzPath))
    try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: gzPath))
    let (_, outcome) = try Self.play(gzPath, "SOLUSDT")
    #expect(outcome.endedMidLine)
    // Every complete line before the cut plays; the one cut in two is the only bad line.
    #expect(outcome.frames > 50 && outcome.frames < 2_120, "\(outcome.frames) frames")
    #expect(outcome.badLines == 1, "\(outcome.lastBadLine ?? "")")
  }

  @Test func recorderLinesCarryTheirTimesAndSiblingTimesAreRead() throws {
    let path = Fixture.directory.appendingPathComponent("2021-07-22_session_full.jsonl").path
    let player = try ReplayPlayer(path: path)
    var batch = MarketBatch()
    var first: Double?
    while case let step = try player.next(into: &batch), step != .end {
      if case .frame(let t?) = step, first == nil { first = t }
    }
    // The sibling .recv-times.txt starts at 22:36:07.86 UTC on 2021-07-22.
    #expect(first.map { abs($0 - 1_626_993_367.86) < 1 } == true, "\(String(describing: first))")

    let line = Array("1626993368.001705 {\"table\":\"trade\",\"action\":\"insert\",\"data\":[]}".utf8)
    let (parsed, kind) = line.withUnsafeBytes { RecordedLine.parse($0) }
    #expect(kind == .frame)
    #expect(parsed.time.map { abs($0 - 1_626_993_368.001705) < 1e-6 } == true)
    #expect(parsed.frameStart == 18)
  }

  /// A rewind goes straight to the mark's line in the `.recv-times.txt` sibling: it reads none
  /// of the sibling's lines before it again (it read them all from the start), and the times
  /// after it are the ones the first pass saw.
  @Test func aRewindDoesNotReadTheTimesFileAgain() throws {
    let path = Fixture.directory.appendingPathComponent("2021-07-22_session_full.jsonl").path
    let player = try ReplayPlayer(path: path)
    var batch = MarketBatch()
    var timeAtLine: [Int: Double] = [:]
    while case let step = try player.next(into: &batch), step != .end {
      if case .frame(let t?) = step { timeAtLine[player.lineNumber] = t }
      batch.removeAll()
    }
    #expect(player.timeLinesRead == 2_120)
    let mark = try #require(player.partials.last)
    #expect(mark.linesBefore > 50)
    #expect(mark.timesOffset != nil)
    try player.rewind(to: mark)
    #expect(player.timeLinesRead == 2_120)
    var checked = 0
    while checked < 50, case let step = try player.next(into: &batch), step != .end {
      if case .frame(let t?) = step {
        #expect(t == timeAtLine[player.lineNumber], "line \(player.lineNumber)")
        checked += 1
      }
      batch.removeAll()
    }
    #expect(checked == 50)
    #expect(player.timeLinesRead == 2_120 + (player.lineNumber - mark.linesBefore))
  }

  /// The rewind point found by halving each table's marks is the one a scan of every mark finds
  /// (for each table its last partial at or before the time, the earliest of those), for times
  /// all through the recording, before it and after it.
  @Test func theRewindPointIsTheOneAScanFinds() throws {
    // The session three times over in the recorder's format, 40 s apart: each table has three
    // partials.
    let lines = try Fixture.lines("2021-07-22_session_full.jsonl")
    let times = try String(
      contentsOf: Fixture.directory.appendingPathComponent("2021-07-22_session_full.recv-times.txt"),
      encoding: .utf8
    ).split(separator: "\n").map { Double($0)! }
    var text: [UInt8] = []
    for copy in 0..<3 {
      for (line, time) in zip(lines, times) {
        text += Array("\(time + Double(copy) * 40) ".utf8) + line + [0x0A]
      }
    }
    let path = try Self.temporary("thrice.jsonl", text)
    defer { Self.cleanUp(path) }
    let player = try ReplayPlayer(path: path)
    var batch = MarketBatch()
    while try player.next(into: &batch) != .end { batch.removeAll() }
    let marks = player.partials
    #expect(marks.count > 60)
    #expect(Dictionary(grouping: marks, by: \.topic).values.allSatisfy { $0.count == 3 })
    func scan(_ time: Double, _ marks: [ReplayPlayer.PartialMark] = marks) -> ReplayPlayer.PartialMark? {
      var latest: [Topic: ReplayPlayer.PartialMark] = [:]
      let topics = Set(marks.map(\.topic))
      for mark in marks where (mark.time.map { $0 <= time } ?? false) { latest[mark.topic] = mark }
      guard latest.count == topics.count else { return nil }
      return latest.values.min { $0.offset < $1.offset }
    }
    let markTimes = marks.compactMap(\.time)
    let first = try #require(markTimes.min())
    let last = try #require(player.lastTime)
    var checked = 0
    var found = 0
    for i in 0...400 {
      let time = first - 1 + (last - first + 2) * Double(i) / 400
      let expected = scan(time)
      #expect(player.rewindPoint(before: time) == expected, "at \(time)")
      checked += 1
      if expected != nil { found += 1 }
    }
    for time in markTimes {
      #expect(player.rewindPoint(before: time) == scan(time), "at a mark's time \(time)")
    }
    #expect(checked == 401)
    #expect(found > 300)
    // A rewind drops the marks after it, and the lookups still agree.
    let second = try #require(player.rewindPoint(before: first + 50))
    try player.rewind(to: second)
    #expect(player.partials.count < marks.count)
    for i in 0...100 {
      let time = first - 1 + (last - first + 2) * Double(i) / 100
      #expect(player.rewindPoint(before: time) == scan(time, player.partials), "after the rewind, at \(time)")
    }
  }

  /// Without receive times a frame's time is its first row timestamp; a partial's (older data)
  /// and a frame without one carry the last time forward.
  @Test(arguments: [
    (
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2021-07-22T22:36:11.685Z","symbol":"XBTUSD"}]}"#,
      1_626_993_371.685 as Double?
    ),
    (
      #"{"info":"Welcome","version":"2021-07-14T01:26:29.000Z","timestamp":"2021-07-22T22:36:07.865Z"}"#,
      1_626_993_367.865
    ),
    (
      #"{"table":"trade","action":"partial","types":{"timestamp":"timestamp"},"data":[{"timestamp":"2021-07-22T22:24:15.328Z"}]}"#,
      nil
    ),
    (
      #"{"table":"orderBookL2","action":"update","data":[{"symbol":"XBTUSD","id":1,"side":"Sell","size":5}]}"#,
      nil
    ),
    (
      #"{"table":"instrument","action":"update","data":[{"fundingTimestamp":"2021-07-23T04:00:00.000Z"}]}"#,
      nil
    ),
    (#"{"table":"trade","action":"insert","data":[{"timestamp":"not a time"}]}"#, nil),
    (#"{"table":"trade","action":"insert","data":[{"timestamp":"2021-07-22T22:36:1"#, nil),
  ])
  func aFramesTimeFromItsRows(frame: String, seconds: Double?) {
    let got = Array(frame.utf8).withUnsafeBytes { DataTime.seconds(in: $0) }
    #expect(got == seconds)
  }

  static let badFiles: [(name: String, bytes: [UInt8], reason: String)] = [
    ("empty.jsonl", [], "holds no frames"),
    ("binary.bin", [0x00, 0xFF, 0x13, 0x37, 0x0A, 0x89, 0x50, 0x4E, 0x47], "holds no frames: 2 bad line(s)"),
    ("junk.txt", Array("hello\nworld\n".utf8), "line 2: not a recorded frame"),
    ("times.txt", Array("12345\n".utf8), "a time not followed by a frame"),
  ]

  @Test(arguments: badFiles)
  func aFileWithNoFramesSaysWhyWithTheLine(name: String, bytes: [UInt8], reason: String) throws {
    let path = try Self.temporary(name, bytes)
    defer { Self.cleanUp(path) }
    let error = #expect(throws: RecordingError.self) { try Self.play(path, "XBTUSD") }
    #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
  }

  @Test func aDirectoryIsRefusedAtOnce() throws {
    let path = try Self.temporary("x", [])
    defer { Self.cleanUp(path) }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let error = #expect(throws: RecordingError.self) { try ReplayPlayer(path: directory) }
    #expect(error?.reason == "is a directory, not a recording")
    let missing = #expect(throws: RecordingError.self) { try ReplayPlayer(path: directory + "/none.jsonl") }
    #expect(missing?.reason == "No such file or directory")
  }

  @Test func badLinesAreSkippedCountedAndACutLastLineStillPlaysTheRest() throws {
    var lines = Fixture.lines("2021-07-22_orderBookL2_SOLUSDT_replay.jsonl")
    let complete = lines.count
    lines.insert(Array("not json at all".utf8), at: 3)
    lines.insert(Array("{\"table\":\"orderBookL2\",\"action\":".utf8), at: 5)
    var bytes = lines.joined(separator: [0x0A]).map { $0 }
    bytes += [0x0A] + Array("{\"table\":\"orderBookL2\",\"act".utf8)  // cut mid-line, no newline
    let path = try Self.temporary("cut.jsonl", bytes)
    defer { Self.cleanUp(path) }
    let (session, outcome) = try Self.play(path, "SOLUSDT")
    #expect(outcome.badLines == 3, "\(outcome)")
    #expect(outcome.endedMidLine)
    #expect(outcome.frames == complete)
    let expected = try Self.reference(Fixture.lines("2021-07-22_orderBookL2_SOLUSDT_replay.jsonl"), "SOLUSDT")
    #expect(session.market.book.top(.buy, .max) == expected.book.top(.buy, .max))
    #expect(outcome.lastBadLine?.hasPrefix("line \(complete + 3):") == true, "\(outcome)")
  }

  /// `--once` shares the decoding with the applying thread when it catches up: whoever decodes
  /// a batch, the replay ends on the same books, counts the same frames and bad lines, names the
  /// same last bad line, and finds the same book symbols (`always` hands every batch after the
  /// first over undecoded; small batches so that many are handed over).
  @Test(arguments: [ReplaySource.Sharing.never, .whenCaughtUp, .always])
  func sharedDecodingPlaysAsTheReplayThreadAlone(sharing: ReplaySource.Sharing) throws {
    var lines = Fixture.lines("2021-07-22_session_full.jsonl")
    let complete = lines.count
    lines.insert(Array("not json at all".utf8), at: 3)
    lines.insert(Array("{\"table\":\"orderBookL2\",\"action\":".utf8), at: 700)
    var bytes = lines.joined(separator: [0x0A]).map { $0 }
    bytes += [0x0A] + Array("{\"table\":\"orderBookL2\",\"act".utf8)
    let path = try Self.temporary("shared.jsonl", bytes)
    defer { Self.cleanUp(path) }
    for symbol in ["XBTUSD", "SOLUSDT"] as [Symbol] {
      var session = MarketSession(symbol: symbol)
      let outcome = try ReplayToEnd.run(
        try ReplayPlayer(path: path), into: &session, batchFrames: 5, sharing: sharing)
      #expect(outcome.frames == complete, "\(sharing) \(outcome)")
      #expect(outcome.badLines == 3, "\(sharing) \(outcome)")
      #expect(outcome.lastBadLine?.hasPrefix("line \(complete + 3):") == true, "\(sharing) \(outcome)")
      #expect(outcome.endedMidLine)
      #expect(
        Set(outcome.bookSymbols).count == 10 && outcome.bookSymbols.count == 10, "\(outcome.bookSymbols)")
      let expected = try Self.reference(Fixture.lines("2021-07-22_session_full.jsonl"), symbol)
      #expect(session.market.book.top(.buy, .max) == expected.book.top(.buy, .max), "\(sharing) \(symbol)")
      #expect(session.market.book.top(.sell, .max) == expected.book.top(.sell, .max), "\(sharing) \(symbol)")
      #expect(session.market.tape.count == expected.tape.count, "\(sharing) \(symbol)")
      #expect(session.market.faultCount == 0)
    }
  }

  @Test func aLineLongerThanTheLimitStopsTheReaderWithoutFillingMemory() throws {
    // 1 MB without a newline is fine; the limit is what stops junk, so check it is reported.
    let path = try Self.temporary("long.jsonl", [UInt8](repeating: UInt8(ascii: "{"), count: 3 << 20))
    defer { Self.cleanUp(path) }
    let reader = try RecordingReader(path: path)
    let line = try #require(try reader.nextLine())
    #expect(line.count == 3 << 20)
    #expect(reader.lastLineWasCut)
    #expect(RecordingReader.maxLineBytes >= 16 << 20)
  }
}
