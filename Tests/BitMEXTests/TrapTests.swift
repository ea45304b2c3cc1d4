import BitMEX
import Foundation
import MarketModel
import TestSupport
import Testing

/// One test per trap of bitmex-protocol.md §0 that concerns the engine: real-looking
/// message text through `BitMEXDecoder`, then through `MarketState`.
private struct Session {
  var decoder = BitMEXDecoder()
  var batch = MarketBatch()
  var state: MarketState

  init(_ symbol: Symbol) {
    state = MarketState(symbol: symbol)
  }

  /// Decodes one message and applies it; returns the faults.
  @discardableResult
  mutating func receive(_ text: String) throws -> [IntegrityFault] {
    batch.removeAll()
    try decoder.decode(text, into: &batch)
    return state.apply(batch).faults
  }

  @discardableResult
  mutating func receive(_ bytes: [UInt8]) throws -> [IntegrityFault] {
    batch.removeAll()
    try decoder.decode(bytes, into: &batch)
    return state.apply(batch).faults
  }

  var bids: [PriceLevel] { state.book.top(.buy, .max) }
  var asks: [PriceLevel] { state.book.top(.sell, .max) }
}

private func decoded(_ text: String) throws -> MarketBatch {
  var decoder = BitMEXDecoder()
  var batch = MarketBatch()
  try decoder.decode(text, into: &batch)
  return batch
}

private func lv(_ price: Double, _ size: Int64) -> PriceLevel {
  PriceLevel(price: price, size: size)
}

/// A one-row message around a row kept as a pretty-printed JSON file.
private func message(table: String, action: String, rowFile: String) -> String {
  let row = String(decoding: Fixture.data(rowFile), as: UTF8.self)
  return #"{"table":"\#(table)","action":"\#(action)","data":[\#(row)]}"#
}

