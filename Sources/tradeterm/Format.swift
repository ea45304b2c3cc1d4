import MarketModel
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
    let (y, m, d) = UTCTime.civil(days: UTCTime.split(ms: ms).days)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(y)-\(two(m))-\(two(d))T\(NumberFormat.timeOfDay(ms: ms))Z"
  }
}
