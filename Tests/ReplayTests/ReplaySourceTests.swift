import BitMEX
import Foundation
import MarketModel
import Session
import TestSupport
import Testing

@testable import Feed
@testable import Replay

/// The replay thread and its controls (issue 12): a seek forward or back lands on the same book
/// as a replay stopped at that time; a restart starts again from nothing; the position says
/// where the replay is.
@Suite struct ReplaySourceTests {
  static let name = "2021-07-22_session_full.jsonl"
  static var path: String { Fixture.directory.appendingPathComponent(name).path }

  /// The frames of the recording with a receive time before `time`, applied one by one.
  static func stoppedAt(_ time: Double, _ symbol: Symbol, path: String = path) throws -> MarketState {
    let player = try ReplayPlayer(path: path)
    var state = MarketState(symbol: symbol)
    var batch = MarketBatch()
    while true {
      let step = try player.advance()
      if step == .end { break }
      guard case .frame(let t) = step, let t, t < time else {
        if case .frame(let t?) = step, t >= time { break }
        continue
      }
      batch.removeAll()
      if player.decodePending(into: &batch) { _ = state.apply(batch) }
    }
    return state
  }

  /// Drains `source` into `session` until `done` holds for the replay's position, with a deadline.
  static func pump(
    _ source: ReplaySource, into session: inout MarketSession, rewinds: inout Int,
    until done: (ReplayPosition) -> Bool
  ) throws {
    var batch = MarketBatch()
    let deadline = MonotonicTime.now() + 20
    while MonotonicTime.now() < deadline {
      let update = source.next(into: &batch, timeout: 0.2)
      if update.rewound { rewinds += 1 }
      _ = session.ingest(update, batch, now: .now())
      batch.removeAll()
      if let position = update.replay, done(position) { return }
    }
    Issue.record(
      "the replay did not reach the wanted position within 20 s: \(String(describing: session.replay))")
  }

  /// The session recording played to its end at speed 0 for XBTUSD; then `body`, with the source,
  /// the session and the rewinds counted so far.
  static func afterPlayingToTheEnd(
    _ body: (ReplaySource, inout MarketSession, inout Int) throws -> Void
  ) throws {
    let source = ReplaySource(player: try ReplayPlayer(path: path), symbol: "XBTUSD", speed: 0)
    source.start()
    defer { source.stop() }
    var session = MarketSession(symbol: "XBTUSD")
    var rewinds = 0
    try pump(source, into: &session, rewinds: &rewinds) { $0.ended }
    try body(source, &session, &rewinds)
  }

  static func sameBook(_ a: MarketState, _ b: MarketState) {
    #expect(a.book.top(.buy, .max) == b.book.top(.buy, .max))
    #expect(a.book.top(.sell, .max) == b.book.top(.sell, .max))
    #expect(!a.book.isEmpty)
  }

