import Binance
import BitMEX
import MarketModel
import Testing
import VenueCore

@testable import App

/// `--once`'s book snapshot on hand-built states: the text and JSON a script reads, exactly, with
/// an empty book, no prices, a hostile symbol, a venue book that is not live, and numbers JSON
/// has no word for.
@Suite struct BookSnapshotTests {
  /// 2026-11-26 15:25:00.094 UTC.
  static let at: Int64 = 1_795_706_700_094

  /// XBTUSD from BitMEX frames, through the real decoder and state: two levels a side, two
  /// trades (newest first on the tape), and, when `tick`, its instrument row (tick 0.5, mark).
  static func bitmex(tick: Bool = true, deep: String = "32179") throws -> MarketState {
    var state = MarketState(symbol: "XBTUSD")
    var frames = [
      #"{"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],"filter":{"symbol":"XBTUSD"},"data":["#
        + #"{"symbol":"XBTUSD","id":1,"side":"Sell","size":300,"price":32181},"#
        + #"{"symbol":"XBTUSD","id":2,"side":"Sell","size":25000,"price":32180.5},"#
        + #"{"symbol":"XBTUSD","id":3,"side":"Buy","size":1200,"price":32180},"#
        + #"{"symbol":"XBTUSD","id":4,"side":"Buy","size":7,"price":\#(deep)}]}"#,
      #"{"table":"trade","action":"partial","keys":[],"filter":{"symbol":"XBTUSD"},"data":["#
        + #"{"timestamp":"2026-11-26T15:24:59.001Z","symbol":"XBTUSD","side":"Sell","size":100,"price":32180,"#
        + #""trdMatchID":"00000000-0000-0000-0000-000000000001"},"#
        + #"{"timestamp":"2026-11-26T15:24:59.500Z","symbol":"XBTUSD","side":"Buy","size":900,"price":32180.5,"#
        + #""trdMatchID":"00000000-0000-0000-0000-000000000002"}]}"#,
    ]
    if tick {
      frames.append(
        #"{"table":"instrument","action":"partial","keys":["symbol"],"filter":{"symbol":"XBTUSD"},"data":["#
          + #"{"symbol":"XBTUSD","typ":"FFWCSX","tickSize":0.5,"lastPrice":32180.5,"markPrice":32181.27}]}"#)
    }
    var decoder = BitMEXDecoder()
    for frame in frames {
      var batch = MarketBatch()
      try decoder.decode(Array(frame.utf8), into: &batch)
      #expect(state.apply(batch).faults.isEmpty)
    }
    return state
  }

  @Test func theTextLinesUpThePricesAndSizesAndSaysTheLocalTime() throws {
    let s = BookSnapshot(
      venue: .bitmex, state: try Self.bitmex(), status: "LIVE", mode: .demo, timeMs: Self.at,
      utcOffsetMinutes: 60)
    #expect(
      s.text == """
        XBTUSD  DEMO LIVE
        at 2026-11-26 16:25:00.094 +01:00
               price   size
        ask  32181.0    300
        ask  32180.5  25000
        ---- spread 0.5  mid 32180.25
        bid  32180.0   1200
        bid  32179.0      7
        trades (newest first)
        time          side    price   size
        16:24:59.500  BUY   32180.5    900
        16:24:59.001  SELL  32180.0    100

        """)
  }

  @Test func theJSONSaysTheHeaderBookTradesLastAndMark() throws {
    let s = BookSnapshot(
      venue: .bitmex, state: try Self.bitmex(), status: "LIVE", mode: .live, timeMs: Self.at)
    #expect(
      s.json
        == #"{"venue":"bitmex","status":"LIVE","mode":"live","time":"2026-11-26T15:25:00.094Z","symbol":"XBTUSD","#
        + #""bids":[[32180,1200],[32179,7]],"asks":[[32180.5,25000],[32181,300]],"trades":["#
        + #"{"time":"2026-11-26T15:24:59.500Z","side":"Buy","price":32180.5,"size":900},"#
        + #"{"time":"2026-11-26T15:24:59.001Z","side":"Sell","price":32180,"size":100}],"#
        + #""last":32180.5,"mark":32181.27}"#)
    #expect(s.output(json: true) == s.json + "\n")
  }

  /// Until the tick size is known the decimals are those of every price printed: a level deeper
  /// than the best needs two here, so every price gets two (the spread and the mid too).
  @Test func withoutATickEveryPricePrintedDecidesTheDecimals() throws {
    let s = BookSnapshot(
      venue: .bitmex, state: try Self.bitmex(tick: false, deep: "32179.25"), status: "LIVE")
    #expect(s.decimals == 2)
    #expect(s.text.contains("bid  32179.25      7\n"), "\(s.text)")
    #expect(s.text.contains("---- spread 0.50  mid 32180.250\n"), "\(s.text)")
    #expect(s.json.contains(#""mark":null"#))
  }

