import FoundationEssentials

/// Builds the JSON the Binance dialect sends, in Binance's shapes: numbers as quoted decimals
/// with the market's digits (`"61824.01000000"` on spot, `"61800.10"` on USDⓈ-M), ids and times
/// as bare integers, stream payloads inside the combined-stream envelope.
enum BinanceEncoder {
  /// `"<units × 10^-decimals>"` with every digit (`"0.00100000"`).
  static func quoted(_ units: Int64, decimals: Int, into w: inout JSONWriter) {
    var text = String(units.magnitude)
    if decimals > 0 {
      if text.count <= decimals { text = String(repeating: "0", count: decimals - text.count + 1) + text }
      text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
    }
    w.raw(units < 0 ? "\"-\(text)\"" : "\"\(text)\"")
  }

  static func price(_ ticks: Int64, _ l: BinanceListing, into w: inout JSONWriter) {
    quoted(ticks * l.tickUnits, decimals: l.priceDecimals, into: &w)
  }

  static func qty(_ units: Int64, _ l: BinanceListing, into w: inout JSONWriter) {
    quoted(units, decimals: l.qtyDecimals, into: &w)
  }

  /// `[["price","qty"],…]`.
  static func levels(_ levels: [BinanceLevel], _ l: BinanceListing, into w: inout JSONWriter) {
    w.beginArray()
    for level in levels {
      w.item()
      w.beginArray()
      w.item()
      price(level.ticks, l, into: &w)
      w.item()
      qty(level.qty, l, into: &w)
      w.endArray()
    }
    w.endArray()
  }

  /// `{"stream":"<name>","data":<data>}`.
  static func envelope(stream: String, data: [UInt8]) -> [UInt8] {
    var w = JSONWriter(capacity: data.count + stream.utf8.count + 24)
    w.beginObject()
    w.key("stream")
    w.string(stream)
    w.key("data")
    w.raw(data)
    w.endObject()
    return w.bytes
  }

  // MARK: Streams

  /// A `depthUpdate` (USDⓈ-M's with `T` and `pu`).
  static func depthUpdate(_ e: BinanceDepthEvent, _ l: BinanceListing, timeMs: Int64) -> [UInt8] {
    var w = JSONWriter(capacity: 128 + 40 * (e.bids.count + e.asks.count))
    w.beginObject()
    w.key("e")
    w.string("depthUpdate")
    w.key("E")
    w.int(timeMs)
    if l.market == .usdm {
      w.key("T")
      w.int(timeMs)
    }
    w.key("s")
    w.string(l.symbol)
    w.key("U")
    w.raw(String(e.first))
    w.key("u")
    w.raw(String(e.last))
    if l.market == .usdm {
      w.key("pu")
      w.raw(String(e.previous))
    }
    w.key("b")
    levels(e.bids, l, into: &w)
    w.key("a")
    levels(e.asks, l, into: &w)
    w.endObject()
    return w.bytes
  }

  /// A `bookTicker` at update `id` (spot's bare; USDⓈ-M's with `e`, `T`, `E`).
  static func bookTicker(
    id: UInt64, bid: BinanceLevel?, ask: BinanceLevel?, _ l: BinanceListing, timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    if l.market == .usdm {
      w.key("e")
      w.string("bookTicker")
    }
    w.key("u")
    w.raw(String(id))
    w.key("s")
    w.string(l.symbol)
    w.key("b")
    price(bid?.ticks ?? 0, l, into: &w)
    w.key("B")
    qty(bid?.qty ?? 0, l, into: &w)
    w.key("a")
    price(ask?.ticks ?? 0, l, into: &w)
    w.key("A")
    qty(ask?.qty ?? 0, l, into: &w)
    if l.market == .usdm {
      w.key("T")
      w.int(timeMs)
      w.key("E")
      w.int(timeMs)
    }
    w.endObject()
    return w.bytes
  }

