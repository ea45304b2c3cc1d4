import Foundation
import Kraken
import MarketModel
import OKX
import Replay
import Session
import Testing

/// The dashboard's replay of another venue's recording (`VenueReplaySource`): the real Kraken
/// capture read from disk, decoded on the replay thread, applied by a `MarketSession` with
/// Kraken's live book rule, as the dashboard does.
@Suite struct VenueReplaySourceTests {
  static let kraken = "Tests/Fixtures/exchanges/kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl"

  /// A session on Kraken's live book rule at the capture's depth (10), as `VenueLive` makes it.
  static func session() -> MarketSession {
    MarketSession(
      symbol: "BTC/USD",
      bookPolicy: .checksum(ChecksumSync(depth: 10, checksum: AnyBookChecksum(KrakenChecksum()))),
      bookDepth: 10, venue: .kraken)
  }

  static func source(_ path: String, speed: Double = 0) throws -> VenueReplaySource {
    try VenueReplaySource(
      path: path, venue: .kraken, symbol: "BTC/USD", decoder: KrakenDecoder(), speed: speed)
  }

  /// Drains `source` into `session` until the replay says it ended (a deadline, not a sleep);
  /// the last position.
  static func playToEnd(_ source: VenueReplaySource, _ session: inout MarketSession) -> ReplayPosition? {
    let deadline = MonotonicTime.now() + 30
    var batch = VenueBatch()
    while MonotonicTime.now() < deadline {
      let update = source.next(into: &batch, timeout: 1)
      _ = session.ingest(update, batch, now: .now())
      batch.removeAll()
      if let position = session.replay, position.ended { return position }
    }
    return nil
  }

  /// The top of a book, price and size in text, `levels` a side.
  static func top(_ book: PriceBook?, _ levels: Int = 10) -> [String] {
    guard let book else { return [] }
    return [BookSide.bid, .ask].flatMap { side in
      let ladder = book[side]
      return (0..<min(levels, ladder.count)).map { rank in
        let l = ladder.level(fromBest: rank)
        return "\(side) \(book.price(l.price)) \(book.size(l.size))"
      }
    }
  }

  /// The same final book and integrity as `--once --replay` of the same file (301 checksums
  /// verified, none failed: `VenueReplayCommandLineTests`), with the status saying ENDED.
  @Test func theKrakenCaptureBuildsTheSameBookAsOnce() throws {
    let source = try Self.source(Self.kraken)
    source.start()
    defer { source.stop() }
    var session = Self.session()
    let end = try #require(Self.playToEnd(source, &session), "the replay never ended")
    #expect(end.badLines == 0 && end.otherVenueLines == 0 && end.failure == nil)
    #expect(session.status?.state == .ended("end of the recording"))
    let integrity = try #require(session.market.bookPolicy?.integrity)
    #expect(integrity.checks == 301 && integrity.failures == 0 && integrity.resyncs == 0, "\(integrity)")
    #expect(session.market.bookSync == .live)

    // `--once --replay`'s path: the recording read line by line into `VenueBookReplay`.
    let once = try #require(
      VenueBookReplayFixture.replay(Self.kraken, symbol: "BTC/USD"), "the fixture did not read")
    #expect(once.sync.integrity.checks == 301)
    #expect(Self.top(session.market.priceBook) == Self.top(once.book))
    #expect(Self.top(session.market.priceBook, 1).first == "bid 63004.9 0.01661321")
  }

  /// A format-2 recording with a line that is no frame, a Kraken frame its decoder refuses and
  /// another venue's line: the Kraken lines replay as they do alone; the bad lines are counted
  /// (with the last one's line number and why), the other venue's apart.
  @Test func badLinesAndOtherVenuesLinesAreSkippedAndCounted() throws {
    let frames = try String(contentsOfFile: Self.kraken, encoding: .utf8).split(separator: "\n")
    var text = "# tradeterm recording 2\n"
    for (i, line) in frames.enumerated() {
      text += "1785552833.\(String(format: "%06d", i)) kraken \(line)\n"
      if i == 3 { text += "1785552833.\(String(format: "%06d", i)) okx {\"event\":\"subscribe\"}\n" }
      if i == 5 { text += "this is no frame\n" }
      if i == 7 { text += "1785552833.\(String(format: "%06d", i)) kraken {\"channel\":\"book\",\"type\":\n" }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-venue-replay-\(UUID().uuidString).jsonl"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let source = try Self.source(path)
    source.start()
    defer { source.stop() }
    var session = Self.session()
    let end = try #require(Self.playToEnd(source, &session), "the replay never ended")
    #expect(end.otherVenueLines == 1 && end.otherVenues == [.okx])
    #expect(end.badLines == 2)
    #expect(end.lastBadLine?.hasPrefix("line 12: ") == true, "\(end.lastBadLine ?? "nil")")
    let integrity = try #require(session.market.bookPolicy?.integrity)
    #expect(integrity.checks == 301 && integrity.failures == 0 && integrity.resyncs == 0, "\(integrity)")
    // Times of the lines: the position says where the replay is.
    #expect(end.startTime == 1_785_552_833.0 && (end.time ?? 0) > 1_785_552_833.0)
  }

  /// A restart after the end reads the file again from its start: the drain says `rewound`
  /// (the session starts an empty market, its position no longer ENDED), and the book is built
  /// again from the snapshots.
  @Test func aRestartPlaysAgainFromTheStart() throws {
    let source = try Self.source(Self.kraken)
    source.start()
    defer { source.stop() }
    var session = Self.session()
    _ = try #require(Self.playToEnd(source, &session), "the replay never ended")
    let first = Self.top(session.market.priceBook)
    // Several times: whether the replay thread has handed a batch over before the drain that
    // says `rewound` is up to the scheduler, and the position must be right either way.
    for round in 1...5 {
      source.control(.restart)
      // The rewind comes first; then the replay plays on to its end again.
      let deadline = MonotonicTime.now() + 30
      var batch = VenueBatch()
      var rewound = false
      while MonotonicTime.now() < deadline, !rewound {
        let update = source.next(into: &batch, timeout: 1)
        rewound = session.ingest(update, batch, now: .now()).rewound
        batch.removeAll()
      }
      #expect(rewound, "round \(round)")
      // The drain that says so no longer says ENDED (the position starts again too).
      #expect(session.replay?.ended == false, "round \(round): \(String(describing: session.replay))")
      let end = try #require(Self.playToEnd(source, &session), "round \(round): the replay never ended again")
      #expect(end.badLines == 0)
      #expect(session.market.bookPolicy?.integrity.failures == 0)
      #expect(Self.top(session.market.priceBook) == first, "round \(round)")
    }
  }
}

