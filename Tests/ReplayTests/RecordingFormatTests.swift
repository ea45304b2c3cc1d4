import Binance
import BitMEX
import Bybit
import Coinbase
import Foundation
import Kraken
import MarketModel
import OKX
import Session
import TestSupport
import Testing

@testable import Feed
@testable import Replay

/// Recordings name their venue (issue 23): the recorder writes format 2 (a header line, each
/// frame line tagged with its venue), and the readers take format 2, version 1, plain JSONL,
/// cryptofeed's and hftbacktest's lines; lines of another venue than the one replayed are skipped
/// and counted, never decoded.
@Suite struct RecordingFormatTests {
  static let session = "2021-07-22_session_full.jsonl"

  static func parse(_ text: String) -> (RecordedLine, RecordedLine.Kind) {
    Array(text.utf8).withUnsafeBytes { RecordedLine.parse($0) }
  }

  /// Every line format, as the parser splits it: time, venue, where the frame starts.
  @Test(
    arguments: [
      ("1626993368.001705 bitmex {\"table\":\"trade\"}", 1_626_993_368.001705, Venue.bitmex as Venue?, 25),
      ("1626993368.001705 binance-usdm {}", 1_626_993_368.001705, .binanceUSDM, 31),
      ("1626993368.5 bybit-inverse [1]", 1_626_993_368.5, .bybitInverse, 27),
      ("1626993368.5 okx pong", 1_626_993_368.5, .okx, 17),
      ("1626993368.001705 {\"table\":\"trade\"}", 1_626_993_368.001705, nil, 18),
      ("1626993368.001705: {\"table\":\"trade\"}", 1_626_993_368.001705, nil, 19),
      ("1626993368.5 pong", 1_626_993_368.5, nil, 13),
      ("1723161253937085768 {\"stream\":\"btcusdt@depth@100ms\"}", 1_723_161_253.937085768, nil, 20),
      ("1723161253937085768 binance {}", 1_723_161_253.937085768, .binance, 28),
    ] as [(String, Double, Venue?, Int)])
  func eachFormatSplitsIntoTimeVenueAndFrame(line: String, time: Double, venue: Venue?, frameStart: Int) {
    let (parsed, kind) = Self.parse(line)
    #expect(kind == .frame, "\(line)")
    #expect(parsed.time.map { abs($0 - time) < 1e-6 } == true, "\(line): \(String(describing: parsed.time))")
    #expect(parsed.venue == venue, "\(line)")
    #expect(parsed.frameStart == frameStart, "\(line)")
  }

  @Test func plainJSONLHasNoTimeAndNoVenue() {
    let (parsed, kind) = Self.parse("{\"table\":\"trade\"}")
    #expect(kind == .frame)
    #expect(parsed.time == nil && parsed.venue == nil && parsed.frameStart == 0)
    #expect(Self.parse(RecordingFormat.header.trimmingCharacters(in: .newlines)).1 == .blank)
  }

  /// Nanoseconds are 19 digits without a point; 13 to 18 digits, 20, or 19 with a point are no
  /// time (they were all "too large" before, the 19 digits of hftbacktest's captures too).
  @Test(arguments: [
    ("1723161253937085768 {}", true),
    ("9999999999999999999 {}", true),
    ("1723161253937 {}", false),
    ("172316125393708576 {}", false),
    ("17231612539370857680 {}", false),
    ("1723161253937085768.5 {}", false),
  ])
  func nanosecondsAreNineteenDigits(line: String, reads: Bool) {
    let (parsed, kind) = Self.parse(line)
    if reads {
      #expect(kind == .frame, "\(line)")
      #expect(parsed.time != nil)
    } else {
      #expect(kind == .bad("a time too large"), "\(line)")
    }
  }

  @Test func aTagNoVenueHasIsABadLine() {
    // A well-formed name is a venue's tag, registered or not: its lines are another venue's.
    #expect(Self.parse("1626993368.5 deribit {}").0.venue == Venue(name: "deribit"))
    // A word that cannot be a venue's name is a bad line.
    #expect(Self.parse("1626993368.5 1inch {}").1 == .bad("a venue tag that is no venue's name"))
    #expect(Self.parse("1626993368.5 abcdefghijklmnop {}").1 == .bad("a venue tag that is no venue's name"))
    #expect(Self.parse("1626993368.5 bitmex ").1 == .bad("a venue tag without a frame"))
    // Upper case is no tag: the frame starts after the time (and will not decode).
    #expect(Self.parse("1626993368.5 BITMEX {}").0.venue == nil)
  }

  /// Every registered venue's name is read back as its tag.
  @Test(arguments: [
    Venue.bitmex, .kraken, .binance, .binanceUSDM, .coinbase, .bybitSpot, .bybitLinear, .bybitInverse, .okx,
  ])
  func everyVenuesNameIsATag(venue: Venue) {
    let (parsed, kind) = Self.parse("1626993368.5 \(venue.rawValue) {}")
    #expect(kind == .frame)
    #expect(parsed.venue == venue)
  }

