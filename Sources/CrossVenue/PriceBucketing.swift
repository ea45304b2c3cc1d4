import VenueCore

/// Which price bucket a level falls in, exactly: buckets are multiples of `step`; a bid goes down
/// to the bucket at or below its price, an ask up to the one at or above (as the dashboard's
/// grouping does), so a grouped bid never shows above a grouped ask of the same book. Prices of
/// books at different tick scales meet at the larger of the two scales.
struct PriceBucketing: Sendable, Hashable {
  /// What one tick of the book is at the common scale.
  let tickFactor: Int64
  /// The step at the common scale.
  let stepAtCommon: Int64
  /// The step as given (a bucket's price is its index times this).
  let step: FixedDecimal

  /// The bucketing of prices at `priceScale` decimals, nil when `step` is not positive or the
  /// scales do not fit.
  init?(priceScale: UInt8, step: FixedDecimal) {
    guard step.mantissa > 0 else { return nil }
    let common = max(Int(priceScale), Int(step.scale))
    guard let tick = WideMath.pow10(common - Int(priceScale)),
      let s = WideMath.scaled(step.mantissa, by: common - Int(step.scale))
    else { return nil }
    tickFactor = tick
    stepAtCommon = s
    self.step = step
  }

  /// The bucket index of `ticks` on `side` (the caller checked `fits`).
  @inline(__always) func bucket(_ ticks: Int64, _ side: BookSide) -> Int64 {
    let p = ticks &* tickFactor
    return side == .bid ? WideMath.floorDiv(p, stepAtCommon) : WideMath.ceilDiv(p, stepAtCommon)
  }

  /// A bucket's price: its index times the step (nil past `Int64`).
  func price(ofBucket index: Int64) -> FixedDecimal? {
    WideMath.times(index, step.mantissa).map { FixedDecimal(mantissa: $0, scale: step.scale) }
  }

  /// Whether every price of `ladder` buckets without overflow (its bucket's price included).
  func fits(_ ladder: PriceLadder) -> Bool {
    guard let first = ladder.levels.first, let last = ladder.levels.last else { return true }
    let high = max(first.price, last.price)
    guard let p = WideMath.times(high, tickFactor), p <= Int64.max - stepAtCommon else { return false }
    return price(ofBucket: WideMath.ceilDiv(p, stepAtCommon)) != nil
  }
}
