/// Unix milliseconds to and from the UTC calendar, for candle labels and REST time parameters
/// (`2026-11-23T23:00:00.000Z`, as BitMEX writes and reads them).
public enum UTCTime {
  /// Year, month, day of a day number (days since 1970-01-01), proleptic Gregorian.
  public static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// The day number of a date (the inverse of `civil`).
  public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The day number of `ms` (rounded down) and the milliseconds into that day (0 up to a day),
  /// for any `ms` (no step of it overflows near `Int64.min`).
  public static func split(ms: Int64) -> (days: Int64, msOfDay: Int64) {
    let dayMs: Int64 = 86_400_000
    let rest = ms % dayMs
    return rest < 0 ? (ms / dayMs - 1, rest + dayMs) : (ms / dayMs, rest)
  }

  /// `ms` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (years 0…9999; a year outside them keeps its every digit
  /// and its sign in front: `-0044-03-15T…`, `12026-…`).
  public static func iso(ms: Int64) -> String {
    let (days, inDay) = split(ms: ms)
    let (y, m, d) = civil(days: days)
    func pad(_ n: Int64, _ width: Int) -> String {
      let s = String(n.magnitude)
      return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
    }
    return
      "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):"
      + "\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
  }

  /// The milliseconds of `YYYY-MM-DDTHH:MM[:SS[.fff]]Z` (or without the `Z`), or of a plain
  /// date; nil for anything else.
  public static func parse(_ text: String) -> Int64? {
    var s = Substring(text)
    if s.hasSuffix("Z") { s.removeLast() }
    let parts = s.split(separator: "T", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
    // Years of four digits: a client's year of 10^15 overflowed the milliseconds (a trap).
    guard date.count == 3, let y = Int64(date[0]), let m = Int64(date[1]), let d = Int64(date[2]),
      (0...9999).contains(y), (1...12).contains(m), (1...31).contains(d)
    else { return nil }
    var ms = days(year: y, month: m, day: d) * 86_400_000
    guard parts.count == 2 else { return ms }
    let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
    guard time.count == 2 || time.count == 3, let h = Int64(time[0]), let min = Int64(time[1]), h < 24,
      min < 60
    else { return nil }
    ms += h * 3_600_000 + min * 60_000
    if time.count == 3 {
      guard let seconds = Double(time[2]), seconds >= 0, seconds < 61 else { return nil }
      ms += Int64((seconds * 1000).rounded())
    }
    return ms
  }
}