extension VenueReplaySourceTests {
  /// A seek back in a recording with times, paused: the file is read again from its start (the
  /// book rule needs the snapshot) without pacing, and the replay stops just before the target,
  /// with the book live.
  @Test func aSeekBackReadsAgainFromTheStartToTheTarget() throws {
    let frames = try String(contentsOfFile: Self.kraken, encoding: .utf8).split(separator: "\n")
    var text = "# tradeterm recording 2\n"
    for (i, line) in frames.enumerated() {
      text += String(format: "%.6f", 1_785_552_833.0 + Double(i) * 0.02) + " kraken \(line)\n"
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-venue-seek-\(UUID().uuidString).jsonl"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = try Self.source(path)
    source.start()
    defer { source.stop() }
    var session = Self.session()
    let end = try #require(Self.playToEnd(source, &session), "the replay never ended")
    let last = try #require(end.time)
    source.control(.togglePause)
    source.control(.seek(seconds: -5))
    let target = last - 5
    let deadline = MonotonicTime.now() + 30
    var batch = VenueBatch()
    var rewound = false
    while MonotonicTime.now() < deadline {
      let update = source.next(into: &batch, timeout: 1)
      rewound = session.ingest(update, batch, now: .now()).rewound || rewound
      batch.removeAll()
      if rewound, let p = session.replay, p.paused, p.seekingTo == nil, let t = p.time, t > target - 0.1 {
        break
      }
    }
    #expect(rewound)
    let p = try #require(session.replay)
    #expect(p.paused && !p.ended && p.seekingTo == nil, "\(p)")
    // The last frame before the target is the last one shown.
    #expect(p.time.map { $0 < target && $0 >= target - 0.021 } == true, "\(p), target \(target)")
    #expect(session.market.bookSync == .live)
    #expect(session.market.bookPolicy?.integrity.failures == 0)
  }
}

/// The dashboard's `--replay FILE VENUE:SYMBOL` from the command line, without a terminal: the
/// file is checked before the terminal is asked for.
@Suite struct VenueReplayDashboardCommandLineTests {
  /// A Kraken recording opens the dashboard (here: is checked, then asks for a terminal), not
  /// refused as `--once`-only.
  @Test func aKrakenRecordingIsForTheDashboard() throws {
    for arguments in [
      [VenueReplaySourceTests.kraken, "kraken:BTC/USD"],
      [VenueReplaySourceTests.kraken, "--venue", "kraken", "--symbol", "BTC/USD"],
    ] {
      let run = try TradetermProcess.run(["--replay"] + arguments)
      #expect(run.status == 2)
      #expect(run.stderr.contains("the dashboard needs a terminal"), "\(run.stderr)")
      #expect(!run.stderr.contains("--once for now"), "\(run.stderr)")
    }
  }

  /// A recording without the symbol's book is refused before the screen opens, in one line.
  @Test func aRecordingWithoutTheBookIsRefused() throws {
    let run = try TradetermProcess.run(["--replay", VenueReplaySourceTests.kraken, "kraken:ETH/USD"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("holds no Kraken book of ETH/USD"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
  }
}

/// `--once --replay`'s reading of a venue's recording, for comparing with the dashboard's.
enum VenueBookReplayFixture {
  static func replay(_ path: String, symbol: Symbol) -> VenueBookReplay? {
    guard let reader = try? RecordingReader(path: path) else { return nil }
    var replay = VenueBookReplay(
      symbol: symbol, decoder: KrakenDecoder(),
      sync: .checksum(ChecksumSync(depth: 25, checksum: AnyBookChecksum(KrakenChecksum()))), inferDepth: true)
    while let line = try? reader.nextLine() {
      let (parsed, kind) = RecordedLine.parse(line)
      guard case .frame = kind else { continue }
      let frame = UnsafeRawBufferPointer(rebasing: line[parsed.frameStart...])
      replay.feed(frame.assumingMemoryBound(to: UInt8.self), receivedAt: Int64(reader.lineNumber))
    }
    return replay
  }
}