@Suite struct TrapTests {
  /// Trap 1: since mid-2023 ids are arbitrary; the book is ordered by price, never by id.
  @Test func idIsNotAPrice() throws {
    var s = Session("XBTUSD")
    let faults = try s.receive(
      #"{"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],"types":{"symbol":"symbol","id":"long","side":"symbol","size":"long","price":"float","timestamp":"timestamp","transactTime":"timestamp"},"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":234027002072,"side":"Sell","size":100,"price":98460.5,"timestamp":"2024-11-24T08:26:22.356Z","transactTime":"2024-11-24T08:26:22.275Z"},{"symbol":"XBTUSD","id":62400580205,"side":"Sell","size":33000,"price":98459.9,"timestamp":"2024-11-24T08:26:22.356Z","transactTime":"2024-11-24T08:26:22.275Z"},{"symbol":"XBTUSD","id":99999999999,"side":"Sell","size":5,"price":98470,"timestamp":"2024-11-24T08:26:22.356Z"},{"symbol":"XBTUSD","id":1999,"side":"Buy","size":700,"price":98455.3,"timestamp":"2024-11-24T08:26:22.356Z"},{"symbol":"XBTUSD","id":62400580300,"side":"Buy","size":500,"price":98450.0,"timestamp":"2024-11-24T08:26:22.356Z"}]}"#
    )
    #expect(faults.isEmpty)
    #expect(s.bids == [lv(98_455.3, 700), lv(98_450, 500)])
    #expect(s.asks == [lv(98_459.9, 33_000), lv(98_460.5, 100), lv(98_470, 5)])

    // An old-scheme-looking id: (100000000 × 88 − id) × 0.01 would say 16902; the row says
    // 26902 (the blog's own 2023 example).
    try s.receive(
      #"{"table":"orderBookL2_25","action":"insert","data":[{"symbol":"XBTUSD","id":8798309800,"side":"Buy","size":32800,"price":26902,"timestamp":"2023-05-19T08:51:43.911Z"}]}"#
    )
    #expect(s.bids == [lv(98_455.3, 700), lv(98_450, 500), lv(26_902, 32_800)])

    // A delete carrying the price removes that level and no other.
    #expect(
      try s.receive(
        #"{"table":"orderBookL2_25","action":"delete","data":[{"symbol":"XBTUSD","id":62400580205,"side":"Sell","price":98459.9,"timestamp":"2024-11-24T08:26:22.400Z"}]}"#
      ).isEmpty)
    #expect(s.state.book.bestAsk == lv(98_460.5, 100))
    #expect(s.state.book.spread == 98_460.5 - 98_455.3)
    #expect(s.state.bookSync == .live)
  }

  /// Trap 2: before 2023, update and delete rows carry no price; the stored one is used.
  @Test func priceMissingOnOldUpdates() throws {
    // The official adapter's 2023-02 fixture: a partial, then an update without price.
    let lines = Fixture.lines("api-connectors_testnet-2020_and_2023-02_messages.jsonl")
    var s = Session("XBTUSD")
    #expect(try s.receive(lines[4]).isEmpty)
    #expect(s.bids == [lv(22_077.5, 102_500)])
    #expect(s.asks == [lv(22_105, 375_300)])
    #expect(try s.receive(lines[5]).isEmpty)
    #expect(
      s.batch.bookRows == [
        BookRow(symbol: "XBTUSD", id: 8_797_789_500, side: .sell, size: 77_300, price: nil)
      ])
    #expect(s.asks == [lv(22_105, 77_300)])
    // A 2021-style delete, no price either.
    #expect(
      try s.receive(
        #"{"table":"orderBookL2_25","action":"delete","data":[{"symbol":"XBTUSD","id":8797789500,"side":"Sell"}]}"#
      )
      .isEmpty)
    #expect(s.asks == [])
    #expect(s.bids == [lv(22_077.5, 102_500)])
    #expect(s.state.bookSync == .live)
  }

  /// Trap 3: every delta before the partial is dropped; a later partial replaces.
  @Test func deltasBeforePartialAreDropped() throws {
    // 60 real XBTUSD deltas whose partial was never received.
    var s = Session("XBTUSD")
    for line in Fixture.lines("2021-07-22_orderBookL2_XBTUSD_first60_deltas.jsonl") {
      #expect(try s.receive(line).isEmpty)
    }
    #expect(s.state.droppedBeforePartial == 60)
    #expect(s.state.book.isEmpty)
    #expect(s.state.bookSync == .awaitingPartial)
    #expect(s.state.faultCount == 0)

    // Old-era ids: the prices are those the 2021 formula gives (index 88, tick 0.01).
    try s.receive(
      #"{"table":"orderBookL2","action":"partial","keys":["symbol","id","side"],"types":{"symbol":"symbol","id":"long","side":"symbol","size":"long","price":"float"},"foreignKeys":{"symbol":"instrument","side":"side"},"attributes":{"symbol":"parted","id":"sorted"},"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":8796766500,"side":"Sell","size":5000,"price":32335},{"symbol":"XBTUSD","id":8796792800,"side":"Buy","size":20000,"price":32072},{"symbol":"XBTUSD","id":8796802450,"side":"Buy","size":1,"price":31975.5},{"symbol":"XBTUSD","id":8796803700,"side":"Buy","size":2,"price":31963}]}"#
    )
    #expect(s.state.bookSync == .live)
    #expect(s.asks == [lv(32_335, 5_000)])
    // The first captured delta (four price-less updates) now applies.
    let first = Fixture.lines("2021-07-22_orderBookL2_XBTUSD_first60_deltas.jsonl")[0]
    #expect(try s.receive(first).isEmpty)
    #expect(s.asks == [lv(32_335, 100)])
    #expect(s.bids == [lv(32_072, 20_500), lv(31_975.5, 3_000), lv(31_963, 21_300)])

    // A second partial on the same subscription replaces, leaving nothing of the first.
    #expect(
      try s.receive(
        #"{"table":"orderBookL2","action":"partial","keys":["symbol","id","side"],"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":8796792800,"side":"Buy","size":777,"price":32072.5}]}"#
      ).isEmpty)
    #expect(s.state.bookSync == .live)
    #expect(s.bids == [lv(32_072.5, 777)])
    #expect(s.asks == [])
    #expect(s.state.droppedBeforePartial == 60)
  }

  /// Trap 4: the partial's symbol is in `filter`; `data` may be empty and still means live.
  @Test func partialSymbolFromFilter() throws {
    let empty = try decoded(
      #"{"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],"types":{"symbol":"symbol","id":"long","side":"symbol","size":"long","price":"float","timestamp":"timestamp"},"filter":{"pool":"Aggregated","symbol":"XBTUSD"},"data":[]}"#
    )
    #expect(
      empty.events == [
        .book(
          BookMessage(
            table: .top25, action: .partial, filterSymbol: "XBTUSD", rows: 0..<0, symbol: "XBTUSD",
            levels: 0..<0))
      ])

    var s = Session("XBTUSD")
    // Someone else's empty partial, `data` before `filter`: not ours.
    try s.receive(#"{"table":"orderBookL2_25","action":"partial","data":[],"filter":{"symbol":"ETHUSD"}}"#)
    #expect(s.state.bookSync == .awaitingPartial)
    // Ours, empty: live, with an empty book.
    #expect(
      try s.receive(#"{"table":"orderBookL2_25","action":"partial","data":[],"filter":{"symbol":"XBTUSD"}}"#)
        .isEmpty)
    #expect(s.state.bookSync == .live)
    #expect(s.state.book.isEmpty)
    #expect(
      try s.receive(
        #"{"table":"orderBookL2_25","action":"insert","data":[{"symbol":"XBTUSD","id":5,"side":"Buy","size":300,"price":64000.5}]}"#
      ).isEmpty)
    #expect(s.bids == [lv(64_000.5, 300)])
    #expect(s.state.droppedBeforePartial == 0)

    // An ETHUSD partial with rows leaves the XBTUSD book alone.
    try s.receive(
      #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"ETHUSD"},"data":[{"symbol":"ETHUSD","id":5,"side":"Buy","size":1,"price":3000}]}"#
    )
    #expect(s.bids == [lv(64_000.5, 300)])
  }

  /// Trap 5: update rows carry only what changed; the rest is merged, never cleared.
  @Test func updateRowsCarryOnlyChangedFields() throws {
    var s = Session("DOTUSDT")
    try s.receive(
      #"{"table":"instrument","action":"partial","keys":["symbol"],"types":{"symbol":"symbol"},"filter":{"symbol":"DOTUSDT"},"data":[{"symbol":"DOTUSDT","rootSymbol":"DOT","state":"Open","typ":"FFWCSX","underlying":"DOT","quoteCurrency":"USDT","settlCurrency":"USDt","tickSize":0.0001,"lotSize":1000,"multiplier":1,"underlyingToPositionMultiplier":1000,"isInverse":false,"lastPrice":1.2661,"lastTickDirection":"PlusTick","lastChangePcnt":-0.0123,"prevPrice24h":1.2819,"markPrice":1.2665,"indicativeSettlePrice":1.2667,"fundingRate":0.0001,"fundingTimestamp":"2026-05-27T16:00:00.000Z","volume24h":1234000,"openValue":538000000000,"timestamp":"2026-05-27T12:56:35.000Z"}]}"#
    )
    #expect(s.state.instrumentSync == .live)
    #expect(s.state.instrument.markPrice == 1.2665)
    // The captured update: `{"symbol":"DOTUSDT","openValue":…,"fairPrice":…,"markPrice":…,"timestamp":…}`.
    try s.receive(
      message(table: "instrument", action: "update", rowFile: "nautilus/ws_instrument_mark_update.row.json"))
    let i = s.state.instrument
    #expect(i.markPrice == 1.2669)
    #expect(i.timeMs == 1_779_886_600_500)
    #expect(i.lastPrice == 1.2661)
    #expect(i.lastTickDirection == .plusTick)
    #expect(i.tickSize == 0.0001)
    #expect(i.lotSize == 1_000)
    #expect(i.underlyingToPositionMultiplier == 1_000)
    #expect(i.isInverse == false)
    #expect(i.fundingRate == 0.0001)
    #expect(i.fundingTimeMs == 1_779_897_600_000)
    #expect(i.change24h == -0.0123)
    #expect(i.indexPrice == 1.2667)
    #expect(i.state == "Open")
    #expect(i.volume24h == 1_234_000)

    // The same for an order-book update: size changes, price stays.
    var b = Session("XBTUSD")
    try b.receive(
      #"{"table":"orderBookL2","action":"partial","filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":8796766500,"side":"Sell","size":5000,"price":32335}]}"#
    )
    try b.receive(
      #"{"table":"orderBookL2","action":"update","data":[{"symbol":"XBTUSD","id":8796766500,"side":"Sell","size":100}]}"#
    )
    #expect(b.asks == [lv(32_335, 100)])
  }

  /// Trap 6: orderBook10 has its own shape and never goes through the L2 code.
  @Test func orderBook10HasItsOwnShape() throws {
    let text = message(table: "orderBook10", action: "update", rowFile: "nautilus/ws_orderbook_10.row.json")
    let batch = try decoded(text)
    #expect(batch.events == [.book10(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))])
    #expect(batch.bookRows.isEmpty)
    let row = try #require(batch.book10.first)
    #expect(row.symbol == "XBTUSD")
    #expect(row.timeMs == 1_732_436_353_513)
    #expect(row.bids.count == 10 && row.asks.count == 10)
    #expect(
      batch.levels[row.bids].prefix(3) == [lv(98_490.3, 22_400), lv(98_485.4, 26_000), lv(98_485.3, 60_000)])
    #expect(batch.levels[row.bids].last == lv(98_476.6, 2_000))
    #expect(batch.levels[row.asks].first == lv(98_490.4, 17_600))
    #expect(batch.levels[row.asks].last == lv(98_504.9, 6_200))

    // Into a live L2 state, it changes nothing there.
    var s = Session("XBTUSD")
    try s.receive(
      #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":62400580205,"side":"Sell","size":33000,"price":98459.9}]}"#
    )
    #expect(try s.receive(text).isEmpty)
    try s.receive(
      #"{"table":"orderBook10","action":"partial","keys":["symbol"],"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","bids":[[98490.3,22400]],"asks":[[98490.4,17600]],"timestamp":"2024-11-24T08:19:13.513Z"}]}"#
    )
    #expect(s.asks == [lv(98_459.9, 33_000)])
    #expect(s.bids == [])
    #expect(s.state.bookSync == .live)
    #expect(s.state.bookTable == .top25)
    #expect(s.state.droppedBeforePartial == 0)
  }

  /// Trap 7: L2 topics are conflated every 50 ms; rows carry the absolute resting size, so
  /// a conflated update is simply the latest size (never added to what was there).
  @Test func conflatedUpdatesCarryAbsoluteSizes() throws {
    var s = Session("XBTUSD")
    try s.receive(
      #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":62400580205,"side":"Sell","size":33000,"price":98459.9,"timestamp":"2024-11-24T08:26:22.356Z"},{"symbol":"XBTUSD","id":62400580300,"side":"Buy","size":500,"price":98450.0,"timestamp":"2024-11-24T08:26:22.356Z"}]}"#
    )
    try s.receive(
      #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":62400580205,"side":"Sell","size":30000,"price":98459.9,"timestamp":"2024-11-24T08:26:22.406Z"},{"symbol":"XBTUSD","id":62400580300,"side":"Buy","size":800,"price":98450.0,"timestamp":"2024-11-24T08:26:22.406Z"}]}"#
    )
    try s.receive(
      #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":62400580205,"side":"Sell","size":31000,"price":98459.9,"timestamp":"2024-11-24T08:26:22.456Z"}]}"#
    )
    #expect(s.asks == [lv(98_459.9, 31_000)])
    #expect(s.bids == [lv(98_450, 800)])
  }

  /// Trap 8: the heartbeat reply is the bare text `pong`, not JSON.
  @Test func heartbeatIsText() throws {
    for text in ["pong", "pong\n", " pong\r\n"] {
      #expect(try decoded(text).events == [.pong], "\(text.debugDescription)")
    }
    // Near misses are not a pong (and not a crash).
    for text in [#""pong""#, "ping", "pongg", "PONG"] {
      #expect(throws: DecodeError.self, "\(text.debugDescription)") { try decoded(text) }
    }
    #expect(try decoded(#"{"pong":true}"#).events == [.unrecognized])
    // A pong in the middle of a session changes nothing.
    var s = Session("XBTUSD")
    try s.receive(#"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":[]}"#)
    #expect(try s.receive("pong").isEmpty)
    #expect(s.state.bookSync == .live)
    #expect(s.state.droppedBeforePartial == 0)
  }

  /// Trap 9: rate limits come back as 429 error frames with `meta.retryAfter` seconds
  /// (WebSocket) or an `error` body (REST).
  @Test func rateLimitFrames() throws {
    let ws = try decoded(
      #"{"status":429,"error":"Rate limit exceeded, retry in 29 seconds.","meta":{"retryAfter":29},"request":{"op":"subscribe","args":["orderBookL2_25:XBTUSD","trade:XBTUSD"]}}"#
    )
    let expected = ServerError(
      status: 429, message: "Rate limit exceeded, retry in 29 seconds.", retryAfter: 29,
      requestArgs: ["orderBookL2_25:XBTUSD", "trade:XBTUSD"])
    #expect(ws.events == [.serverError(expected)])
    #expect(!expected.isFatal)
    #expect(!expected.isAlreadySubscribed)

    let bare = try decoded(
      #"{"status":429,"error":"Rate limit exceeded, retry in 1 seconds.","meta":{"retryAfter":1.5}}"#)
    #expect(
      bare.events == [
        .serverError(
          ServerError(status: 429, message: "Rate limit exceeded, retry in 1 seconds.", retryAfter: 1.5))
      ])

    var decoder = BitMEXDecoder()
    for body in [
      #"{"error":"Rate limit exceeded, retry in 29 seconds."}"#,
      #"{"error":{"message":"Rate limit exceeded, retry in 29 seconds.","name":"HTTPError"}}"#,
    ] {
      guard case .error(let text) = try decoder.decodeTrades(Array(body.utf8)) else {
        Issue.record("not an error: \(body)")
        continue
      }
      #expect(text == "Rate limit exceeded, retry in 29 seconds.")
    }

    // The error frame does not disturb the market state.
    var s = Session("XBTUSD")
    #expect(try s.receive(#"{"status":429,"error":"Rate limit exceeded","meta":{"retryAfter":1}}"#).isEmpty)
    #expect(s.state.bookSync == .awaitingPartial)
    #expect(s.state.faultCount == 0)
  }

  /// Trap 10: 2026 additions — `pool` everywhere, interleaved Primary/Secondary quotes,
  /// `orderBookL2_100`, and a welcome without `limit`.
  @Test func additions2026() throws {
    let lines = Fixture.lines("unattributed_2025-2026_frames.jsonl")
    #expect(lines.count == 7)
    var s = Session("XBTUSD")
    var events: [MarketEvent] = []
    for line in lines {
      #expect(try s.receive(line).isEmpty)
      events += s.batch.events
    }
    #expect(events[0] == .welcome(info: "Welcome to the BitMEX Realtime API."))
    #expect(events[2] == .welcome(info: "Welcome to the BitMEX Realtime API."))
    #expect(events[3] == .subscribed(topic: "trade:XBTUSD"))
    #expect(events[1] == .trades(TableSlice(action: .partial, filterSymbol: "XBTUSD", rows: 0..<1)))

    // Two trade partials (two sessions); the 2026-06 one has an all-zero match id.
    #expect(s.state.tradeSync == .live)
    #expect(s.state.tape.count == 2)
    let newest = s.state.tape[0]
    #expect(newest.price == 77_454.5)
    #expect(newest.size == 8_000)
    #expect(newest.side == .buy)
    #expect(newest.tickDirection == .minusTick)
    #expect(newest.timeMs == 1_788_334_477_309)
    #expect(newest.matchID == MatchID(high: 0x0000_0000_006d_1000, low: 0x0000_0036_7d21_5623))
    #expect(s.state.tape[1].price == 64_330.3)
    #expect(s.state.tape[1].matchID == .none)

    // Quotes of both pools, kept apart.
    #expect(s.state.quotes.count == 2)
    let primary = try #require(s.state.quotes["Primary"])
    let secondary = try #require(s.state.quotes["Secondary"])
    #expect(
      primary
        == Quote(
          timeMs: 1_788_335_339_167, symbol: "XBTUSD", bidPrice: 77_465.5, bidSize: 40_600,
          askPrice: 77_543.1,
          askSize: 314_900, pool: "Primary"))
    #expect(
      secondary
        == Quote(
          timeMs: 1_788_335_339_256, symbol: "XBTUSD", bidPrice: 77_470.1, bidSize: 519_500,
          askPrice: 77_490.9,
          askSize: 519_600, pool: "Secondary"))

    // The welcome's `limit` as an empty object.
    #expect(
      try decoded(#"{"info":"Welcome to the BitMEX Realtime API.","version":"2.0.0","limit":{}}"#).events == [
        .welcome(info: "Welcome to the BitMEX Realtime API.")
      ])

    // orderBookL2_100, rows with `pool`: its own table, deltas included.
    var deep = Session("XBTUSD")
    try deep.receive(
      #"{"table":"orderBookL2_100","action":"partial","keys":["symbol","id","side"],"filter":{"pool":"Aggregated","symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":234027002072,"side":"Buy","size":100,"price":77450.1,"pool":"Aggregated","timestamp":"2026-09-02T07:48:59.100Z","transactTime":"2026-09-02T07:48:59.090Z"},{"symbol":"XBTUSD","id":234027002073,"side":"Sell","size":200,"price":77460.7,"pool":"Aggregated"}]}"#
    )
    #expect(deep.state.bookTable == .top100)
    let delta =
      #"{"table":"orderBookL2_100","action":"update","data":[{"symbol":"XBTUSD","id":234027002072,"side":"Buy","size":150,"price":77450.1,"pool":"Aggregated","timestamp":"2026-09-02T07:48:59.150Z"}]}"#
    #expect(try deep.receive(delta).isEmpty)
    #expect(
      deep.batch.events == [
        .book(
          BookMessage(
            table: .top100, action: .update, filterSymbol: nil, rows: 0..<1, symbol: "XBTUSD", levels: 0..<1))
      ])
    #expect(deep.bids == [lv(77_450.1, 150)])
    #expect(deep.asks == [lv(77_460.7, 200)])
    #expect(deep.state.droppedBeforePartial == 0)
  }

  /// Trap 11: sizes are contracts; tick and lot sizes come from `/instrument` and change
  /// over time (XBTUSD 0.5 in 2021, 0.1 in 2024).
  @Test func unitsAndTickSizes() throws {
    var decoder = BitMEXDecoder()
    guard
      case .rows(let active) = try decoder.decodeInstruments(
        Fixture.bytes("2021-07-22_rest_instrument_active.json"))
    else {
      Issue.record("no rows")
      return
    }
    #expect(active.count == 34)
    let bySymbol = Dictionary(active.map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a })
    let xbt2021 = try #require(bySymbol["XBTUSD"])
    #expect(xbt2021.tickSize == 0.5)
    #expect(xbt2021.lotSize == 100)
    #expect(xbt2021.multiplier == -100_000_000)
    #expect(xbt2021.isInverse == true)
    #expect(xbt2021.quoteCurrency == "USD")
    #expect(xbt2021.underlyingToPositionMultiplier == nil)
    #expect(bySymbol["XRPU21"]?.tickSize == 1e-8)
    #expect(bySymbol["TRXU21"]?.tickSize == 1e-10)
    #expect(bySymbol["TRXU21"]?.lotSize == 100)
    #expect(bySymbol["SOLUSDT"]?.tickSize == 0.001)
    #expect(bySymbol["ETHU21"]?.underlyingToPositionMultiplier == 1)

    let text =
      "[" + String(decoding: Fixture.data("nautilus/http_get_instrument_xbtusd.json"), as: UTF8.self) + "]"
    guard case .rows(let current) = try decoder.decodeInstruments(Array(text.utf8)) else {
      Issue.record("no rows")
      return
    }
    let xbt2024 = try #require(current.first)
    #expect(xbt2024.tickSize == 0.1)
    #expect(xbt2024.lotSize == 100)
    #expect(xbt2024.fundingTimeMs == 1_732_507_200_000)

    // The state takes the tick size it is given, and prices are shown to match it.
    var s = Session("XBTUSD")
    s.state.merge(instrument: xbt2021)
    #expect(s.state.instrument.tickSize == 0.5)
    #expect(s.state.instrument.priceDecimals == 1)
    s.state.merge(instrument: xbt2024)
    #expect(s.state.instrument.tickSize == 0.1)
    #expect(s.state.instrument.priceDecimals == 1)
    #expect(Instrument(try #require(bySymbol["XRPU21"])).priceDecimals == 8)
    #expect(Instrument(try #require(bySymbol["TRXU21"])).priceDecimals == 10)
    #expect(Instrument(try #require(bySymbol["SOLUSDT"])).priceDecimals == 3)

    // Sizes are whole contracts, however large (2021 linear futures), and never rescaled.
    var eth = Session("ETHZ21")
    try eth.receive(
      #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"ETHZ21"},"data":[{"symbol":"ETHZ21","id":63699999999,"side":"Buy","size":7866000000,"price":0.06212}]}"#
    )
    #expect(eth.bids == [lv(0.06212, 7_866_000_000)])
    // A book grouped by the instrument's tick: 1e-5 × 10.
    #expect(eth.state.book.grouped(.buy, ticks: 10, tickSize: 1e-5, limit: 5).map(\.size) == [7_866_000_000])
  }

  /// Trap 12: REST `trade/bucketed` timestamps are bucket ends; empty buckets exist.
  @Test func bucketTimestampsAreEnds() throws {
    // `reverse=true`: newest first. The newest bucket is empty (no trades, vwap null).
    let body = #"""
      [{"timestamp":"2024-11-23T20:08:00.000Z","symbol":"XBTUSD","open":97570.1,"high":97570.1,"low":97570.1,"close":97570.1,"trades":0,"volume":0,"vwap":null,"lastSize":null,"turnover":0,"homeNotional":0,"foreignNotional":0},
       {"timestamp":"2024-11-23T20:07:00.000Z","symbol":"XBTUSD","open":97550.0,"high":97584.4,"low":97550.0,"close":97570.1,"trades":20,"volume":84000,"vwap":97563.8311,"lastSize":200,"turnover":86097760,"homeNotional":0.8609776,"foreignNotional":84000.0},
       {"timestamp":"2024-11-23T20:06:00.000Z","symbol":"XBTUSD","open":97500.0,"high":97560.0,"low":97490.5,"close":97550.0,"trades":7,"volume":1200,"vwap":97520.1,"lastSize":100,"turnover":1230000,"homeNotional":0.0123,"foreignNotional":1200.0}]
      """#
    var decoder = BitMEXDecoder()
    guard case .rows(let bins) = try decoder.decodeTradeBins(Array(body.utf8)) else {
      Issue.record("no rows")
      return
    }
    #expect(bins.map(\.endMs) == [1_732_392_480_000, 1_732_392_420_000, 1_732_392_360_000])
    #expect(bins[0].trades == 0 && bins[0].volume == 0)
    #expect(
      bins[1]
        == TradeBin(
          endMs: 1_732_392_420_000, symbol: "XBTUSD", open: 97_550, high: 97_584.4, low: 97_550,
          close: 97_570.1, trades: 20, volume: 84_000))

    var s = Session("XBTUSD")
    s.state.backfillCandles(bins: bins, interval: .oneMinute)
    // Each candle starts one minute before its stamp; the empty one is kept, flat.
    #expect(
      s.state.candles[.oneMinute].candles == [
        Candle(
          startMs: 1_732_392_300_000, open: 97_500, high: 97_560, low: 97_490.5, close: 97_550, volume: 1_200,
          trades: 7),
        Candle(
          startMs: 1_732_392_360_000, open: 97_550, high: 97_584.4, low: 97_550, close: 97_570.1,
          volume: 84_000, trades: 20),
        Candle(startMs: 1_732_392_420_000, flat: 97_570.1),
      ])

    // A live trade at 20:07:30 is in the bin REST stamped 20:08 (complete bins hold every trade
    // before their end): not counted twice.
    try s.receive(
      #"{"table":"trade","action":"partial","filter":{"symbol":"XBTUSD"},"data":[{"timestamp":"2024-11-23T20:07:30.000Z","symbol":"XBTUSD","side":"Buy","size":300,"price":97590.5,"tickDirection":"PlusTick","trdMatchID":"00000000-006d-1000-0000-000e8737d999"}]}"#
    )
    #expect(s.state.candles[.oneMinute].last == Candle(startMs: 1_732_392_420_000, flat: 97_570.1))
    // One at 20:08:10 opens the next candle at the last close.
    try s.receive(
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2024-11-23T20:08:10.000Z","symbol":"XBTUSD","side":"Buy","size":300,"price":97590.5,"tickDirection":"PlusTick","trdMatchID":"00000000-006d-1000-0000-000e8737d99a"}]}"#
    )
    var opened = Candle(
      startMs: 1_732_392_480_000, open: 97_570.1, high: 97_590.5, low: 97_570.1, close: 97_590.5, volume: 300,
      trades: 1)
    opened.buyVolume = 300
    #expect(s.state.candles[.oneMinute].last == opened)

    // The socket's tradeBin1m rows are stamped the same way.
    let ws = try decoded(
      message(table: "tradeBin1m", action: "insert", rowFile: "nautilus/ws_trade_bin_1m.row.json"))
    #expect(ws.events == [.bins(TableSlice(action: .insert, filterSymbol: nil, rows: 0..<1))])
    #expect(ws.bins.first?.endMs == 1_732_392_420_000)
    #expect(ws.bins.first?.close == 97_570.1)
  }
}
