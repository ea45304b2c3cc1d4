import Screen

/// Small number and time formatting for the command line's plain output.
enum Format {
  /// `price` with exactly `decimals` decimal places, no thousands separators: the screen's
  /// formatter (`NumberFormat.fixed`), so every value it can print, any Double, prints here too.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    NumberFormat.fixed(value, decimals: decimals, grouping: false)
  }

  /// A number as JSON (shortest round-trip form; never NaN or infinity).
  static func json(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// ISO-8601 UTC with milliseconds.
  static func isoTime(_ ms: Int64) -> String {
    // Days since 1970, rounded down (without `ms - 86_399_999`, which overflows near Int64.min).
    let days = Int(ms / 86_400_000) - (ms % 86_400_000 < 0 ? 1 : 0)
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(y)-\(two(m))-\(two(d))T\(NumberFormat.timeOfDay(ms: ms))Z"
  }
}
