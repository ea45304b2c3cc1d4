import MarketModel

/// Exact prices on an instrument's tick grid: a price is a whole number of ticks, written
/// to JSON as the shortest exact decimal (`98459.9`, `26902`, `0.00001`), and turned into
/// the same `Double` a client gets by parsing that decimal.
struct PriceScale: Sendable, Hashable {
  /// Digits after the decimal point needed by the tick.
  let decimals: Int
  /// The tick in units of 10^-decimals (0.05 → 5 with 2 decimals).
  let tickUnits: Int64
  /// 10^decimals.
  let unitsPerOne: Int64

  init(tickSize: Double) {
    let d = Instrument.decimals(forIncrement: tickSize) ?? 2
    var p: Int64 = 1
    for _ in 0..<d { p *= 10 }
    decimals = d
    unitsPerOne = p
    tickUnits = max(1, Int64((tickSize * Double(p)).rounded()))
  }

  /// The tick as a `Double`.
  var tickSize: Double { Double(tickUnits) / Double(unitsPerOne) }

  /// The price of `ticks` ticks.
  func price(_ ticks: Int64) -> Double {
    // Both operands are exact in Double, so the quotient is the correctly rounded decimal.
    Double(ticks * tickUnits) / Double(unitsPerOne)
  }

  /// The tick count nearest to `price`.
  func ticks(nearest price: Double) -> Int64 {
    Int64((price * Double(unitsPerOne) / Double(tickUnits)).rounded())
  }

  /// Writes the price of `ticks` ticks as a JSON number.
  func write(_ ticks: Int64, into out: inout JSONWriter) {
    out.decimal(units: ticks * tickUnits, scale: unitsPerOne, decimals: decimals)
  }
}
