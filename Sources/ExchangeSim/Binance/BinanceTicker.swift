/// A symbol's rolling 24 h statistics, from its source instrument's (prices on this symbol's
/// grid, volume in the base asset), for `@ticker`, `@miniTicker`, the all-market arrays and REST
/// `ticker/24hr`.
struct BinanceTicker: Sendable, Hashable {
  var last: Int64
  var lastQty: Int64
  var open: Int64
  var high: Int64
  var low: Int64
  /// Base asset, in units of 10^-`qtyDecimals`.
  var volume: Int64
  var bid: BinanceLevel?
  var ask: BinanceLevel?
  var trades: Int64
  var firstTradeID: UInt64
  var lastTradeID: UInt64
  var timeMs: Int64

  /// A ticker from a source instrument's fields `t`: `ticks` maps its prices, `qty` its sizes
  /// (contracts) to this symbol's.
  init(
    _ t: InstrumentTicker, ticks map: (Int64) -> Int64, qty: (Int64) -> Int64, lastSize: Int64, lot: Int64,
    bid: BinanceLevel?, ask: BinanceLevel?, tradeID: UInt64, timeMs: Int64
  ) {
    func ticks(_ name: String) -> Int64? {
      if case .ticks(let v)? = t.value(name) { return map(v) }
      return nil
    }
    let last = ticks("lastPrice") ?? 0
    self.last = last
    open = ticks("prevPrice24h") ?? last
    high = max(ticks("highPrice") ?? last, last, open)
    low = min(ticks("lowPrice") ?? last, last, open)
    var contracts: Int64 = 0
    if case .integer(let v)? = t.value("volume24h") { contracts = v }
    volume = qty(contracts)
    lastQty = qty(lastSize)
    self.bid = bid
    self.ask = ask
    trades = max(1, contracts / max(1, lot * 4))
    lastTradeID = tradeID
    firstTradeID = tradeID > UInt64(trades) ? tradeID - UInt64(trades) + 1 : 0
    self.timeMs = timeMs
  }

  /// The ticker of `book` from its source's at `timeMs`.
  init(_ book: BinanceBook, source generator: MarketGenerator, timeMs: Int64) {
    self.init(
      generator.ticker(timeMs: timeMs), ticks: book.ticks,
      qty: { book.units(lots: Double($0) / Double(book.sourceLot)) },
      lastSize: generator.lastTrade?.size ?? book.sourceLot,
      lot: book.sourceLot, bid: generator.book.best(.buy).map(book.level),
      ask: generator.book.best(.sell).map(book.level), tradeID: book.tradeID, timeMs: timeMs)
  }

  /// The quote volume, in units of 10^-`priceDecimals` of the quote asset: volume × the mean of
  /// open, high, low and last.
  func quoteVolume(_ l: BinanceListing) -> Int64 {
    let base = Double(volume) / Double(BinanceListing.power(l.qtyDecimals))
    let price = Double(open + high + low + last) / 4 * Double(l.tickUnits)
    return Int64(min(9e18, (base * price).rounded()))
  }

  /// The volume-weighted price: the mean of open, high, low and last, in ticks.
  var weightedTicks: Int64 { (open + high + low + last) / 4 }
}
