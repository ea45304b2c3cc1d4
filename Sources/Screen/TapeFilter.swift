/// The tape's minimum size: prints below it are not shown.
///
/// A few steps a key cycles through: none, then 1K, 10K, 100K, 1M of the quote currency when the
/// notional is known (a trader thinks of a print as "a 50K print"), else 1, 10, 100, 1,000 whole
/// units of the tape's size (contracts, or the base asset). A print whose notional is not known
/// (a price that is not positive) is shown: the filter hides only what it can tell is small.
public struct TapeFilter: Sendable, Hashable {
  /// What a print is measured by.
  public enum Threshold: Sendable, Hashable {
    case none
    /// At least this notional in the quote currency.
    case notional(Double)
    /// At least this size, in the tape's integer units.
    case size(Int64)
  }

  public var threshold: Threshold

  public init(_ threshold: Threshold) { self.threshold = threshold }

  /// No filter: every print shows.
  public static let none = TapeFilter(.none)

  /// How many steps the cycle has (the first is no filter).
  public static let steps = 5

  /// Step `n` of the cycle (`n` modulo `steps`): in the quote currency when `notional` is
  /// known, else in whole units of a tape of `sizeScale` decimals.
  public static func step(_ n: Int, notional: TapeNotional?, sizeScale: UInt8) -> TapeFilter {
    let k = ((n % steps) + steps) % steps
    guard k > 0 else { return .none }
    var power = 1.0
    for _ in 1..<k { power *= 10 }
    if notional != nil { return TapeFilter(.notional(power * 1_000)) }
    // Whole units at the tape's scale, saturating (a scale of 18 with 1,000 would not fit).
    var units: Int64 = Int64(power)
    for _ in 0..<min(sizeScale, 19) {
      let (m, overflow) = units.multipliedReportingOverflow(by: 10)
      units = overflow ? .max : m
    }
    return TapeFilter(.size(units))
  }

  /// Whether `print` is at least the minimum.
  public func passes(_ print: TapePrint) -> Bool {
    switch threshold {
    case .none: true
    case .notional(let least): print.notional.map { $0 >= least } ?? true
    case .size(let least): print.size >= least
    }
  }

  /// The pane title's words: `≥10K USD`, `≥100` (whole units of a tape of `sizeScale`
  /// decimals), empty for none; `ascii` writes `>=`.
  public func label(currency: String = "", sizeScale: UInt8 = 0, ascii: Bool = false) -> String {
    let at = ascii ? ">=" : "≥"
    switch threshold {
    case .none: return ""
    case .notional(let least):
      return at + Self.round(least) + (currency.isEmpty ? "" : " " + currency)
    case .size(let least):
      var whole = Double(least)
      for _ in 0..<min(sizeScale, 19) { whole /= 10 }
      return at + Self.round(whole)
    }
  }

  /// A threshold as a trader says it: `10K`, `1M` (a whole number of thousands, millions or
  /// billions), else in the short form of `NumberFormat.compact`.
  static func round(_ value: Double) -> String {
    for (unit, scale) in [("B", 1e9), ("M", 1e6), ("K", 1e3)] where value >= scale {
      let n = value / scale
      // Below 1,000 and whole: `Int(n)` cannot trap.
      if n < 1000, n == n.rounded() { return "\(Int(n))\(unit)" }
    }
    return NumberFormat.compact(value)
  }
}