  @Test func anEmptyBookAndTapeSayNothingIsThereAndTheTimeIsUnknown() {
    let s = BookSnapshot(venue: .bitmex, state: MarketState(symbol: "XBTUSD"), status: "CONNECTING")
    #expect(s.decimals == 2)
    #expect(
      s.text == """
        XBTUSD  CONNECTING
        at an unknown time
             price  size
        ---- (one side empty)
        trades (newest first)
          none yet

        """)
    #expect(
      s.json
        == #"{"venue":"bitmex","status":"CONNECTING","mode":"live","time":null,"symbol":"XBTUSD","bids":[],"#
        + #""asks":[],"trades":[],"last":null,"mark":null}"#)
  }

  /// NaN and infinity have no JSON spelling: they are `null`, never `nan` (which no parser reads).
  @Test func numbersJSONCannotSayAreNull() throws {
    var s = BookSnapshot(venue: .bitmex, state: try Self.bitmex(), status: "LIVE")
    s.last = .nan
    s.mark = -.infinity
    #expect(s.json.hasSuffix(#""last":null,"mark":null}"#), "\(s.json)")
    #expect(!s.json.contains("nan") && !s.json.contains("inf"))
    #expect(JSONNumber.text(1e-5) == "1e-05")
    #expect(JSONNumber.text(-0.0) == "0")
    #expect(JSONNumber.text(1e15) == "1000000000000000.0")
    #expect(JSONNumber.text(999_999_999_999_999) == "999999999999999")
  }

  /// A symbol and a status from outside: the text shows a control as `?` and keeps to its line;
  /// the JSON escapes it.
  @Test func aHostileSymbolStaysOnItsLineAndIsEscapedInJSON() {
    let s = BookSnapshot(
      venue: .bitmex, state: MarketState(symbol: "XBT\nUSD\u{1b}[2J"), status: "LIVE\r", mode: .replay)
    let lines = s.output(json: false).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "XBT?USD?[2J  REPLAY LIVE?", "\(lines)")
    #expect(s.json.contains(#""symbol":"XBT\nUSD\u001b[2J""#), "\(s.json)")
    #expect(s.json.contains(#""status":"LIVE\r""#), "\(s.json)")
  }

  @Test func theZoneIsSaidWestOfUTCAndInUTC() {
    var s = BookSnapshot(venue: .bitmex, state: MarketState(symbol: "XBTUSD"), status: "LIVE")
    s.utcOffsetMinutes = -330
    #expect(s.localTime(Self.at) == "2026-11-26 09:55:00.094 -05:30")
    s.utcOffsetMinutes = 0
    #expect(s.localTime(Self.at) == "2026-11-26 15:25:00.094 UTC")
  }

  /// A venue's book: its sizes at its own decimals, exactly, its prices at the decimals its
  /// levels use; its rule's state and integrity counts in both forms. A book waiting for its
  /// snapshot says so.
  @Test func aVenueBookSaysItsRuleAndItsExactSizes() throws {
    var state = MarketState(
      symbol: "BTCUSDT", bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 50)
    let waiting = BookSnapshot(venue: .binance, state: state, status: "LIVE")
    #expect(
      waiting.text.contains("book waiting for a snapshot; integrity: 0 checks, 0 failures, 0 resyncs\n"))
    #expect(
      waiting.json.hasSuffix(
        #","sync":"waiting for a snapshot","integrity":{"checks":0,"failures":0,"resyncs":0}}"#))
    var batch = VenueBatch()
    batch.levels = [
      LevelChange(side: .bid, price: FixedDecimal("100.50")!, size: FixedDecimal("0.25")!),
      LevelChange(side: .ask, price: FixedDecimal("101.00")!, size: FixedDecimal("0.00012")!),
    ]
    batch.events = [.book(symbol: "BTCUSDT", update: .snapshot(last: 1), levels: 0..<2)]
    #expect(state.apply(batch).faults.isEmpty)
    let live = BookSnapshot(venue: .binance, state: state, status: "LIVE")
    #expect(live.decimals == 1)
    #expect(live.json.contains(#""bids":[[100.5,0.25000]],"asks":[[101,0.00012]]"#), "\(live.json)")
    #expect(live.json.contains(#""sync":"live""#))
    #expect(live.text.contains("ask  101.0  0.00012\n"), "\(live.text)")
  }

  /// The book rule's states in the words the replay report and the across strip share.
  @Test func aBookRulesStateInWords() {
    #expect(BookSnapshot.words(.live) == "live")
    #expect(BookSnapshot.words(.waiting) == "waiting for a snapshot")
    let gap = BookSyncFault.sequenceGap(expected: 5, got: 7)
    #expect(BookSnapshot.words(.resyncing(gap)) == "resyncing: \(gap)")
  }
}
