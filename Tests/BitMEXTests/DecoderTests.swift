import Foundation
import MarketModel
import TestSupport
import Testing

@testable import BitMEX

/// Decodes one message into a fresh batch.
func decodeOne(_ text: String) throws(DecodeError) -> MarketBatch {
  var decoder = BitMEXDecoder()
  var batch = MarketBatch()
  try decoder.decode(text, into: &batch)
  return batch
}

@Suite struct DecoderTests {
  @Test func barePong() throws {
    #expect(try decodeOne("pong").events == [.pong])
    #expect(try decodeOne("pong\n").events == [.pong])
  }

  @Test func subscribeAckWithStringArgsAndPool() throws {
    let b = try decodeOne(
      #"{"success":true,"subscribe":"trade:XBTUSD","pool":"Aggregated","request":{"op":"subscribe","args":"trade:XBTUSD"}}"#
    )
    #expect(b.events == [.subscribed(topic: "trade:XBTUSD")])
  }

  @Test func failedSubscription() throws {
    let b = try decodeOne(#"{"success":false,"subscribe":"orderBookL2:FOO","error":"Unknown symbol"}"#)
    #expect(b.events == [.subscribeFailed(topic: "orderBookL2:FOO", reason: "Unknown symbol")])
  }

  @Test(arguments: [
    (
      #"{"status":400,"error":"Unknown table: tradeBin5dm","meta":{},"request":{"op":"subscribe","args":["tradeBin1m","tradeBin5dm"]}}"#,
      ServerError(
        status: 400, message: "Unknown table: tradeBin5dm", requestArgs: ["tradeBin1m", "tradeBin5dm"])
    ),
    (
      #"{"status":400,"error":"Unknown or expired symbol.","meta":{},"request":{"args":["orderBookL2:XBTBTC"],"op":"subscribe"}}"#,
      ServerError(status: 400, message: "Unknown or expired symbol.", requestArgs: ["orderBookL2:XBTBTC"])
    ),
    (
      #"{"status":429,"error":"Rate limit exceeded, retry in 1 seconds.","meta":{"retryAfter":1},"request":{"op":"subscribe","args":"orderBook"}}"#,
      ServerError(
        status: 429, message: "Rate limit exceeded, retry in 1 seconds.", retryAfter: 1,
        requestArgs: ["orderBook"])
    ),
    (
      #"{"status":400,"error":"Failed to decode incoming data: Unexpected token a in JSON at position 0.","meta":{}}"#,
      ServerError(
        status: 400, message: "Failed to decode incoming data: Unexpected token a in JSON at position 0.")
    ),
  ])
  func errorFrames(text: String, expected: ServerError) throws {
    #expect(try decodeOne(text).events == [.serverError(expected)])
  }

  @Test func errorKinds() {
    #expect(ServerError(status: 400, message: "Unknown or expired symbol.").isFatal)
    #expect(ServerError(status: 400, message: "Unknown table: x").isFatal)
    #expect(!ServerError(status: 429, message: "Rate limit exceeded").isFatal)
    #expect(
      ServerError(status: 400, message: "You are already subscribed to this topic: trade:XBTUSD")
        .isAlreadySubscribed)
  }

  @Test func welcomeShapesOfEveryEra() throws {
    let shapes = [
      #"{"info":"Welcome to the BitMEX Realtime API.","version":"2021-07-14T01:26:29.000Z","limit":{"remaining":39}}"#,
      #"{"info":"Welcome to the BitMEX Realtime API.","version":"2.0.0","limit":{}}"#,
      #"{"info":"Welcome to the BitMEX Realtime API.","version":"2.0.0","heartbeatEnabled":false,"appName":"ws-feedhandler"}"#,
    ]
    for text in shapes {
      #expect(try decodeOne(text).events == [.welcome(info: "Welcome to the BitMEX Realtime API.")])
    }
  }

