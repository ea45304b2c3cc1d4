/// Exact decimal text of fixed-point numbers, as the follower venues write prices and sizes:
/// strings with every decimal of the instrument's precision (`"96499.90"`, `"0.00100000"`).
enum FollowerText {
  /// `units` × 10^-decimals, written with `decimals` digits after the point.
  static func decimal(_ units: Int64, _ decimals: Int) -> String {
    let negative = units < 0
    let digits = String(units.magnitude)
    guard decimals > 0 else { return (negative ? "-" : "") + digits }
    let padded =
      digits.count <= decimals ? String(repeating: "0", count: decimals - digits.count + 1) + digits : digits
    let cut = padded.index(padded.endIndex, offsetBy: -decimals)
    return (negative ? "-" : "") + padded[..<cut] + "." + padded[cut...]
  }

  /// A Double rounded to `decimals` digits, as text.
  static func decimal(_ value: Double, _ decimals: Int) -> String {
    let scaled = (value * FollowerListing.power(decimals)).rounded()
    guard scaled.isFinite, abs(scaled) < 9e18 else { return "0" }
    return decimal(Int64(scaled), decimals)
  }
}