  /// The session's recording without its `.recv-times.txt`: the frames' times come from their
  /// rows' timestamps.
  static func bareCopy() throws -> String {
    try ReplayTests.temporary("bare.jsonl", try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test(arguments: [("XBTUSD", false), ("SOLUSDT", false), ("XBTUSD", true)] as [(Symbol, Bool)])
  func seekingBackAndForwardLandsOnTheBookOfAReplayStoppedThere(symbol: Symbol, bare: Bool) throws {
    let path = bare ? try Self.bareCopy() : Self.path
    defer { if bare { ReplayTests.cleanUp(path) } }
    let source = ReplaySource(player: try ReplayPlayer(path: path), symbol: symbol.description, speed: 0)
    source.start()
    defer { source.stop() }
    var session = MarketSession(symbol: symbol)
    var rewinds = 0
    try Self.pump(source, into: &session, rewinds: &rewinds) { $0.ended }
    let end = try #require(session.replay?.time)
    // Bare, the end is the latest first-row timestamp: 2021-07-22T22:36:37.613Z.
    if bare { #expect(abs(end - 1_626_993_397.613) < 0.001, "\(end)") }
    let full = try Self.stoppedAt(.infinity, symbol, path: path)
    Self.sameBook(session.market, full)
    // The books 12 s and 7 s before the end differ from the last one, or this test proves nothing.
    #expect(
      try Self.stoppedAt(end - 12, symbol, path: path).book.top(.buy, .max) != full.book.top(.buy, .max))
    #expect(
      try Self.stoppedAt(end - 7, symbol, path: path).book.top(.sell, .max) != full.book.top(.sell, .max))

    // Back 12 s, paused there: the book as it stood 12 s before the end.
    source.control(.togglePause)
    source.control(.seek(seconds: -12))
    try Self.pump(source, into: &session, rewinds: &rewinds) { $0.paused && $0.seekingTo == nil && !$0.ended }
    #expect(rewinds == 1)
    let back = try #require(session.replay?.time)
    #expect(back < end - 11)
    Self.sameBook(session.market, try Self.stoppedAt(end - 12, symbol, path: path))
    #expect(session.market.faultCount == 0)

    // Forward 5 s from there, still paused: it stops before the first frame at or after the
    // target (without receive times, frames are seconds apart: at least 3 s on).
    source.control(.seek(seconds: 5))
    try Self.pump(source, into: &session, rewinds: &rewinds) {
      $0.paused && $0.seekingTo == nil && ($0.time ?? 0) >= back + 3
    }
    #expect(rewinds == 1)
    Self.sameBook(session.market, try Self.stoppedAt(end - 7, symbol, path: path))
  }

  /// Frames timed by their data can be years apart: at speed 1 the gap is not waited out.
  @Test func aBareFileOfFramesYearsApartDoesNotWaitTheYears() throws {
    let trade = { (time: String) in
      #"{"table":"trade","action":"insert","data":[{"timestamp":"\#(time)","symbol":"XBTUSD","side":"Buy","size":1,"price":1.5}]}"#
    }
    let text = [
      trade("2020-10-12T16:46:20.255Z"), trade("2020-10-12T16:46:20.755Z"), trade("2023-02-15T08:11:07.523Z"),
    ]
    let path = try ReplayTests.temporary("years.jsonl", Array((text.joined(separator: "\n") + "\n").utf8))
    defer { ReplayTests.cleanUp(path) }
    let source = ReplaySource(player: try ReplayPlayer(path: path), symbol: "XBTUSD", speed: 1)
    source.start()
    defer { source.stop() }
    var session = MarketSession(symbol: "XBTUSD")
    var rewinds = 0
    try Self.pump(source, into: &session, rewinds: &rewinds) { $0.ended }
    #expect(session.replay?.time == 1_676_448_667.523)
  }

  @Test func restartStartsFromNothingAndPlaysToTheSameEnd() throws {
    try Self.afterPlayingToTheEnd { source, session, rewinds in
      let tape = session.market.tape.count
      source.control(.restart)
      try Self.pump(source, into: &session, rewinds: &rewinds) { $0.ended }
      #expect(rewinds == 1)
      // The tape was emptied by the rewind, not doubled by playing twice.
      #expect(session.market.tape.count == tape)
      Self.sameBook(session.market, try Self.stoppedAt(.infinity, "XBTUSD"))
    }
  }

  /// `R` while paused shows the opening books and stays paused (it read nothing until resumed:
  /// empty panes).
  @Test func aRestartWhilePausedShowsTheOpeningBooks() throws {
    try Self.afterPlayingToTheEnd { source, session, rewinds in
      source.control(.togglePause)
      try Self.pump(source, into: &session, rewinds: &rewinds) { $0.paused }
      source.control(.restart)
      try Self.pump(source, into: &session, rewinds: &rewinds) {
        $0.paused && $0.seekingTo == nil && $0.time != nil
      }
      #expect(rewinds == 1)
      #expect(!session.market.book.isEmpty)
      #expect(session.replay?.paused == true && session.replay?.ended == false)
      // Where it waits: the first frame once every table has had its first partial.
      let scan = try ReplayPlayer(path: Self.path)
      var batch = MarketBatch()
      while try scan.next(into: &batch) != .end { batch.removeAll() }
      let opening = try #require(scan.openingTime)
      let time = try #require(session.replay?.time)
      #expect(time >= opening && time < opening + 1, "waits at \(time), the opening is \(opening)")
      #expect(session.replay?.progress ?? 1 < 1)
    }
  }

  /// A symbol switch asks for a seek of 0: the replay plays again from the last partials up to
  /// where it was (after the end too), so the new symbol's book is built from its own partial.
  @Test func aSeekOfZeroAfterTheEndRebuildsAnotherSymbolsBook() throws {
    try Self.afterPlayingToTheEnd { source, session, rewinds in
      _ = session.switchSymbol(to: "SOLUSDT")
      #expect(session.market.book.isEmpty)
      source.control(.seek(seconds: 0))
      try Self.pump(source, into: &session, rewinds: &rewinds) { $0.ended }
      #expect(rewinds == 1)
      Self.sameBook(session.market, try Self.stoppedAt(.infinity, "SOLUSDT"))
    }
  }

  /// On the dashboard (`DashboardSource`), a symbol switch posted to a recording is that seek of
  /// 0: the new symbol's book is rebuilt from its own partial. A recording is BitMEX's: its
  /// frames are drained into the BitMEX batch, none into the venue one.
  @Test func aSwitchPostedToTheDashboardsSourceRebuildsTheNewSymbolsBook() throws {
    try Self.afterPlayingToTheEnd { source, session, rewinds in
      let dashboard: any DashboardSource = source
      #expect(!dashboard.isVenue)
      _ = session.switchSymbol(to: "SOLUSDT")
      dashboard.post(.switchSymbol("SOLUSDT"))
      var batch = MarketBatch()
      var venue = VenueBatch()
      let deadline = MonotonicTime.now() + 20
      var ended = false
      while !ended, MonotonicTime.now() < deadline {
        _ = source.wake.wait(timeout: 0.2)
        let update = dashboard.drain(into: &batch, venue: &venue)
        if update.rewound { rewinds += 1 }
        _ = session.ingest(update, batch, now: .now())
        #expect(venue.events.isEmpty)
        batch.removeAll()
        ended = rewinds == 1 && update.replay?.ended == true
      }
      #expect(ended, "the replay did not play to its end again within 20 s")
      Self.sameBook(session.market, try Self.stoppedAt(.infinity, "SOLUSDT"))
    }
  }

  @Test func thePositionSaysPausedSpeedAndProgress() throws {
    let source = ReplaySource(player: try ReplayPlayer(path: Self.path), symbol: "XBTUSD", speed: 1)
    source.start()
    defer { source.stop() }
    var session = MarketSession(symbol: "XBTUSD")
    var rewinds = 0
    source.control(.faster(true))
    source.control(.togglePause)
    try Self.pump(source, into: &session, rewinds: &rewinds) { $0.paused && $0.speed == 2 }
    source.control(.togglePause)
    source.control(.faster(false))
    source.control(.faster(false))
    try Self.pump(source, into: &session, rewinds: &rewinds) { !$0.paused && $0.speed == 0.5 }
    source.control(.seek(seconds: 3_600))
    try Self.pump(source, into: &session, rewinds: &rewinds) { $0.ended }
    #expect(session.replay?.progress == 1)
  }

  @Test(arguments: [
    (1.0, true, 2.0), (1.0, false, 0.5), (3.0, true, 4.0), (3.0, false, 2.0), (1024.0, true, 0.0),
    (0.0, false, 1024.0), (0.0, true, 0.0), (0.125, false, 0.125),
  ])
  func speedStepsDoubleAndHalve(from: Double, faster: Bool, to: Double) {
    #expect(ReplayPosition.step(from, faster: faster) == to)
  }
}

/// `--record` then `--replay`: what the recorder writes, plain or `.gz`, plays back frame for
/// frame, and its closing note is skipped, not counted as bad.
@Suite struct RecordThenReplayTests {
  @Test(arguments: ["rec.jsonl", "rec.jsonl.gz"])
  func recordedFramesReplayOneForOne(name: String) throws {
    let lines = try Fixture.lines("2021-07-22_session_full.jsonl")
    let path = try ReplayTests.temporary(name, [])
    defer { ReplayTests.cleanUp(path) }
    let recorder = FrameRecorder(path: path)
    for line in lines { line.withUnsafeBytes { recorder.record($0, now: .now()) } }
    recorder.close()
    #expect(recorder.failure == nil)

    let player = try ReplayPlayer(path: path)
    var batch = MarketBatch()
    var frames = 0
    while true {
      let step = try player.next(into: &batch)
      if step == .end { break }
      if case .frame(let time) = step {
        frames += 1
        #expect(time != nil)
      }
    }
    #expect(frames == lines.count)
    #expect(player.badLines == 0)
    var session = MarketSession(symbol: "XBTUSD")
    _ = try ReplayToEnd.run(try ReplayPlayer(path: path), into: &session)
    let expected = try ReplayTests.reference(lines, "XBTUSD")
    #expect(session.market.book.top(.buy, .max) == expected.book.top(.buy, .max))
  }

