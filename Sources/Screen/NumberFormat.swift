/// Number and time formatting for the screen, without Foundation: prices at the
/// instrument's tick decimals with thousands separators, sizes, compact volumes,
/// percentages, funding rates, durations and times of day.
///
/// Non-finite values print as `NumberFormat.unknown`, so a bad number never shows as `nan`.
public enum NumberFormat {
  /// What a missing or non-finite value shows as.
  public static let unknown = "-"

  /// A decimal with exactly `decimals` places (0…12), rounded half away from zero, with
  /// thousands separators unless `grouping` is false and a `+` on positive values when
  /// `plusSign` is set. A value that rounds to zero never carries a sign.
  public static func fixed(
    _ value: Double, decimals: Int, grouping: Bool = true, plusSign: Bool = false
  ) -> String {
    guard value.isFinite else { return unknown }
    let places = min(max(decimals, 0), 12)
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    let magnitude = abs(value)
    // A whole part beyond UInt64 (1.8e19, from a hostile or broken feed) is written the way
    // Swift writes a Double (`1e+300`): honest, and no wider than a price column.
    guard magnitude < 0x1p64 else {
      return (value < 0 ? "-" : plusSign ? "+" : "") + "\(magnitude)"
    }
    // Split before scaling so big prices with many decimals cannot overflow.
    var whole = UInt64(magnitude.rounded(.towardZero))
    var fraction = UInt64(((magnitude - Double(whole)) * Double(scale)).rounded())
    if fraction >= scale {
      // The largest Double below 2^64 is a whole number: no fraction to carry there.
      whole &+= 1
      fraction -= scale
    }
    let sign: UInt8? =
      whole == 0 && fraction == 0 ? nil : value < 0 ? UInt8(ascii: "-") : plusSign ? UInt8(ascii: "+") : nil
    // Built in place: one string, no intermediate pieces (prices are drawn hundreds of times
    // a frame). At most a sign, 19 digits, 6 separators, a point and 12 places.
    return text(capacity: 40) { out in
      var n = 0
      if let sign {
        out[n] = sign
        n += 1
      }
      n = writeDigits(whole, grouping: grouping, into: out, at: n)
      if places > 0 {
        out[n] = UInt8(ascii: ".")
        n = writeDigits(fraction, minimumDigits: places, into: out, at: n + 1)
      }
      return n
    }
  }

  /// A price with the instrument's decimals and thousands separators: `50,000.5`.
  public static func price(_ value: Double?, decimals: Int) -> String {
    guard let value else { return unknown }
    return fixed(value, decimals: decimals)
  }

  /// A size or count with thousands separators: `4,242`.
  public static func size(_ value: Int64) -> String {
    // `magnitude` keeps Int64.min printable.
    text(capacity: 27) { out in
      var n = 0
      if value < 0 {
        out[n] = UInt8(ascii: "-")
        n += 1
      }
      return writeDigits(value.magnitude, grouping: true, into: out, at: n)
    }
  }

  /// A compact amount for volumes: `987`, `4.2K`, `123.5M`, `1.2B`, `3.0T`.
  public static func compact(_ value: Double) -> String {
    guard value.isFinite else { return unknown }
    let magnitude = abs(value)
    let sign = value < 0 ? "-" : ""
    if magnitude.rounded() < 1000 { return sign + fixed(magnitude, decimals: 0) }
    let units: [Character] = ["K", "M", "B", "T"]
    var scaled = magnitude / 1000
    var unit = 0
    // Move up a unit when the one-decimal rounding would print 1000.0.
    while unit < units.count - 1 && (scaled * 10).rounded() >= 10_000 {
      scaled /= 1000
      unit += 1
    }
    // Past 999.9T (a feed's nonsense, such as 1e300): as Swift writes the number, `1e+300`.
    if (scaled * 10).rounded() >= 10_000 { return sign + "\(magnitude)" }
    return sign + fixed(scaled, decimals: 1) + String(units[unit])
  }

  /// A number's text for a column `width` columns wide: the one rule for numbers that do not
  /// fit. `text` (the number as formatted, then `suffix`: a unit, `%`, an arrow) when it fits;
  /// else `value` with fewer decimals; else in short form (`12.3B`); else `#` across the
  /// column. Never cut: a cut number reads as another number (12,345,678,901 cut to
  /// `12,345,67`). A `+` on `text` stays on the shorter forms.
  public static func fit(_ text: String, width: Int, value: Double?, suffix: String = "") -> String {
    guard width > 0 else { return "" }
    if text.columns <= width { return text }
    guard let value, value.isFinite else { return String(repeating: "#", count: width) }
    let plus = text.hasPrefix("+")
    // The decimals `text` has: the digits after its point.
    var decimals = 0
    if let point = text.firstIndex(of: ".") {
      decimals = text[text.index(after: point)...].prefix { $0.isASCII && $0.isNumber }.count
    }
    var d = decimals - 1
    while d >= 0 {
      let shorter = fixed(value, decimals: d, plusSign: plus) + suffix
      if shorter.columns <= width { return shorter }
      d -= 1
    }
    let short = (plus && value > 0 ? "+" : "") + compact(value) + suffix
    if short.columns <= width { return short }
    return String(repeating: "#", count: width)
  }