  @Test func dataBeforeTableIsReadAfterwards() throws {
    let b = try decodeOne(
      #"{"data":[{"symbol":"XBTUSD","id":1,"side":"Buy","size":5,"price":10.5}],"action":"insert","table":"orderBookL2_25"}"#
    )
    guard case .book(let m) = b.events.first else {
      Issue.record("no book event")
      return
    }
    #expect(m.table == .top25 && m.action == .insert)
    #expect(b.bookRows[m.rows] == [BookRow(symbol: "XBTUSD", id: 1, side: .buy, size: 5, price: 10.5)])
  }

  @Test func unknownTableIsIgnoredNotAnError() throws {
    let b = try decodeOne(
      #"{"table":"funding","action":"partial","data":[{"symbol":"XBTUSD","x":[1,{"y":null}]}]}"#)
    #expect(b.events == [.ignoredTable(name: "funding")])
  }

  @Test func unknownFieldsAndNullsAreIgnored() throws {
    let b = try decodeOne(
      #"{"table":"trade","action":"insert","extra":{"a":[1,2,{"b":"c"}]},"data":[{"timestamp":"2021-07-22T22:36:11.685Z","symbol":"XBTUSD","side":"Buy","size":100,"price":32180.5,"grossValue":null,"homeNotional":null,"pool":"Aggregated","new":[true,false,null]}]}"#
    )
    #expect(b.trades.count == 1)
    #expect(b.trades[0].price == 32180.5)
  }

  @Test(arguments: [
    ("not json", "expected an object"),
    ("", "empty message"),
    ("[1,2]", "expected an object"),
    ("{", "unterminated object"),
    (#"{"table":"trade","action":"insert"}"#, "table message without data"),
    (#"{"table":"trade","data":[]}"#, "table message without an action"),
    (#"{"table":"trade","action":"upsert","data":[]}"#, "unknown action"),
    (#"{"table":"trade","action":"insert","data":{}}"#, "data is not an array"),
    (#"{"table":"trade","action":"insert","data":[1]}"#, "a row is not an object"),
    (
      #"{"table":"orderBookL2","action":"insert","data":[{"symbol":"X","id":1,"side":"Buy","size":1}]}"#,
      "order-book insert row without price or size"
    ),
    (
      #"{"table":"orderBookL2","action":"update","data":[{"symbol":"X","id":1,"side":"Buy"}]}"#,
      "order-book update row without size"
    ),
    (
      #"{"table":"orderBookL2","action":"delete","data":[{"symbol":"X","side":"Buy"}]}"#,
      "order-book row without id"
    ),
    (
      #"{"table":"orderBookL2","action":"delete","data":[{"symbol":"X","id":1,"side":"Up"}]}"#,
      "side is neither Buy nor Sell"
    ),
    (
      #"{"table":"orderBookL2","action":"delete","data":[{"symbol":"X","id":1.5,"side":"Buy"}]}"#,
      "expected a whole number"
    ),
    (
      #"{"table":"orderBookL2","action":"update","data":[{"symbol":"X","id":1,"side":"Buy","size":-5}]}"#,
      "negative size"
    ),
    (
      #"{"table":"trade","action":"insert","data":[{"timestamp":"yesterday","symbol":"X","price":1}]}"#,
      "bad timestamp"
    ),
    (#"{"info":"x"} trailing"#, "unexpected bytes after the message"),
    (#"{"info":"a\qb"}"#, "bad escape in a string"),
    ("{\"info\":\"a\u{01}b\"}", "control character in a string"),
    (#"{"a":01}"#, "leading zero in a number"),
    (#"{"a":1.}"#, "expected digits after '.'"),
    (#"{"a":tru}"#, "expected true or false"),
    (#"{"a":1,,"b":2}"#, "expected a key"),
    (#"{"a" 1}"#, "expected ':' after a key"),
  ])
  func malformedInputIsAnError(text: String, reason: String) {
    #expect(throws: DecodeError.self) { try decodeOne(text) }
    do {
      _ = try decodeOne(text)
    } catch {
      #expect(error.reason == reason, "\(text)")
    }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let deep =
      "{\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    #expect(throws: DecodeError.self) { try decodeOne(deep) }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func binaryGarbageIsAnError(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for _ in 0..<500 {
      let bytes = (0..<Int.random(in: 1...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
      }
      try? decoder.decode(bytes, into: &batch)
    }
    // Whatever was accepted (a stray "pong" or object) is whole; nothing else remains.
    #expect(batch.bookRows.isEmpty, "seed \(seed)")
  }

  /// Every prefix of a valid message is an error that leaves the batch untouched: a
  /// message is applied whole or not at all.
  @Test(
    arguments: Fixture.lines("2021-07-22_orderBookL2_SOLUSDT_replay.jsonl").suffix(3) + [
      Array(
        #"{"table":"trade","action":"insert","data":[{"timestamp":"2021-07-22T22:36:11.685Z","symbol":"XBTUSD","side":"Buy","size":100,"price":32180.5,"trdMatchID":"6e70bebe-235e-08a6-d11b-e1042bf1f2ed"}]}"#
          .utf8)
    ])
  func everyTruncationFailsCleanly(message: [UInt8]) throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try decoder.decode([UInt8](#"{"info":"before"}"#.utf8), into: &batch)
    let before = batch.mark
    for cut in 1..<message.count {
      let prefix = Array(message[..<cut])
      #expect(throws: DecodeError.self) { try decoder.decode(prefix, into: &batch) }
      #expect(batch.mark == before)
    }
    try decoder.decode(message, into: &batch)
    #expect(batch.events.count == 2)
  }

  @Test func aBadRowRollsBackTheWholeMessage() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    let text =
      #"{"table":"orderBookL2","action":"insert","data":[{"symbol":"X","id":1,"side":"Buy","size":1,"price":2},{"symbol":"X","id":2,"side":"Buy","size":1}]}"#
    #expect(throws: DecodeError.self) { try decoder.decode(text, into: &batch) }
    #expect(batch.bookRows.isEmpty && batch.events.isEmpty)
  }

  @Test(arguments: [
    ("8000", 8000.0), ("8000.0", 8000.0), ("1e-8", 1e-8), ("1E-8", 1e-8), ("-0.5", -0.5), ("0", 0.0),
    ("98459.9", 98459.9), ("0.00011", 0.00011), ("1.5e+3", 1500.0),
    ("123456789012345678901234", 1.2345678901234568e23),
    ("0.1234567890123456789", 0.12345678901234568), ("2.2250738585072014e-308", 2.2250738585072014e-308),
    ("1e400", Double.infinity), ("27.442", 27.442),
  ])
  func numbers(text: String, value: Double) throws {
    let b = try decodeOne(
      #"{"table":"quote","action":"insert","data":[{"timestamp":"2021-01-01T00:00:00Z","symbol":"X","bidPrice":\#(text)}]}"#
    )
    #expect(b.quotes[0].bidPrice == value)
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func numbersRoundTripLikeSwift(seed: UInt64) throws {
    // Random doubles printed by Swift parse back to the same value (fast and slow paths).
    var rng = SimRandom(seed: seed)
    for _ in 0..<2_000 {
      let v: Double
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: v = Double(Int.random(in: 0...10_000_000, using: &rng)) / 10
      case 1: v = Double.random(in: 0...1e6, using: &rng)
      default: v = Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &rng))
      }
      var text = "\(v)"
      var scanner = try #require(
        text.withUTF8 { buf -> Double? in
          var s = JSONScanner(buf.baseAddress!, count: buf.count)
          return try? s.readDouble()
        })
      #expect(scanner == v, "\(text), seed \(seed)")
      scanner = 0
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func numbersFollowedByMoreJSONTakeEightDigitsAtATime(seed: UInt64) throws {
    // With eight bytes left after the number's start, the integer digits are read eight at a
    // time: every length of integer part, every next byte, and the same value as Swift's.
    var rng = SimRandom(seed: seed)
    for _ in 0..<3_000 {
      let whole =
        UInt64.random(in: 0...99_999_999_999, using: &rng)
        / UInt64(pow(10, Double(Int.random(in: 0...11, using: &rng))))
      let fraction = Bool.random(using: &rng) ? ".\(Int.random(in: 0...999, using: &rng))" : ""
      let exponent = Int.random(in: 0..<4, using: &rng) == 0 ? "e\(Int.random(in: -5...5, using: &rng))" : ""
      let number = "\(whole)\(fraction)\(exponent)"
      let text = number + [",\"size\":1}", "}]}", " ,", "\t}"].randomElement(using: &rng)!
      let parsed = text.utf8.withContiguousStorageIfAvailable { buf -> Double? in
        var s = JSONScanner(buf.baseAddress!, count: buf.count)
        return try? s.readDouble()
      }
      #expect(parsed == Double(number), "\(text), seed \(seed)")
    }
    for bad in ["007,\"a\":12345", "01234567890,", "-,\"a\":123456", "00.5,\"a\":123"] {
      let parsed = bad.utf8.withContiguousStorageIfAvailable { buf -> Double? in
        var s = JSONScanner(buf.baseAddress!, count: buf.count)
        return try? s.readDouble()
      }
      #expect(parsed == .some(nil), "\(bad) is not a JSON number")
    }
  }

  @Test(arguments: [
    ("8000.0", Int64(8000)), ("8e3", 8000), ("33000", 33000), ("62400580205", 62_400_580_205),
    ("234027002072", 234_027_002_072), ("7866000000", 7_866_000_000), ("0", 0),
  ])
  func wholeNumbers(text: String, value: Int64) throws {
    let b = try decodeOne(
      #"{"table":"orderBookL2","action":"update","data":[{"symbol":"X","id":1,"side":"Buy","size":\#(text)}]}"#
    )
    #expect(b.bookRows[0].size == value)
    let ids = try decodeOne(
      #"{"table":"orderBookL2","action":"delete","data":[{"symbol":"X","id":\#(text),"side":"Buy"}]}"#)
    #expect(ids.bookRows[0].id == value)
  }

  @Test(arguments: [
    ("2021-07-22T22:36:09Z", Int64(1_626_993_369_000)),
    ("2021-07-22T22:36:09.7Z", 1_626_993_369_700),
    ("2021-07-22T22:36:09.757Z", 1_626_993_369_757),
    ("2021-07-22T22:36:09.757123Z", 1_626_993_369_757),
    ("2021-07-22T22:36:09.757123456Z", 1_626_993_369_757),
    ("2021-07-22T23:36:09.757+01:00", 1_626_993_369_757),
    ("1970-01-01T00:00:00.000Z", 0),
    ("2021-07-22T22:36:09.757", 1_626_993_369_757),
    ("2000-02-29T00:00:00.000Z", 951_782_400_000),
  ])
  func timestamps(text: String, millis: Int64) {
    #expect(ISOTime.parseMillis(text) == millis)
  }

  @Test(arguments: [
    "2021-13-01T00:00:00Z", "2021-07-22", "2021-07-22T22:36:09.Z", "2021-07-22T22:36:09.757Q", "x",
  ])
  func badTimestamps(text: String) {
    #expect(ISOTime.parseMillis(text) == nil)
  }

  @Test func escapedStrings() throws {
    let b = try decodeOne(#"{"status":400,"error":"a\"b\\c\/d\n\u00e9\ud83d\ude00"}"#)
    #expect(b.events == [.serverError(ServerError(status: 400, message: "a\"b\\c/d\né😀"))])
  }

  @Test func nonGUIDMatchIDsStillDeduplicate() throws {
    let b = try decodeOne(
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2021-01-01T00:00:00Z","symbol":"X","price":1,"trdMatchID":"abc"},{"timestamp":"2021-01-01T00:00:00Z","symbol":"X","price":1,"trdMatchID":"abc"},{"timestamp":"2021-01-01T00:00:00Z","symbol":"X","price":1,"trdMatchID":"00000000-0000-0000-0000-000000000000"}]}"#
    )
    #expect(b.trades[0].matchID.isKnown)
    #expect(b.trades[0].matchID == b.trades[1].matchID)
    #expect(!b.trades[2].matchID.isKnown)
  }
}