  @Test func theRecordersClosingNoteIsSkippedNotBad() throws {
    let text = "1626993368.0 pong\n# tradeterm: 3 frame(s) not recorded: the disk fell behind\n"
    let path = try ReplayTests.temporary("note.jsonl", Array(text.utf8))
    defer { ReplayTests.cleanUp(path) }
    let player = try ReplayPlayer(path: path)
    var batch = MarketBatch()
    while try player.next(into: &batch) != .end {}
    #expect(player.badLines == 0)
    #expect(player.frames == 1)
  }
}

/// Lines cut across the reader's chunks are put back together.
@Suite struct ChunkBoundaryTests {
  @Test(arguments: [false, true], [RecordingReader.ReadAhead.replay, .look])
  func aLineLongerThanSeveralChunksReadsWhole(compressed: Bool, readAhead: RecordingReader.ReadAhead) throws {
    let long =
      #"{"table":"trade","action":"insert","data":["# + String(repeating: " ", count: 3_000_123) + "]}"
    let text = "1626993368.0 " + long + "\r\n1626993369.0 pong\n"
    let name = compressed ? "long.jsonl.gz" : "long.jsonl"
    let path = try ReplayTests.temporary(compressed ? "plain" : name, Array(text.utf8))
    defer { ReplayTests.cleanUp(path) }
    var file = path
    if compressed {
      file = path + ".gz"
      try ReplayTests.gzip(Array(text.utf8), to: file)
    }
    let reader = try RecordingReader(path: file, readAhead: readAhead)
    let first = try #require(try reader.nextLine())
    #expect(first.count == 13 + long.utf8.count)
    #expect(first.last == UInt8(ascii: "}"))
    #expect(reader.offset == Int64(13 + long.utf8.count + 2))
    let second = try #require(try reader.nextLine())
    #expect(Array(second) == Array("1626993369.0 pong".utf8))
    #expect(try reader.nextLine() == nil)
    #expect(reader.lineNumber == 2)
    #expect(!reader.lastLineWasCut)

    let player = try ReplayPlayer(path: file, readAhead: readAhead)
    var batch = MarketBatch()
    while try player.next(into: &batch) != .end {}
    #expect(player.frames == 2)
    #expect(player.badLines == 0)
  }

