import MarketModel

/// ISO-8601 UTC timestamps with milliseconds (`2024-11-24T08:26:22.356Z`), written without
/// Foundation's formatters so that frames cost little to build.
enum ISOTimestamp {
  /// Appends the timestamp of `ms` milliseconds since the Unix epoch (no quotes).
  static func write(ms: Int64, into out: inout [UInt8]) {
    let (days, rest) = UTCTime.split(ms: ms)
    let (year, month, day) = UTCTime.civil(days: days)
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
}
