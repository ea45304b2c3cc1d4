import VenueCore

/// Integer maths the conversions need exactly: a product over a divisor in 128 bits, rounded
/// once, and powers of ten that say when they do not fit. Nothing here traps: out of range is nil.
enum WideMath {
  /// `a × b / d` rounded to the nearest (halves away from zero), for `a`, `b` ≥ 0 and `d` > 0;
  /// nil when an argument is out of that range or the result does not fit `Int64`.
  @inline(__always) static func mulDivRounded(_ a: Int64, _ b: Int64, _ d: Int64) -> Int64? {
    guard a >= 0, b >= 0, d > 0 else { return nil }
    let product = UInt64(a).multipliedFullWidth(by: UInt64(b))
    // Add d/2 to the 128-bit product for rounding, carrying into the high word (below 2^62
    // for factors below 2^63: the carry cannot overflow it).
    let (low, carry) = product.low.addingReportingOverflow(UInt64(d) / 2)
    let high = product.high &+ (carry ? 1 : 0)
    // The quotient fits 64 bits only when the high word is below the divisor.
    guard high < UInt64(d) else { return nil }
    let (q, _) = UInt64(d).dividingFullWidth((high: high, low: low))
    return q <= UInt64(Int64.max) ? Int64(q) : nil
  }

  /// 10^n as `Int64`, nil past 10^18 or for a negative n.
  @inline(__always) static func pow10(_ n: Int) -> Int64? {
    guard n >= 0, n <= Int(FixedDecimal.maxScale) else { return nil }
    return FixedDecimal.powerOfTen(UInt8(n))
  }

  /// `a × 10^n`, nil on overflow or a negative `n`.
  @inline(__always) static func scaled(_ a: Int64, by n: Int) -> Int64? {
    guard let p = pow10(n) else { return a == 0 && n >= 0 ? 0 : nil }
    let (m, o) = a.multipliedReportingOverflow(by: p)
    return o ? nil : m
  }

  /// `a × b`, nil on overflow.
  @inline(__always) static func times(_ a: Int64, _ b: Int64) -> Int64? {
    let (m, o) = a.multipliedReportingOverflow(by: b)
    return o ? nil : m
  }

  /// ⌊a / b⌋ for b > 0.
  @inline(__always) static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && a < 0) ? q - 1 : q
  }

  /// ⌈a / b⌉ for b > 0.
  @inline(__always) static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && a > 0) ? q + 1 : q
  }
}
