/// A decimal number as a venue wrote it: an integer mantissa and a count of decimals
/// (`value = mantissa × 10^-scale`), parsed from the wire text without a trip through `Double`.
///
/// The scale is kept as sent: `"0.00005100"` is mantissa 5,100 at scale 8, not 51 at scale 6.
/// Kraken's book checksum is computed over that text (`.` and leading zeros removed), which is
/// the mantissa's digits at the scale sent. Equality, ordering and hashing are by value, so
/// `0.10` equals `0.1`.
public struct FixedDecimal: Sendable, CustomStringConvertible {
  /// The digits, as an integer.
  public var mantissa: Int64
  /// How many of the digits are decimals (0…`maxScale`).
  public var scale: UInt8

  /// The most decimals a value may have (10^18 is the largest power of ten in `Int64`).
  public static let maxScale: UInt8 = 18

  /// `mantissa × 10^-scale`. A scale above `maxScale` is clamped to it.
  @inlinable public init(mantissa: Int64, scale: UInt8) {
    self.mantissa = mantissa
    self.scale = min(scale, Self.maxScale)
  }

  /// Zero at scale 0. (Computed and inlinable: a `static let` is a lazy global, reached from
  /// another module through an accessor call at every use, and BitMEX's id map writes a zero
  /// size for every level it deletes.)
  @inlinable public static var zero: FixedDecimal { FixedDecimal(mantissa: 0, scale: 0) }

  public var isZero: Bool { mantissa == 0 }
  public var isNegative: Bool { mantissa < 0 }

  /// 10^n for n in 0…18.
  @inlinable @inline(__always) public static func powerOfTen(_ n: UInt8) -> Int64 {
    // A switch of constants, which the compiler makes a table in the binary: the book converts
    // two numbers a level with it, every message, and a `static let` array is a lazy global
    // (a check that it is made, and a bounds check) at every use.
    switch n {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    default: 1_000_000_000_000_000_000
    }
  }

  /// The mantissa at `target` decimals, when that is exact and fits: more decimals multiply
  /// (nil on overflow); fewer decimals drop trailing zeros only (nil when a non-zero digit would
  /// be lost). `0.10` at scale 1 is 1; `0.15` at scale 1 is nil.
  @inline(__always) public func mantissa(atScale target: UInt8) -> Int64? {
    if target == scale { return mantissa }
    if target > scale {
      guard target <= Self.maxScale else { return nil }
      let (m, overflow) = mantissa.multipliedReportingOverflow(by: Self.powerOfTen(target - scale))
      return overflow ? nil : m
    }
    let p = Self.powerOfTen(scale - target)
    return mantissa % p == 0 ? mantissa / p : nil
  }

  /// The same value at `target` decimals (see `mantissa(atScale:)`).
  public func rescaled(to target: UInt8) -> FixedDecimal? {
    mantissa(atScale: target).map { FixedDecimal(mantissa: $0, scale: target) }
  }

  /// The exact product, nil when it does not fit (its scale is the sum of the two, past 18 after
  /// trailing zeros are dropped, or its mantissa past `Int64`).
  public func multiplied(by other: FixedDecimal) -> FixedDecimal? {
    let a = normalized
    let b = other.normalized
    let (m, overflow) = a.mantissa.multipliedReportingOverflow(by: b.mantissa)
    guard !overflow, Int(a.scale) + Int(b.scale) <= Int(Self.maxScale) else { return nil }
    return FixedDecimal(mantissa: m, scale: a.scale + b.scale)
  }

  /// The value with its trailing zero decimals removed (`0.100` → `0.1`).
  public var normalized: FixedDecimal {
    var m = mantissa
    var s = scale
    while s > 0, m % 10 == 0 {
      m /= 10
      s -= 1
    }
    return FixedDecimal(mantissa: m, scale: s)
  }

  /// The value with trailing zero decimals removed down to `floor` decimals at most, never a
  /// digit that is not zero: Binance's `98004.63000000` at a tick of 0.01 is `98004.63`; a
  /// value with more digits than `floor` keeps them.
  public func trimmed(toScale floor: UInt8) -> FixedDecimal {
    var m = mantissa
    var s = scale
    while s > floor, m % 10 == 0 {
      m /= 10
      s -= 1
    }
    return FixedDecimal(mantissa: m, scale: s)
  }

  /// `value` rounded to `scale` decimals, nil when it is not finite or does not fit (beyond
  /// ±9e15 units at that scale): for a number that is a `Double` already (BitMEX's prices), never
  /// a trap.
  public init?(rounding value: Double, scale: UInt8) {
    guard scale <= Self.maxScale else { return nil }
    let scaled = (value * Double(Self.powerOfTen(scale))).rounded()
    guard scaled.isFinite, abs(scaled) < 9e15 else { return nil }
    self.init(mantissa: Int64(scaled), scale: scale)
  }

  /// The nearest `Double` (for drawing and for maths that are Double already). Inlinable: the
  /// market state converts every changed level's price with it, every message.
  @inlinable public var doubleValue: Double {
    Double(mantissa) / Double(Self.powerOfTen(scale))
  }

  /// The value as written at its scale: `0.00005100`, `-12.5`, `8000`.
  public var description: String {
    let negative = mantissa < 0
    // The magnitude as unsigned, so Int64.min has one too.
    let digits = String(mantissa.magnitude)
    let sign = negative ? "-" : ""
    guard scale > 0 else { return sign + digits }
    let s = Int(scale)
    let padded = digits.count <= s ? String(repeating: "0", count: s - digits.count + 1) + digits : digits
    let cut = padded.index(padded.endIndex, offsetBy: -s)
    return sign + padded[..<cut] + "." + padded[cut...]
  }
}

extension FixedDecimal: Equatable, Hashable, Comparable {
  @inline(__always) public static func == (a: FixedDecimal, b: FixedDecimal) -> Bool {
    // Most values compared were written alike (a BitMEX row's price against the one its id
    // holds): at one scale, equal is equal mantissas, with nothing rescaled.
    if a.scale == b.scale { return a.mantissa == b.mantissa }
    return compare(a, b) == 0
  }

  public func hash(into hasher: inout Hasher) {
    let n = normalized
    hasher.combine(n.mantissa)
    hasher.combine(n.scale)
  }

  public static func < (a: FixedDecimal, b: FixedDecimal) -> Bool {
    compare(a, b) < 0
  }

  /// -1, 0 or 1. Exact: when one side cannot be brought to the other's scale without overflow,
  /// it is larger in magnitude than anything the other can hold at that scale.
  static func compare(_ a: FixedDecimal, _ b: FixedDecimal) -> Int {
    let s = max(a.scale, b.scale)
    switch (a.mantissa(atScale: s), b.mantissa(atScale: s)) {
    case let (x?, y?): return x < y ? -1 : (x > y ? 1 : 0)
    case (nil, _): return a.mantissa < 0 ? -1 : 1
    case (_, nil): return b.mantissa < 0 ? 1 : -1
    }
  }
}
