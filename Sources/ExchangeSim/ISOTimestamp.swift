/// ISO-8601 UTC timestamps with milliseconds (`2024-11-24T08:26:22.356Z`), written without
/// Foundation's formatters so that frames cost little to build.
enum ISOTimestamp {
  /// Appends the timestamp of `ms` milliseconds since the Unix epoch (no quotes).
  static func write(ms: Int64, into out: inout [UInt8]) {
    var days = ms / 86_400_000
    var rest = ms % 86_400_000
    if rest < 0 {
      rest += 86_400_000
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    func two(_ v: Int64) {
      out.append(UInt8(ascii: "0") + UInt8(v / 10))
      out.append(UInt8(ascii: "0") + UInt8(v % 10))
    }
    let y = year
    out.append(UInt8(ascii: "0") + UInt8((y / 1000) % 10))
    out.append(UInt8(ascii: "0") + UInt8((y / 100) % 10))
    two(y % 100)
    out.append(UInt8(ascii: "-"))
    two(month)
    out.append(UInt8(ascii: "-"))
    two(day)
    out.append(UInt8(ascii: "T"))
    two(rest / 3_600_000)
    out.append(UInt8(ascii: ":"))
    two(rest / 60_000 % 60)
    out.append(UInt8(ascii: ":"))
    two(rest / 1000 % 60)
    out.append(UInt8(ascii: "."))
    let millis = rest % 1000
    out.append(UInt8(ascii: "0") + UInt8(millis / 100))
    two(millis % 100)
    out.append(UInt8(ascii: "Z"))
  }

  /// The timestamp of `ms` as a string.
  static func string(ms: Int64) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(24)
    write(ms: ms, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
  static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
    let z = z0 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
