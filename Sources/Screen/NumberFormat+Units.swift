extension NumberFormat {
  /// The most decimals a size shows: a venue writing 8 (a BTC size of `0.00012000`) shows
  /// `0.00012`; finer than this is noise at a terminal's width.
  public static let maxSizeDecimals: UInt8 = 5

  /// A size of `units` at `scale` decimals (BitMEX's whole contracts are scale 0, a Kraken BTC
  /// size of 0.5 is 50,000,000 units at scale 8), with thousands separators and
  /// `min(scale, maxSizeDecimals)` decimals, rounded half away from zero: `1.50000`, `12,500`.
  /// A compact size of `units` at `scale` decimals: whole units as `compact` writes them
  /// (`12.0K`), decimal units by their magnitude (`1.94`, `0.014`, `250.5K`), never raw units.
  public static func compactSize(_ units: Int64, scale: UInt8) -> String {
    guard scale > 0 else { return compact(Double(units)) }
    var unit = 1.0
    for _ in 0..<min(scale, 18) { unit *= 10 }
    let value = Double(units) / unit
    let magnitude = abs(value)
    if magnitude >= 1000 { return compact(value) }
    return fixed(value, decimals: magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3)
  }

  public static func size(_ units: Int64, scale: UInt8) -> String {
    guard scale > 0 else { return size(units) }
    let shown = min(scale, maxSizeDecimals, 18)
    let drop = scale > shown ? scale - shown : 0
    var magnitude = units.magnitude
    if drop > 0 {
      let p = powerOfTen(drop)
      let (q, r) = magnitude.quotientAndRemainder(dividingBy: p)
      magnitude = r * 2 >= p ? q + 1 : q  // q ≤ UInt64.max / 10: the + 1 cannot overflow
    }
    let unit = powerOfTen(shown)
    let whole = size(Int64(magnitude / unit))
    var fraction = String(magnitude % unit)
    fraction = String(repeating: "0", count: Int(shown) - fraction.count) + fraction
    let negative = units < 0 && magnitude != 0
    return (negative ? "-" : "") + whole + "." + fraction
  }

  /// 10ⁿ for n ≤ 19.
  private static func powerOfTen(_ n: UInt8) -> UInt64 {
    var p: UInt64 = 1
    for _ in 0..<min(n, 19) { p *= 10 }
    return p
  }
}
