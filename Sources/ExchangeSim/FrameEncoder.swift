import MarketModel

/// Builds the JSON the simulator sends: WebSocket frames in BitMEX's modern wire format
/// (arbitrary ids, `price` and `timestamp` on every L2 row) and REST bodies.
enum FrameEncoder {
  /// What a row writer needs to know about the instrument a row belongs to.
  struct Market {
    var instrument: SimInstrument
    var scale: PriceScale
    var symbol: String { instrument.symbol }
  }

  // MARK: Control frames

  /// The first frame after the upgrade (the 2025–2026 shape, without the deprecated `limit`).
  static func welcome(timeMs: Int64) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("info")
    w.string("Welcome to the BitMEX Realtime API.")
    w.key("version")
    w.string("2.0.0")
    w.key("timestamp")
    w.timestamp(ms: timeMs)
    w.key("docs")
    w.string("https://www.bitmex.com/app/wsAPI")
    w.key("heartbeatEnabled")
    w.bool(false)
    w.endObject()
    return w.bytes
  }

  /// `{"success":true,"subscribe":"trade:XBTUSD","request":{…}}`; `request` is the client's
  /// frame, echoed as it came.
  static func ack(op: String, topic: String, request: [UInt8]) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("success")
    w.bool(true)
    w.key(op)
    w.string(topic)
    w.key("request")
    w.raw(request)
    w.endObject()
    return w.bytes
  }

  /// `{"status":400,"error":"…","meta":{},"request":{…}}`.
  static func error(status: Int, message: String, retryAfter: Int? = nil, request: [UInt8]?) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("status")
    w.int(status)
    w.key("error")
    w.string(message)
    w.key("meta")
    w.beginObject()
    if let retryAfter {
      w.key("retryAfter")
      w.int(retryAfter)
    }
    w.endObject()
    if let request {
      w.key("request")
      w.raw(request)
    }
    w.endObject()
    return w.bytes
  }

  // MARK: Table envelopes

  private static func envelope(_ w: inout JSONWriter, _ table: SimTable, _ action: TableAction) {
    w.beginObject()
    w.key("table")
    w.string(table.rawValue)
    w.key("action")
    w.string(action.description)
  }

  /// The partial's schema keys (`keys`, `types`, `foreignKeys`, `attributes`) and `filter`.
  private static func schema(_ w: inout JSONWriter, _ table: SimTable, filterSymbol: String?) {
    w.key("keys")
    switch table {
    case .orderBookL2, .orderBookL2Top25, .orderBookL2Top100:
      w.raw(#"["symbol","id","side"]"#)
      w.key("types")
      w.raw(
        #"{"symbol":"symbol","id":"long","side":"symbol","size":"long","price":"float","timestamp":"timestamp"}"#
      )
      w.key("foreignKeys")
      w.raw(#"{"symbol":"instrument","side":"side"}"#)
      w.key("attributes")
      w.raw(#"{"symbol":"parted","id":"sorted"}"#)
    case .trade:
      w.raw("[]")
      w.key("types")
      w.raw(
        #"{"timestamp":"timestamp","symbol":"symbol","side":"symbol","size":"long","price":"float","#
          + #""tickDirection":"symbol","trdMatchID":"guid","grossValue":"long","homeNotional":"float","#
          + #""foreignNotional":"float","trdType":"symbol"}"#)
      w.key("foreignKeys")
      w.raw(#"{"symbol":"instrument","side":"side"}"#)
      w.key("attributes")
      w.raw(#"{"timestamp":"sorted","symbol":"grouped"}"#)
    case .quote:
      w.raw("[]")
      w.key("types")
      w.raw(
        #"{"timestamp":"timestamp","symbol":"symbol","bidSize":"long","bidPrice":"float","askPrice":"float","#
          + #""askSize":"long"}"#)
      w.key("foreignKeys")
      w.raw(#"{"symbol":"instrument"}"#)
      w.key("attributes")
      w.raw(#"{"timestamp":"sorted","symbol":"grouped"}"#)
    case .liquidation:
      w.raw(#"["orderID"]"#)
      w.key("types")
      w.raw(#"{"orderID":"guid","symbol":"symbol","side":"symbol","price":"float","leavesQty":"long"}"#)
      w.key("foreignKeys")
      w.raw(#"{"symbol":"instrument","side":"side"}"#)
      w.key("attributes")
      w.raw(#"{"orderID":"grouped"}"#)
    case .instrument:
      w.raw(#"["symbol"]"#)
      w.key("types")
      w.raw(
        #"{"symbol":"symbol","state":"symbol","typ":"symbol","tickSize":"float","lotSize":"float","#
          + #""lastPrice":"float","markPrice":"float","fundingRate":"float","timestamp":"timestamp"}"#)
      w.key("foreignKeys")
      w.raw("{}")
      w.key("attributes")
      w.raw(#"{"symbol":"unique"}"#)
    default:
      w.raw("[]")
      w.key("types")
      w.raw("{}")
      w.key("foreignKeys")
      w.raw("{}")
      w.key("attributes")
      w.raw("{}")
    }
    w.key("filter")
    w.beginObject()
    if let filterSymbol {
      w.key("symbol")
      w.string(filterSymbol)
    }
    w.endObject()
  }

  /// A partial whose rows `body` writes (each row preceded by `w.item()`).
  static func partial(
    _ table: SimTable, filterSymbol: String?, _ body: (inout JSONWriter) -> Void
  ) -> [UInt8] {
    var w = JSONWriter(capacity: 4096)
    envelope(&w, table, .partial)
    schema(&w, table, filterSymbol: filterSymbol)
    w.key("data")
    w.beginArray()
    body(&w)
    w.endArray()
    w.endObject()
    return w.bytes
  }

  /// A delta (`insert`, `update`, `delete`) whose rows `body` writes.
  static func delta(_ table: SimTable, _ action: TableAction, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
    var w = JSONWriter(capacity: 512)
    envelope(&w, table, action)
    w.key("data")
    w.beginArray()
    body(&w)
    w.endArray()
    w.endObject()
    return w.bytes
  }

  // MARK: Rows

  /// An L2 row; `size` nil leaves it out (deletes).
  static func bookRow(
    _ w: inout JSONWriter, _ market: Market, side: Side, id: Int64, ticks: Int64, size: Int64?, timeMs: Int64
  ) {
    w.item()
    w.beginObject()
    w.key("symbol")
    w.string(market.symbol)
    w.key("id")
    w.int(id)
    w.key("side")
    w.raw(side == .buy ? #""Buy""# : #""Sell""#)
    if let size {
      w.key("size")
      w.int(size)
    }
    w.key("price")
    market.scale.write(ticks, into: &w)
    w.key("timestamp")
    w.timestamp(ms: timeMs)
    w.endObject()
  }

  /// The rows of a book image as BitMEX orders them: asks from the highest price down,
  /// then bids from the highest down.
  static func bookRows(
    _ w: inout JSONWriter, _ market: Market, bids: [SimLevel], asks: [SimLevel], timeMs: Int64
  ) {
    for level in asks.reversed() {
      bookRow(&w, market, side: .sell, id: level.id, ticks: level.ticks, size: level.size, timeMs: timeMs)
    }
    for level in bids {
      bookRow(&w, market, side: .buy, id: level.id, ticks: level.ticks, size: level.size, timeMs: timeMs)
    }
  }

  /// Book changes as frames: one frame per run of consecutive changes with the same action,
  /// so that applying the frames in order applies the changes in order.
  static func bookDeltas(
    _ table: SimTable, _ market: Market, _ changes: [BookChange], timeMs: Int64
  ) -> [[UInt8]] {
    var frames: [[UInt8]] = []
    var start = 0
    while start < changes.count {
      let action = changes[start].action
      var end = start + 1
      while end < changes.count && changes[end].action == action { end += 1 }
      frames.append(
        delta(table, action) { w in
          for c in changes[start..<end] {
            bookRow(
              &w, market, side: c.side, id: c.id, ticks: c.ticks, size: action == .delete ? nil : c.size,
              timeMs: timeMs)
          }
        })
      start = end
    }
    return frames
  }

  /// A `liquidation` row as BitMEX sends it: the whole order on insert (and in a partial), the
  /// key and the new `leavesQty` on update, the key alone on delete.
  static func liquidationRow(_ w: inout JSONWriter, _ market: Market, _ l: SimLiquidation, full: Bool = false)
  {
    w.item()
    w.beginObject()
    w.key("orderID")
    w.string(l.orderID)
    w.key("symbol")
    w.string(market.symbol)
    if full || l.action == .insert {
      w.key("side")
      w.raw(l.side == .buy ? #""Buy""# : #""Sell""#)
      w.key("price")
      market.scale.write(l.ticks, into: &w)
    }
    if full || l.action != .delete {
      w.key("leavesQty")
      w.int(l.leavesQty)
    }
    w.endObject()
  }

  /// A trade row; an index's print (`sideless`) has an empty side, as BitMEX posts index prices
  /// to the trade feed.
  static func tradeRow(_ w: inout JSONWriter, _ market: Market, _ t: SimTrade, sideless: Bool = false) {
    w.item()
    w.beginObject()
    w.key("timestamp")
    w.timestamp(ms: t.timeMs)
    w.key("symbol")
    w.string(market.symbol)
    w.key("side")
    w.raw(sideless ? #""""# : t.side == .buy ? #""Buy""# : #""Sell""#)
    w.key("size")
    w.int(t.size)
    w.key("price")
    market.scale.write(t.ticks, into: &w)
    w.key("tickDirection")
    w.string(MarketGenerator.name(t.tickDirection))
    w.key("trdMatchID")
    w.string(t.matchID)
    w.key("grossValue")
    w.int(t.grossValue)
    w.key("homeNotional")
    w.double(t.homeNotional)
    w.key("foreignNotional")
    w.double(t.foreignNotional)
    w.key("trdType")
    w.raw(#""Regular""#)
    w.endObject()
  }

  static func quoteRow(_ w: inout JSONWriter, _ market: Market, bid: SimLevel?, ask: SimLevel?, timeMs: Int64)
  {
    w.item()
    w.beginObject()
    w.key("timestamp")
    w.timestamp(ms: timeMs)
    w.key("symbol")
    w.string(market.symbol)
    if let bid {
      w.key("bidSize")
      w.int(bid.size)
      w.key("bidPrice")
      market.scale.write(bid.ticks, into: &w)
    }
    if let ask {
      w.key("askPrice")
      market.scale.write(ask.ticks, into: &w)
      w.key("askSize")
      w.int(ask.size)
    }
    w.endObject()
  }

  /// A full instrument row: reference data and every ticker field.
  static func instrumentRow(_ w: inout JSONWriter, _ market: Market, _ ticker: InstrumentTicker) {
    let i = market.instrument
    w.item()
    w.beginObject()
    w.key("symbol")
    w.string(i.symbol)
    w.key("rootSymbol")
    w.string(i.rootSymbol)
    w.key("state")
    w.raw(#""Open""#)
    w.key("typ")
    w.string(i.typ)
    w.key("listing")
    w.raw(#""2016-05-13T12:00:00.000Z""#)
    w.key("front")
    w.raw(#""2016-05-13T12:00:00.000Z""#)
    w.key("expiry")
    if let expiry = i.expiryMs { w.timestamp(ms: expiry) } else { w.null() }
    w.key("settle")
    if let expiry = i.expiryMs { w.timestamp(ms: expiry) } else { w.null() }
    w.key("positionCurrency")
    w.string(i.positionCurrency)
    w.key("underlying")
    w.string(i.underlying)
    w.key("quoteCurrency")
    w.string(i.quoteCurrency)
    w.key("underlyingSymbol")
    w.string(i.underlying + "=")
    w.key("reference")
    w.raw(#""BMEX""#)
    w.key("referenceSymbol")
    w.string(i.referenceSymbol)
    w.key("maxOrderQty")
    w.int(10_000_000 * i.lotSize)
    w.key("maxPrice")
    w.int(1_000_000)
    w.key("lotSize")
    w.int(i.lotSize)
    w.key("tickSize")
    market.scale.write(1, into: &w)
    w.key("multiplier")
    w.double(i.multiplier)
    w.key("settlCurrency")
    w.string(i.settlCurrency)
    if let m = i.underlyingToPositionMultiplier {
      w.key("underlyingToPositionMultiplier")
      w.double(m)
    }
    // Settlement conversions as BitMEX lists them: inverse contracts convert the underlying
    // (−10^8 XBt per XBT), the others the quote currency (10^8 XBt per XBT, 10^6 USDt per
    // USDT; a quanto's is BitMEX's published XBt-per-USD rate).
    w.key("underlyingToSettleMultiplier")
    if i.kind == .inverse { w.double(i.multiplier) } else { w.null() }
    w.key("quoteToSettleMultiplier")
    switch i.kind {
    case .inverse: w.null()
    case .quanto: w.int(Int64((1e8 / 98_000).rounded()))
    case .linear: w.int(i.settlesInBitcoin ? 100_000_000 : 1_000_000)
    }
    w.key("makerFee")
    w.double(i.isSpot ? 0.0001 : -0.0001)
    w.key("takerFee")
    w.double(i.isSpot ? 0.001 : 0.00075)
    w.key("isQuanto")
    w.bool(i.kind == .quanto)
    w.key("isInverse")
    w.bool(i.kind == .inverse)
    w.key("initMargin")
    w.double(0.01)
    w.key("maintMargin")
    w.double(0.005)
    if i.isPerpetual {
      w.key("fundingBaseSymbol")
      w.string(".\(i.rootSymbol)BON8H")
      w.key("fundingQuoteSymbol")
      w.string(".USDBON8H")
      w.key("fundingPremiumSymbol")
      w.string(".\(i.symbol)PI8H")
      w.key("fundingInterval")
      w.raw(#""2000-01-01T08:00:00.000Z""#)
      w.key("fairMethod")
      w.raw(#""FundingRate""#)
    } else {
      w.key("fundingBaseSymbol")
      w.string("")
      w.key("fundingQuoteSymbol")
      w.string("")
      w.key("fundingPremiumSymbol")
      w.string("")
      w.key("fundingInterval")
      w.null()
      w.key("fairMethod")
      w.string(i.isSpot ? "" : "ImpactMidPrice")
    }
    w.key("markMethod")
    w.raw(#""FairPrice""#)
    w.key("hasLiquidity")
    w.bool(true)
    for n in ticker.values.indices {
      tickerField(&w, market, ticker, n)
    }
    w.key("timestamp")
    w.timestamp(ms: ticker.timeMs)
    w.endObject()
  }

  /// An instrument update row: the symbol, the fields at `fields`, the timestamp.
  static func instrumentUpdateRow(
    _ w: inout JSONWriter, _ market: Market, _ ticker: InstrumentTicker, fields: [Int]
  ) {
    w.item()
    w.beginObject()
    w.key("symbol")
    w.string(market.symbol)
    for n in fields {
      tickerField(&w, market, ticker, n)
    }
    w.key("timestamp")
    w.timestamp(ms: ticker.timeMs)
    w.endObject()
  }

  private static func tickerField(
    _ w: inout JSONWriter, _ market: Market, _ ticker: InstrumentTicker, _ n: Int
  ) {
    w.key(InstrumentTicker.names[n])
    switch ticker.values[n] {
    case .ticks(let t): market.scale.write(t, into: &w)
    case .number(let d): w.double(d)
    case .integer(let i): w.int(i)
    case .text(let s): w.string(s)
    case .time(let ms): w.timestamp(ms: ms)
    case .null: w.null()
    }
  }

  /// A REST `trade/bucketed` row.
  static func binRow(_ w: inout JSONWriter, _ market: Market, _ bin: TradeHistory.Bin) {
    let scale = market.scale
    w.item()
    w.beginObject()
    w.key("timestamp")
    w.timestamp(ms: bin.endMs)
    w.key("symbol")
    w.string(market.symbol)
    w.key("open")
    scale.write(bin.open, into: &w)
    w.key("high")
    scale.write(bin.high, into: &w)
    w.key("low")
    scale.write(bin.low, into: &w)
    w.key("close")
    scale.write(bin.close, into: &w)
    w.key("trades")
    w.int(bin.trades)
    w.key("volume")
    w.int(bin.volume)
    w.key("vwap")
    if let v = bin.vwapTicks {
      let p = 10_000.0
      w.double((v * scale.tickSize * p).rounded() / p)
    } else {
      w.null()
    }
    w.key("lastSize")
    if let s = bin.lastSize { w.int(s) } else { w.null() }
    w.key("turnover")
    w.int(bin.turnover)
    w.key("homeNotional")
    w.double(bin.homeNotional)
    w.key("foreignNotional")
    w.double(bin.foreignNotional)
    w.endObject()
  }

  /// A REST error body: `{"error":{"message":"…","name":"HTTPError"}}`.
  static func restError(_ message: String, name: String = "HTTPError") -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("error")
    w.beginObject()
    w.key("message")
    w.string(message)
    w.key("name")
    w.string(name)
    w.endObject()
    w.endObject()
    return w.bytes
  }

  /// A JSON array whose elements `body` writes.
  static func array(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
    var w = JSONWriter(capacity: 4096)
    w.beginArray()
    body(&w)
    w.endArray()
    return w.bytes
  }

  /// BitMEX's answer to `help` (and `GET /schema/websocketHelp`).
  static func websocketHelp() -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("info")
    w.string(
      "See https://www.bitmex.com/app/wsAPI and https://www.bitmex.com/explorer for more documentation.")
    w.key("usage")
    w.string("Send a message in the format: {\"op\": string, \"args\": Array<string>}")
    w.key("ops")
    w.raw(#"["authKey","authKeyExpires","cancelAllAfter","subscribe","unsubscribe"]"#)
    w.key("subscriptionSubjects")
    w.beginObject()
    w.key("authenticationRequired")
    w.raw("[]")
    w.key("public")
    w.beginArray()
    for table in SimTable.allCases {
      w.item()
      w.string(table.rawValue)
    }
    w.endArray()
    w.endObject()
    w.endObject()
    return w.bytes
  }
}