  /// A batch's frames handed over raw go back to the replay thread's spares once drained, empty
  /// or not, with the room they grew: the next batch's frames are copied into it. (Dropped when
  /// they were empty, every batch the replay thread decoded itself cost the next shared batch a
  /// buffer grown from nothing.)
  @Test(arguments: [0, 3])
  func drainedRawFramesGoBackWithTheirRoom(frames: Int) {
    var box = ReplaySource.Mailbox(position: ReplayPosition(speed: 0))
    var raw = RawFrames()
    let frame = Array(#"{"table":"trade","action":"insert","data":[]}"#.utf8)
    for line in 0..<100 { frame.withUnsafeBytes { raw.append($0, line: line) } }
    let room = raw.capacity
    raw.removeAll()
    for line in 0..<frames { frame.withUnsafeBytes { raw.append($0, line: line) } }
    box.ready.append(
      ReplaySource.Handoff(batch: MarketBatch(), position: ReplayPosition(speed: 0), raw: raw))
    raw = RawFrames()

    var batch = MarketBatch()
    var taken = RawFrames()
    _ = ReplaySource.take(&box, into: &batch, raw: &taken)
    #expect(taken.count == frames)
    #expect(box.spareRaw.isEmpty)
    ReplaySource.giveBack(&taken, to: &box)
    #expect(!taken.hasStorage)
    #expect(box.spareRaw.count == 1)
    #expect(box.spareRaw.first?.capacity == room)
  }
}
