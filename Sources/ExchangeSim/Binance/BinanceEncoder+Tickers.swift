/// The ticker payloads: `24hrTicker`, `24hrMiniTicker` and REST `ticker/24hr`.
extension BinanceEncoder {
  /// The change in percent, three decimals (`"-1.234"`).
  static func percent(_ t: BinanceTicker, into w: inout JSONWriter) {
    let thousandths = t.open > 0 ? Int64((Double(t.last - t.open) / Double(t.open) * 100_000).rounded()) : 0
    quoted(thousandths, decimals: 3, into: &w)
  }

  /// A `24hrTicker` stream payload (spot's with the best bid and ask and `x`).
  static func ticker(_ t: BinanceTicker, _ l: BinanceListing) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("24hrTicker")
    w.key("E")
    w.int(t.timeMs)
    w.key("s")
    w.string(l.symbol)
    w.key("p")
    price(t.last - t.open, l, into: &w)
    w.key("P")
    percent(t, into: &w)
    w.key("w")
    price(t.weightedTicks, l, into: &w)
    if l.market == .spot {
      w.key("x")
      price(t.open, l, into: &w)
    }
    w.key("c")
    price(t.last, l, into: &w)
    w.key("Q")
    qty(t.lastQty, l, into: &w)
    if l.market == .spot {
      w.key("b")
      price(t.bid?.ticks ?? 0, l, into: &w)
      w.key("B")
      qty(t.bid?.qty ?? 0, l, into: &w)
      w.key("a")
      price(t.ask?.ticks ?? 0, l, into: &w)
      w.key("A")
      qty(t.ask?.qty ?? 0, l, into: &w)
    }
    w.key("o")
    price(t.open, l, into: &w)
    w.key("h")
    price(t.high, l, into: &w)
    w.key("l")
    price(t.low, l, into: &w)
    w.key("v")
    qty(t.volume, l, into: &w)
    w.key("q")
    quoted(t.quoteVolume(l), decimals: l.priceDecimals, into: &w)
    w.key("O")
    w.int(t.timeMs - 86_400_000)
    w.key("C")
    w.int(t.timeMs)
    w.key("F")
    w.raw(String(t.firstTradeID))
    w.key("L")
    w.raw(String(t.lastTradeID))
    w.key("n")
    w.int(t.trades)
    w.endObject()
    return w.bytes
  }

  /// A `24hrMiniTicker` stream payload.
  static func miniTicker(_ t: BinanceTicker, _ l: BinanceListing) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("24hrMiniTicker")
    w.key("E")
    w.int(t.timeMs)
    w.key("s")
    w.string(l.symbol)
    w.key("c")
    price(t.last, l, into: &w)
    w.key("o")
    price(t.open, l, into: &w)
    w.key("h")
    price(t.high, l, into: &w)
    w.key("l")
    price(t.low, l, into: &w)
    w.key("v")
    qty(t.volume, l, into: &w)
    w.key("q")
    quoted(t.quoteVolume(l), decimals: l.priceDecimals, into: &w)
    w.endObject()
    return w.bytes
  }

  /// One element of REST `ticker/24hr`.
  static func restTicker(_ t: BinanceTicker, _ l: BinanceListing, into w: inout JSONWriter) {
    w.beginObject()
    w.key("symbol")
    w.string(l.symbol)
    w.key("priceChange")
    price(t.last - t.open, l, into: &w)
    w.key("priceChangePercent")
    percent(t, into: &w)
    w.key("weightedAvgPrice")
    price(t.weightedTicks, l, into: &w)
    if l.market == .spot {
      w.key("prevClosePrice")
      price(t.open, l, into: &w)
    }
    w.key("lastPrice")
    price(t.last, l, into: &w)
    w.key("lastQty")
    qty(t.lastQty, l, into: &w)
    if l.market == .spot {
      w.key("bidPrice")
      price(t.bid?.ticks ?? 0, l, into: &w)
      w.key("bidQty")
      qty(t.bid?.qty ?? 0, l, into: &w)
      w.key("askPrice")
      price(t.ask?.ticks ?? 0, l, into: &w)
      w.key("askQty")
      qty(t.ask?.qty ?? 0, l, into: &w)
    }
    w.key("openPrice")
    price(t.open, l, into: &w)
    w.key("highPrice")
    price(t.high, l, into: &w)
    w.key("lowPrice")
    price(t.low, l, into: &w)
    w.key("volume")
    qty(t.volume, l, into: &w)
    w.key("quoteVolume")
    quoted(t.quoteVolume(l), decimals: l.priceDecimals, into: &w)
    w.key("openTime")
    w.int(t.timeMs - 86_400_000)
    w.key("closeTime")
    w.int(t.timeMs)
    w.key("firstId")
    w.raw(String(t.firstTradeID))
    w.key("lastId")
    w.raw(String(t.lastTradeID))
    w.key("count")
    w.int(t.trades)
    w.endObject()
  }
}
