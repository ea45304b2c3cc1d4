import Screen

/// Small number and time formatting for the command line's plain output.
enum Format {
  /// `price` with exactly `decimals` decimal places.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    let d = max(0, min(decimals, 10))
    var scale = 1.0
    for _ in 0..<d { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int64(scaled / scale)
    let fraction = Int64(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard d > 0 else { return "\(sign)\(whole)" }
    let f = String(fraction)
    return "\(sign)\(whole).\(String(repeating: "0", count: d - f.count))\(f)"
  }

  /// A number as JSON (shortest round-trip form; never NaN or infinity).
  static func json(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// ISO-8601 UTC with milliseconds.
  static func isoTime(_ ms: Int64) -> String {
    let days = Int((ms >= 0 ? ms : ms - 86_399_999) / 86_400_000)
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
