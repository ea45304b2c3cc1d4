/// ISO-8601 UTC timestamps as venues write them: `2021-07-22T22:36:09.757Z`, with any number of
/// fractional digits (or none; digits past milliseconds are dropped), `Z` or a `±hh:mm` offset.
public enum WireTime {
  /// Milliseconds since the Unix epoch, or nil when the bytes are not such a timestamp.
  public static func parseMillis(_ span: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard let base = span.baseAddress else { return nil }
    return parseMillis(base, count: span.count)
  }

  /// Any accepted layout, a byte at a time.
  public static func parseMillis(_ p: UnsafePointer<UInt8>, count n: Int) -> Int64? {
    guard n >= 19 else { return nil }
    @inline(__always) func digits(_ at: Int, _ len: Int) -> Int? {
      var v = 0
      for i in at..<(at + len) {
        let d = p[i] &- UInt8(ascii: "0")
        guard d < 10 else { return nil }
        v = v * 10 + Int(d)
      }
      return v
    }
    guard let year = digits(0, 4), p[4] == UInt8(ascii: "-"), let month = digits(5, 2),
      p[7] == UInt8(ascii: "-"), let day = digits(8, 2), p[10] | 0x20 == UInt8(ascii: "t") || p[10] == 0x20,
      let hour = digits(11, 2), p[13] == UInt8(ascii: ":"), let minute = digits(14, 2),
      p[16] == UInt8(ascii: ":"), let second = digits(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var i = 19
    var millis = 0
    if i < n, p[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 100
      let fracStart = i
      while i < n, p[i] &- UInt8(ascii: "0") < 10 {
        millis += Int(p[i] &- UInt8(ascii: "0")) * scale
        scale /= 10
        i += 1
      }
      guard i > fracStart else { return nil }
    }
    var offsetMinutes = 0
    if i < n, p[i] | 0x20 == UInt8(ascii: "z") {
      i += 1
    } else if i + 6 <= n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-"),
      let oh = digits(i + 1, 2), p[i + 3] == UInt8(ascii: ":"), let om = digits(i + 4, 2)
    {
      offsetMinutes = (oh * 60 + om) * (p[i] == UInt8(ascii: "-") ? -1 : 1)
      i += 6
    }
    guard i == n else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
    return Int64(seconds) * 1_000 + Int64(millis)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  @inlinable public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}