  /// A fraction as a signed percentage: 0.0204 → `+2.04%`, -0.5 → `-50.00%`, 0 → `0.00%`.
  public static func percent(_ fraction: Double, decimals: Int = 2) -> String {
    guard fraction.isFinite else { return unknown }
    return fixed(fraction * 100, decimals: decimals, plusSign: true) + "%"
  }

  /// A funding rate (a fraction) with four decimals of a percent: 0.0001 → `0.0100%`.
  public static func fundingRate(_ fraction: Double) -> String {
    guard fraction.isFinite else { return unknown }
    return fixed(fraction * 100, decimals: 4) + "%"
  }

  /// A spread in basis points of `mid`, two decimals: `0.10`.
  public static func basisPoints(_ spread: Double, mid: Double) -> String {
    guard mid != 0 else { return unknown }
    return fixed(spread / mid * 10_000, decimals: 2)
  }

  /// The whole seconds `duration` shows of `ms` (0 for a negative one); with `roundingUp`, a
  /// part of a second counts as a whole one.
  public static func wholeSeconds(ms: Int64, roundingUp: Bool = false) -> Int64 {
    let clamped = max(0, ms)
    return roundingUp ? clamped / 1000 + (clamped % 1000 == 0 ? 0 : 1) : clamped / 1000
  }

  /// A duration in its two largest units: `45s`, `12m05s`, `3h12m`, `2d03h`. Negative
  /// durations show as `0s`. With `roundingUp`, a part of a second counts as a whole one
  /// (for countdowns, which should reach 0 only when the time is due).
  public static func duration(ms: Int64, roundingUp: Bool = false) -> String {
    let seconds = wholeSeconds(ms: ms, roundingUp: roundingUp)
    let days = seconds / 86_400
    let hours = seconds / 3600 % 24
    let minutes = seconds / 60 % 60
    let secs = seconds % 60
    if days > 0 { return "\(days)d" + two(hours) + "h" }
    if seconds >= 3600 { return "\(hours)h" + two(minutes) + "m" }
    if seconds >= 60 { return "\(minutes)m" + two(secs) + "s" }
    return "\(secs)s"
  }

  /// An age or a round trip: milliseconds below a second (`120ms`), else `duration`.
  public static func age(ms: Int64) -> String {
    ms < 1000 ? "\(max(0, ms))ms" : duration(ms: ms)
  }

  /// A rate per second: `42/s`, `1.2K/s`; rates under 10 keep one decimal (`0.5/s`).
  public static func rate(_ perSecond: Double) -> String {
    guard perSecond.isFinite else { return unknown }
    if perSecond < 9.95 { return fixed(max(0, perSecond), decimals: 1) + "/s" }
    return compact(perSecond) + "/s"
  }

  /// The time of day of a Unix time in milliseconds, `HH:MM:SS.mmm`, shifted by
  /// `utcOffsetMinutes` (0 = UTC). With `milliseconds: false`, `HH:MM:SS`.
  public static func timeOfDay(ms: Int64, utcOffsetMinutes: Int = 0, milliseconds: Bool = true) -> String {
    let day: Int64 = 86_400_000
    let local = ms &+ Int64(utcOffsetMinutes) * 60_000
    let inDay = UInt64((local % day + day) % day)
    return text(capacity: 12) { out in
      var n = writeDigits(inDay / 3_600_000, minimumDigits: 2, into: out, at: 0)
      out[n] = UInt8(ascii: ":")
      n = writeDigits(inDay / 60_000 % 60, minimumDigits: 2, into: out, at: n + 1)
      out[n] = UInt8(ascii: ":")
      n = writeDigits(inDay / 1000 % 60, minimumDigits: 2, into: out, at: n + 1)
      guard milliseconds else { return n }
      out[n] = UInt8(ascii: ".")
      return writeDigits(inDay % 1000, minimumDigits: 3, into: out, at: n + 1)
    }
  }

  /// The ASCII text `body` writes into a buffer of `capacity` bytes (returning how many it
  /// wrote). The buffer is on the stack, so short results (most numbers) allocate nothing.
  static func text(capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      let count = body(buffer)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// Writes `value` in decimal at `out[at...]`, with a comma between groups of three digits
  /// when `grouping` is set and leading zeros up to `minimumDigits` (at most 20); returns the
  /// index after the last byte written. `out` has room for 26 bytes from `at`.
  static func writeDigits(
    _ value: UInt64, grouping: Bool = false, minimumDigits: Int = 1,
    into out: UnsafeMutableBufferPointer<UInt8>,
    at: Int
  ) -> Int {
    var digits = 1
    var limit: UInt64 = 10
    while digits < 20 && value >= limit {
      digits += 1
      limit = limit.multipliedReportingOverflow(by: 10).partialValue
    }
    digits = max(digits, min(minimumDigits, 20))
    let length = grouping ? digits + (digits - 1) / 3 : digits
    var rest = value
    var i = at + length
    for written in 0..<digits {
      if grouping && written > 0 && written % 3 == 0 {
        i -= 1
        out[i] = UInt8(ascii: ",")
      }
      i -= 1
      out[i] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    return at + length
  }

  private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
