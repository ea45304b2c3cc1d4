import VenueCore

extension LiquidationLog {
  /// Records another venue's liquidations of the watched symbol, stamped `nowMs` (the market's
  /// clock, as BitMEX's are: in a replay, the recording's time), sizes at `sizeScale` decimals
  /// (the tape's: a size finer than that is rounded as a trade's is). Those of other symbols are
  /// skipped: an all-market stream (Binance `!forceOrder@arr`, OKX's every swap) brings them all,
  /// and only the market on screen has a log. Returns how many events it added.
  @discardableResult
  public mutating func record(
    _ liquidations: ArraySlice<VenueLiquidation>, of symbol: Symbol, sizeScale: UInt8, nowMs: Int64
  ) -> Int {
    guard symbol == self.symbol else { return 0 }
    let before = recorded
    for l in liquidations {
      guard let size = MarketState.units(l.size, scale: sizeScale) else { continue }
      let price = l.price.doubleValue
      guard price.isFinite, price > 0 else { continue }
      appendEvent(Event(timeMs: nowMs, side: l.side == .buy ? .buy : .sell, price: price, size: size))
    }
    return recorded - before
  }
}