  /// A `trade`: `m` is whether the buyer was the maker (a sell aggressor).
  static func trade(
    id: UInt64, ticks: Int64, qty q: Int64, buyerIsMaker: Bool, _ l: BinanceListing, timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("trade")
    w.key("E")
    w.int(timeMs)
    if l.market == .usdm {
      w.key("T")
      w.int(timeMs)
    }
    w.key("s")
    w.string(l.symbol)
    w.key("t")
    w.raw(String(id))
    w.key("p")
    price(ticks, l, into: &w)
    w.key("q")
    qty(q, l, into: &w)
    if l.market == .spot {
      w.key("T")
      w.int(timeMs)
    } else {
      w.key("X")
      w.string("MARKET")
    }
    w.key("m")
    w.bool(buyerIsMaker)
    if l.market == .spot {
      w.key("M")
      w.bool(true)
    }
    w.endObject()
    return w.bytes
  }

  /// An `aggTrade` of one trade (`f` = `l` = its trade id).
  static func aggTrade(
    id: UInt64, tradeID: UInt64, ticks: Int64, qty q: Int64, buyerIsMaker: Bool, _ l: BinanceListing,
    timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("aggTrade")
    w.key("E")
    w.int(timeMs)
    w.key("s")
    w.string(l.symbol)
    w.key("a")
    w.raw(String(id))
    w.key("p")
    price(ticks, l, into: &w)
    w.key("q")
    qty(q, l, into: &w)
    w.key("f")
    w.raw(String(tradeID))
    w.key("l")
    w.raw(String(tradeID))
    w.key("T")
    w.int(timeMs)
    w.key("m")
    w.bool(buyerIsMaker)
    if l.market == .spot {
      w.key("M")
      w.bool(true)
    }
    w.endObject()
    return w.bytes
  }

  /// The connection event that says the server will close the connection soon:
  /// `{"event":{"e":"serverShutdown","E":<ms>}}`, as Binance's documentation shows it.
  static func serverShutdown(timeMs: Int64) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("event")
    w.beginObject()
    w.key("e")
    w.string("serverShutdown")
    w.key("E")
    w.int(timeMs)
    w.endObject()
    w.endObject()
    return w.bytes
  }

  // MARK: REST

  /// `{"code":-1121,"msg":"Invalid symbol."}`.
  static func error(code: Int, _ message: String) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("code")
    w.int(code)
    w.key("msg")
    w.string(message)
    w.endObject()
    return w.bytes
  }

  /// The REST depth body: `lastUpdateId`, (USDⓈ-M: `E`, `T`,) `bids`, `asks`.
  static func depthSnapshot(
    id: UInt64, bids: [BinanceLevel], asks: [BinanceLevel], _ l: BinanceListing, timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter(capacity: 64 + 40 * (bids.count + asks.count))
    w.beginObject()
    w.key("lastUpdateId")
    w.raw(String(id))
    if l.market == .usdm {
      w.key("E")
      w.int(timeMs)
      w.key("T")
      w.int(timeMs)
    }
    w.key("bids")
    levels(bids, l, into: &w)
    w.key("asks")
    levels(asks, l, into: &w)
    w.endObject()
    return w.bytes
  }
}

extension BinanceEncoder {
  /// The answer to a client request the simulator does not serve:
  /// `{"error":{"code":2,"msg":"Invalid request: …"},"id":<the request's id or null>}`.
  static func requestError(_ request: [UInt8]) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("error")
    w.beginObject()
    w.key("code")
    w.int(2)
    w.key("msg")
    w.string("Invalid request: streams are named in the URL (/stream?streams=…)")
    w.endObject()
    w.key("id")
    if let id = requestID(request) { w.int(id) } else { w.null() }
    w.endObject()
    return w.bytes
  }

  /// The integer `id` of a JSON request, if it has one.
  private static func requestID(_ request: [UInt8]) -> Int64? {
    struct Request: Decodable { var id: Int64? }
    return (try? JSONDecoder().decode(Request.self, from: Data(request)))?.id
  }
}