  /// The venue the caller expects, its tag matched a word at a time, changes nothing of what a
  /// line reads as: whichever venue is expected, for lines of that venue, of another, of a name
  /// that only starts like it, without a frame, and too short for two words.
  @Test(arguments: [
    Venue.bitmex, .kraken, .binance, .binanceUSDM, .coinbase, .bybitSpot, .bybitInverse, .okx,
  ])
  func theExpectedVenueReadsAsTheByteLoopDoes(expected: Venue) {
    let lines = [
      "1626993368.001705 bitmex {\"table\":\"trade\"}", "1626993368.5 bitmex {}", "1626993368.5 bitmex ",
      "1626993368.5 bitmexx {\"table\":\"trade\"}", "1626993368.5 bitme {\"table\":\"trade\"}",
      "1626993368.5 binance-usdm {\"e\":\"depthUpdate\"}", "1626993368.5 binance {\"e\":\"depthUpdate\"}",
      "1626993368.5 binance-usd {\"e\":\"depthUpdate\"}", "1626993368.5 bybit-inverse [1, 2, 3, 4]",
      "1626993368.5 bybit-inverse{\"topic\":\"orderbook\"}", "1626993368.5 okx pong", "1626993368.5 okx {}",
      "1626993368.5 okx                ", "1626993368.5 kraken\t{\"channel\":\"book\"}",
      "1626993368.5 coinbase {\"type\":\"l2update\"}", "1626993368.5 abcdefghijklmnop {\"a\":1}",
      "1626993368.5 1inch {\"a\":1, \"b\": 2}", "1626993368.5 BITMEX {\"table\":\"trade\"}",
      "1626993368.5 {\"table\":\"trade\"}", "{\"table\":\"trade\"}", "1626993368.5 pong",
    ]
    for line in lines {
      Array(line.utf8).withUnsafeBytes { bytes in
        let loop = RecordedLine.parse(bytes)
        let words = RecordedLine.parse(bytes, expected: expected)
        #expect(words.0 == loop.0 && words.1 == loop.1, "\(line) expecting \(expected)")
      }
    }
  }

