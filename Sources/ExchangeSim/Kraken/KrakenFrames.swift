import MarketModel

/// The frames of the Kraken WebSocket v2 dialect, byte for byte in Kraken's shapes (key order as
/// Kraken sends them, numbers as JSON numbers with the pair's trailing zeros, times as RFC 3339
/// with microseconds).
enum KrakenFrames {
  /// `{"channel":"heartbeat"}`.
  static let heartbeat = Array(#"{"channel":"heartbeat"}"#.utf8)

  /// The `status` frame sent on connect; `connectionID` is past 2^53, as Kraken's are.
  static func status(connectionID: Int64) -> [UInt8] {
    var w = JSONWriter()
    w.raw(#"{"channel":"status","type":"update","data":[{"version":"2.0.10","system":"online","#)
    w.raw(#""api_version":"v2","connection_id":"#)
    w.int(connectionID)
    w.raw("}]}")
    return w.bytes
  }

  /// A successful answer to `method`: `{"method":…,"result":{…},"success":true,"time_in":…,
  /// "time_out":…,"req_id":…}`; `result` writes the result object's members.
  static func ack(
    _ method: String, reqID: Int64?, timeMs: Int64, result: (inout JSONWriter) -> Void
  ) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("method")
    w.string(method)
    w.key("result")
    w.beginObject()
    result(&w)
    w.endObject()
    w.key("success")
    w.bool(true)
    times(&w, timeMs)
    if let reqID {
      w.key("req_id")
      w.int(reqID)
    }
    w.endObject()
    return w.bytes
  }

  /// The answer to `{"method":"ping"}`: `{"method":"pong","req_id":…,"time_in":…,"time_out":…}`.
  static func pong(reqID: Int64?, timeMs: Int64) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("method")
    w.string("pong")
    if let reqID {
      w.key("req_id")
      w.int(reqID)
    }
    times(&w, timeMs)
    w.endObject()
    return w.bytes
  }

  /// A refusal: `{"error":…,"method":…,"req_id":…,"success":false,"symbol":…,"time_in":…,
  /// "time_out":…}` (the method and symbol when known).
  static func error(
    _ message: String, method: String?, symbol: String? = nil, reqID: Int64?, timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("error")
    w.string(message)
    if let method {
      w.key("method")
      w.string(method)
    }
    if let reqID {
      w.key("req_id")
      w.int(reqID)
    }
    w.key("success")
    w.bool(false)
    if let symbol {
      w.key("symbol")
      w.string(symbol)
    }
    times(&w, timeMs)
    w.endObject()
    return w.bytes
  }

  /// `"time_in":…,"time_out":…`.
  private static func times(_ w: inout JSONWriter, _ ms: Int64) {
    w.key("time_in")
    timestamp(&w, ms)
    w.key("time_out")
    timestamp(&w, ms)
  }

  /// An RFC 3339 time with microseconds, quoted (`"2026-08-01T02:53:53.398143Z"`; the simulator's
  /// clock has milliseconds, so the last three digits are zero).
  static func timestamp(_ w: inout JSONWriter, _ ms: Int64) {
    var text: [UInt8] = [UInt8(ascii: "\"")]
    ISOTimestamp.write(ms: ms, into: &text)
    text.removeLast()
    text += Array("000Z\"".utf8)
    w.raw(text)
  }

  /// A `book` snapshot or update of one pair: the levels (quantity 0 deletes), the checksum,
  /// the time.
  static func book(
    snapshot: Bool, pair: KrakenPair, bids: [(price: Int64, qty: Int64)], asks: [(price: Int64, qty: Int64)],
    checksum: UInt32, timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter(capacity: 128 + 48 * (bids.count + asks.count))
    w.raw(
      snapshot
        ? #"{"channel":"book","type":"snapshot","data":[{"symbol":"#
        : #"{"channel":"book","type":"update","data":[{"symbol":"#)
    w.string(pair.symbol)
    w.raw(#","bids":["#)
    levels(&w, bids, pair)
    w.raw(#"],"asks":["#)
    levels(&w, asks, pair)
    w.raw(#"],"checksum":"#)
    w.int(Int64(checksum))
    w.raw(#","timestamp":"#)
    timestamp(&w, timeMs)
    w.raw("}]}")
    return w.bytes
  }

  private static func levels(
    _ w: inout JSONWriter, _ levels: [(price: Int64, qty: Int64)], _ pair: KrakenPair
  ) {
    for (i, level) in levels.enumerated() {
      w.raw(i == 0 ? #"{"price":"# : #",{"price":"#)
      w.raw(KrakenDecimal.text(level.price, precision: pair.pricePrecision))
      w.raw(#","qty":"#)
      w.raw(KrakenDecimal.text(level.qty, precision: pair.qtyPrecision))
      w.raw("}")
    }
  }

  /// A `trade` snapshot or update of one pair's trades (oldest first).
  static func trades(snapshot: Bool, pair: KrakenPair, _ trades: [KrakenTrade]) -> [UInt8] {
    var w = JSONWriter(capacity: 64 + 160 * trades.count)
    w.raw(
      snapshot
        ? #"{"channel":"trade","type":"snapshot","data":["# : #"{"channel":"trade","type":"update","data":["#)
    for (i, t) in trades.enumerated() {
      w.raw(i == 0 ? #"{"symbol":"# : #",{"symbol":"#)
      w.string(pair.symbol)
      w.raw(t.side == .buy ? #","side":"buy","price":"# : #","side":"sell","price":"#)
      w.raw(KrakenDecimal.text(t.priceUnits, precision: pair.pricePrecision))
      w.raw(#","qty":"#)
      w.raw(KrakenDecimal.text(t.qtyUnits, precision: pair.qtyPrecision))
      w.raw(t.market ? #","ord_type":"market","trade_id":"# : #","ord_type":"limit","trade_id":"#)
      w.int(t.id)
      w.raw(#","timestamp":"#)
      timestamp(&w, t.timeMs)
      w.raw("}")
    }
    w.raw("]}")
    return w.bytes
  }

  /// A `ticker` snapshot or update of one pair.
  static func ticker(snapshot: Bool, pair: KrakenPair, _ day: KrakenDay) -> [UInt8] {
    var w = JSONWriter(capacity: 320)
    w.raw(
      snapshot
        ? #"{"channel":"ticker","type":"snapshot","data":["#
        : #"{"channel":"ticker","type":"update","data":["#)
    w.beginObject()
    w.key("symbol")
    w.string(pair.symbol)
    func price(_ key: StaticString, _ units: Int64) {
      w.key(key)
      if units < 0 { w.raw("-") }
      w.raw(KrakenDecimal.text(abs(units), precision: pair.pricePrecision))
    }
    func qty(_ key: StaticString, _ units: Int64) {
      w.key(key)
      w.raw(KrakenDecimal.text(units, precision: pair.qtyPrecision))
    }
    price("bid", day.bid)
    qty("bid_qty", day.bidQty)
    price("ask", day.ask)
    qty("ask_qty", day.askQty)
    price("last", day.last)
    qty("volume", day.volume)
    price("vwap", Int64(day.vwap.rounded()))
    price("low", day.low)
    price("high", day.high)
    price("change", day.last - day.open)
    w.key("change_pct")
    w.double((Double(day.last - day.open) / Double(max(1, day.open)) * 10_000).rounded() / 100)
    w.endObject()
    w.raw("]}")
    return w.bytes
  }

  /// The `instrument` snapshot: every asset and every pair, with the pairs' precisions,
  /// increments and minimum quantities.
  static func instrument(_ pairs: [KrakenPair]) -> [UInt8] {
    var w = JSONWriter(capacity: 300 * pairs.count)
    w.raw(#"{"channel":"instrument","type":"snapshot","data":{"assets":["#)
    var seen = Set<String>()
    var first = true
    for asset in pairs.flatMap({ [$0.base, $0.quote] }) where seen.insert(asset).inserted {
      w.raw(first ? #"{"id":"# : #",{"id":"#)
      first = false
      w.string(asset)
      w.raw(#","status":"enabled","precision":8,"precision_display":5,"borrowable":false,"#)
      w.raw(#""collateral_value":0.0,"margin_rate":0.0}"#)
    }
    w.raw(#"],"pairs":["#)
    for (i, pair) in pairs.enumerated() {
      if i > 0 { w.raw(",") }
      w.beginObject()
      w.key("symbol")
      w.string(pair.symbol)
      w.key("base")
      w.string(pair.base)
      w.key("quote")
      w.string(pair.quote)
      w.key("status")
      w.string("online")
      w.key("qty_precision")
      w.int(pair.qtyPrecision)
      w.key("qty_increment")
      w.raw(KrakenDecimal.text(1, precision: pair.qtyPrecision))
      w.key("price_precision")
      w.int(pair.pricePrecision)
      w.key("cost_precision")
      w.int(5)
      w.key("marginable")
      w.bool(false)
      w.key("has_index")
      w.bool(true)
      w.key("cost_min")
      w.raw("0.5")
      w.key("tick_size")
      w.raw(KrakenDecimal.text(1, precision: pair.pricePrecision))
      w.key("price_increment")
      w.raw(KrakenDecimal.text(1, precision: pair.pricePrecision))
      w.key("qty_min")
      w.raw(KrakenDecimal.text(pair.minQtyUnits, precision: pair.qtyPrecision))
      w.endObject()
    }
    w.raw("]}}")
    return w.bytes
  }
}
