/// Kraken's numbers as text: a whole number of units of 10^-precision written with exactly
/// `precision` decimals, trailing zeros kept (`63005.0`, `0.00005100`), as Kraken writes its
/// JSON numbers. The book checksum is taken from this same text.
enum KrakenDecimal {
  /// The text of `units` × 10^-precision (`units` ≥ 0).
  static func text(_ units: Int64, precision: Int) -> [UInt8] {
    var digits: [UInt8] = []
    var v = max(0, units)
    repeat {
      digits.append(UInt8(ascii: "0") + UInt8(v % 10))
      v /= 10
    } while v > 0
    // At least one digit before the point.
    while digits.count < precision + 1 { digits.append(UInt8(ascii: "0")) }
    var out: [UInt8] = []
    out.reserveCapacity(digits.count + 1)
    for (i, d) in digits.reversed().enumerated() {
      if precision > 0 && i == digits.count - precision { out.append(UInt8(ascii: ".")) }
      out.append(d)
    }
    return out
  }

  /// The text of `units` as a `String`.
  static func string(_ units: Int64, precision: Int) -> String {
    String(decoding: text(units, precision: precision), as: UTF8.self)
  }
}