  /// hftbacktest's captures (Binance spot and USDⓈ-M, 2024): every line is a frame timed in
  /// nanoseconds, within the 10 s the capture spans.
  @Test(arguments: [
    "binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt",
    "binance-usdm_2024-08-08_BTCUSDT_depth0ms-trade-bookTicker-snapshot_hftbacktest.txt",
  ])
  func hftbacktestCapturesReadAsNanoseconds(name: String) throws {
    let reader = try RecordingReader(
      path: Fixture.directory.appendingPathComponent("exchanges").appendingPathComponent(name).path)
    var lines = 0
    var times: [Double] = []
    var notFrames: [Int] = []
    while let line = try reader.nextLine() {
      lines += 1
      let (parsed, kind) = RecordedLine.parse(line)
      if kind != .frame || parsed.venue != nil || line[parsed.frameStart] != UInt8(ascii: "{") {
        notFrames.append(lines)
      }
      if let t = parsed.time { times.append(t) }
    }
    #expect(
      notFrames.isEmpty, "\(notFrames.count) lines not read as frames, the first: \(notFrames.prefix(5))")
    #expect(lines > 1_000 && times.count == lines)
    let first = try #require(times.first)
    #expect(first > 1_723_161_253 && first < 1_723_161_256, "\(first)")
    #expect((times.max() ?? 0) - (times.min() ?? 0) < 12)
  }

  /// The lines the recorder wrote, and the same frames in version 1, in plain JSONL with its
  /// times beside it (the fixture itself), all end on the same books, which are the books of the
  /// frames decoded one by one.
  @Test(arguments: ["rec.jsonl", "rec.jsonl.gz"])
  func aRecordingInFormatTwoEndsOnTheBooksOfVersionOne(name: String) throws {
    let lines = try Fixture.lines(Self.session)
    let v2 = try ReplayTests.temporary(name, [])
    defer { ReplayTests.cleanUp(v2) }
    let recorder = FrameRecorder(path: v2)
    for line in lines { line.withUnsafeBytes { recorder.record($0, now: .now()) } }
    recorder.close()
    #expect(recorder.failure == nil)

    // The header first, then every frame tagged (read inflated, for the .gz).
    let reader = try RecordingReader(path: v2)
    #expect(reader.isCompressed == name.hasSuffix(".gz"))
    let header = try #require(try reader.nextLine())
    #expect(String(decoding: header, as: UTF8.self) + "\n" == RecordingFormat.header)
    var tagged = 0
    while let line = try reader.nextLine() {
      let (parsed, kind) = RecordedLine.parse(line)
      if kind == .frame, parsed.venue == .bitmex, parsed.time != nil { tagged += 1 }
    }
    #expect(tagged == lines.count)

    let times = try String(
      contentsOf: Fixture.directory.appendingPathComponent("2021-07-22_session_full.recv-times.txt"),
      encoding: .utf8
    ).split(separator: "\n")
    var text: [UInt8] = []
    for (line, time) in zip(lines, times) { text += Array("\(time) ".utf8) + line + [0x0A] }
    let v1 = try ReplayTests.temporary("v1.jsonl", text)
    defer { ReplayTests.cleanUp(v1) }
    let bare = Fixture.directory.appendingPathComponent(Self.session).path

    for symbol in ["XBTUSD", "SOLUSDT", "ADAUSDT"] as [Symbol] {
      let expected = try ReplayTests.reference(lines, symbol)
      for path in [v2, v1, bare] {
        let (session, outcome) = try ReplayTests.play(path, symbol)
        #expect(outcome.frames == lines.count, "\(path)")
        #expect(outcome.badLines == 0 && outcome.otherVenueLines == 0, "\(path) \(outcome)")
        #expect(session.market.book.top(.buy, .max) == expected.book.top(.buy, .max), "\(path) \(symbol)")
        #expect(session.market.book.top(.sell, .max) == expected.book.top(.sell, .max), "\(path) \(symbol)")
        #expect(!session.market.book.isEmpty)
        #expect(session.market.tape.count == expected.tape.count, "\(path) \(symbol)")
        #expect(session.market.faultCount == 0)
      }
    }
  }

  /// A recording of several venues played as BitMEX: the other venues' lines are skipped and
  /// counted, never decoded (they are BitMEX trades here, which would change the tape if they
  /// were), whoever decodes (the replay thread, or the applying thread its share).
  @Test(arguments: [ReplaySource.Sharing.never, .always])
  func anotherVenuesLinesAreSkippedAndCounted(sharing: ReplaySource.Sharing) throws {
    let lines = try Fixture.lines(Self.session)
    let stray = Array(
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2021-07-22T22:36:20.000Z","symbol":"XBTUSD","side":"Buy","size":1,"price":1.5,"tickDirection":"PlusTick","trdMatchID":"00000000-0000-0000-0000-000000000001","grossValue":1,"homeNotional":1,"foreignNotional":1}]}"#
        .utf8)
    var text = Array(RecordingFormat.header.utf8)
    var others = 0
    for (i, line) in lines.enumerated() {
      text += Array("1626993368.\(String(format: "%06d", i)) bitmex ".utf8) + line + [0x0A]
      if i % 100 == 50 {
        let venue: Venue = others % 2 == 0 ? .kraken : .okx
        text += Array("1626993368.\(String(format: "%06d", i)) \(venue.rawValue) ".utf8) + stray + [0x0A]
        others += 1
      }
    }
    let path = try ReplayTests.temporary("mixed.jsonl", text)
    defer { ReplayTests.cleanUp(path) }
    var session = MarketSession(symbol: "XBTUSD")
    let outcome = try ReplayToEnd.run(
      try ReplayPlayer(path: path), into: &session, batchFrames: 5, sharing: sharing)
    #expect(others > 10)
    #expect(outcome.otherVenueLines == others, "\(outcome)")
    #expect(outcome.otherVenues == [.kraken, .okx])
    #expect(outcome.badLines == 0, "\(outcome)")
    #expect(outcome.frames == lines.count)
    let expected = try ReplayTests.reference(lines, "XBTUSD")
    #expect(session.market.book.top(.buy, .max) == expected.book.top(.buy, .max))
    #expect(session.market.tape.count == expected.tape.count)
    #expect(session.replay?.otherVenueLines == others)
  }

  /// A recording of another venue alone, played as BitMEX, says so instead of "no frames".
  @Test func aRecordingOfAnotherVenueAloneSaysWhose() throws {
    let text =
      RecordingFormat.header + "1626993368.5 kraken {\"channel\":\"book\"}\n1626993369.5 kraken pong\n"
    let path = try ReplayTests.temporary("kraken.jsonl", Array(text.utf8))
    defer { ReplayTests.cleanUp(path) }
    let error = #expect(throws: RecordingError.self) { try ReplayTests.play(path, "XBTUSD") }
    #expect(error?.reason == "holds no bitmex frames: 2 line(s) of kraken", "\(String(describing: error))")
  }

  /// Lines read again after a rewind are not counted twice.
  @Test func aRewindDoesNotCountAnotherVenuesLinesTwice() throws {
    let text =
      RecordingFormat.header + "1626993368.5 kraken {}\n1626993368.6 bitmex pong\n1626993368.7 okx {}\n"
    let path = try ReplayTests.temporary("twice.jsonl", Array(text.utf8))
    defer { ReplayTests.cleanUp(path) }
    let player = try ReplayPlayer(path: path)
    var batch = MarketBatch()
    while try player.next(into: &batch) != .end {}
    #expect(player.otherVenueLines == 2 && player.frames == 1)
    try player.restart()
    while try player.next(into: &batch) != .end {}
    #expect(player.otherVenueLines == 2)
    #expect(player.otherVenueWords == "2 line(s) of kraken, okx")
  }
}
