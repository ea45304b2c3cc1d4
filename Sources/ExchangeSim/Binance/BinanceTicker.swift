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

  /// The ticker of `book` from its source's `ticker` at `timeMs`.
  init(_ book: BinanceBook, source generator: MarketGenerator, timeMs: Int64) {
    let t = generator.ticker(timeMs: timeMs)
    func ticks(_ name: String) -> Int64? {
      if case .ticks(let v)? = t.value(name) { return book.ticks(v) }
      return nil
    }
    let last = ticks("lastPrice") ?? 0
    self.last = last
    open = ticks("prevPrice24h") ?? last
    high = max(ticks("highPrice") ?? last, last, open)
    low = min(ticks("lowPrice") ?? last, last, open)
    var contracts: Int64 = 0
    if case .integer(let v)? = t.value("volume24h") { contracts = v }
    volume = book.units(lots: Double(contracts) / Double(book.sourceLot))
    lastQty = book.units(lots: Double(generator.lastTrade?.size ?? book.sourceLot) / Double(book.sourceLot))
    bid = generator.book.best(.buy).map(book.level)
    ask = generator.book.best(.sell).map(book.level)
    trades = max(1, contracts / max(1, book.sourceLot * 4))
    lastTradeID = book.tradeID
    firstTradeID = book.tradeID > UInt64(trades) ? book.tradeID - UInt64(trades) + 1 : 0
    self.timeMs = timeMs
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
