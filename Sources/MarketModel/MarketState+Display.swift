extension MarketState {
  /// The decimals prices are shown with: the instrument's tick's, or, until the tick is known
  /// (REST or the instrument table), the most any price on screen needs.
  public var priceDecimals: Int {
    if instrument.tickSize != nil { return instrument.priceDecimals }
    if let priceBook, !priceBook.isEmpty { return Self.decimals(priceBook) }
    let prices = [book.bestBid?.price, book.bestAsk?.price, tape.lastPrice].compactMap { $0 }
    return prices.map(Self.decimals).max() ?? 2
  }

  /// The instrument's tick, or one guessed from the prices on screen until it is known.
  public var displayTickSize: Double {
    if let t = instrument.tickSize, t > 0 { return t }
    var scale = 1.0
    for _ in 0..<priceDecimals { scale /= 10 }
    return scale
  }

  /// The decimals a venue's book needs, exactly: its prices are integers at the book's scale, and
  /// the trailing zeros a venue writes (Binance's `97985.47000000`) are not decimals it uses. The
  /// top levels of both sides are looked at (a tick is the same for all).
  public static func decimals(_ book: PriceBook) -> Int {
    var needed = 0
    for side in [VenueCore.BookSide.bid, .ask] {
      let ladder = book[side]
      for n in 0..<min(20, ladder.count) {
        var ticks = ladder.level(fromBest: n).price
        var d = Int(book.priceScale)
        while d > needed, ticks % 10 == 0 {
          ticks /= 10
          d -= 1
        }
        needed = max(needed, d)
      }
    }
    return needed
  }

  /// The decimals `price` is written with (at most 8).
  public static func decimals(_ price: Double) -> Int {
    guard price.isFinite else { return 0 }
    var scaled = price
    for d in 0...8 {
      if abs(scaled - scaled.rounded()) < 1e-6 * max(1, abs(scaled)) { return d }
      scaled *= 10
    }
    return 8
  }
}
