/// USDⓈ-M's `markPriceUpdate`, from the source instrument's mark, index and funding.
extension BinanceEncoder {
  /// A source price (a decimal on the source's grid) on `book`'s grid with its basis, in units of
  /// 10^-8 (the mark price stream writes 8 digits).
  static func markUnits(_ sourcePrice: Double, _ book: BinanceBook, sourceTick: Double) -> Int64 {
    let ticks = sourcePrice / sourceTick * Double(book.ratio) + Double(book.basisTicks)
    let units = ticks * book.listing.tickSize * 1e8
    return units.isFinite ? Int64(min(9e18, max(0, units.rounded()))) : 0
  }

  /// `{"e":"markPriceUpdate","E":…,"s":…,"p":mark,"i":index,"P":estimated settle,"r":funding,"T":next funding}`.
  static func markPrice(_ book: BinanceBook, _ ticker: InstrumentTicker, timeMs: Int64) -> [UInt8] {
    func number(_ name: String) -> Double? {
      if case .number(let v)? = ticker.value(name) { return v }
      return nil
    }
    let sourceTick =
      Double(book.listing.tickUnits * book.ratio) / Double(BinanceListing.power(book.listing.priceDecimals))
    let mark = markUnits(number("markPrice") ?? 0, book, sourceTick: sourceTick)
    let index = markUnits(number("indicativeSettlePrice") ?? 0, book, sourceTick: sourceTick)
    var nextFunding = timeMs
    if case .time(let ms)? = ticker.value("fundingTimestamp") { nextFunding = ms }
    let rate = number("fundingRate").map { Int64(($0 * 1e8).rounded()) } ?? 0
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("markPriceUpdate")
    w.key("E")
    w.int(timeMs)
    w.key("s")
    w.string(book.listing.symbol)
    w.key("p")
    quoted(mark, decimals: 8, into: &w)
    w.key("i")
    quoted(index, decimals: 8, into: &w)
    w.key("P")
    quoted(index, decimals: 8, into: &w)
    w.key("r")
    quoted(rate, decimals: 8, into: &w)
    w.key("T")
    w.int(nextFunding)
    w.endObject()
    return w.bytes
  }
}
