/// USDⓈ-M's liquidation orders (`forceOrder`), from the source instrument's (`SimConfig.activity`):
/// each fill of one is reported with what it filled last (`l`), in all (`z`), and its status.
extension BinanceDialect {
  /// Reports the fills of book `b`'s source liquidations to `<symbol>@forceOrder` and
  /// `!forceOrder@arr`; `trades` are the step's (the fills among them).
  func reportLiquidations(
    _ b: Int, _ fills: [(order: SimLiquidation, last: Int64, filled: Int64)], trades: [SimTrade],
    timeMs t: Int64
  ) {
    let book = books[b]
    let l = book.listing
    let one = BinanceStream(kind: .forceOrder, symbol: l.symbol)
    let all = BinanceStream(kind: .forceOrder, symbol: nil)
    guard wanted(one, .usdm) || wanted(all, .usdm) else { return }
    func units(_ contracts: Int64) -> Int64 {
      contracts > 0 ? book.units(lots: Double(contracts) / Double(book.sourceLot)) : 0
    }
    for (order, last, filled) in fills {
      let status = order.action == .update ? "PARTIALLY_FILLED" : order.leavesQty == 0 ? "FILLED" : "EXPIRED"
      // The fills are the step's last trades; their price stands for the average.
      let average = book.ticks(trades.last?.ticks ?? order.ticks)
      let data = BinanceEncoder.forceOrder(
        side: order.side == .sell ? "SELL" : "BUY", price: book.ticks(order.ticks), average: average,
        qty: units(order.originalQty), last: units(last), filled: units(filled), status: status, l, timeMs: t)
      deliver(data, one, .usdm)
      deliver(data, all, .usdm)
    }
  }
}

extension BinanceEncoder {
  /// `{"e":"forceOrder","E":…,"o":{"s","S","o":"LIMIT","f":"IOC","q","p","ap","X","l","z","T"}}`.
  static func forceOrder(
    side: String, price p: Int64, average: Int64, qty q: Int64, last: Int64, filled: Int64, status: String,
    _ l: BinanceListing, timeMs: Int64
  ) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("forceOrder")
    w.key("E")
    w.int(timeMs)
    w.key("o")
    w.beginObject()
    w.key("s")
    w.string(l.symbol)
    w.key("S")
    w.string(side)
    w.key("o")
    w.string("LIMIT")
    w.key("f")
    w.string("IOC")
    w.key("q")
    qty(q, l, into: &w)
    w.key("p")
    price(p, l, into: &w)
    w.key("ap")
    price(average, l, into: &w)
    w.key("X")
    w.string(status)
    w.key("l")
    qty(last, l, into: &w)
    w.key("z")
    qty(filled, l, into: &w)
    w.key("T")
    w.int(timeMs)
    w.endObject()
    w.endObject()
    return w.bytes
  }
}
