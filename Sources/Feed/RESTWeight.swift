import VenueCore

#if canImport(Glibc)
import Glibc
#endif

/// A venue's count of the REST weight used this minute (Binance's `X-MBX-USED-WEIGHT-1M`), read
/// from a response, and when to stop asking: at nine tenths of the limit, so that a snapshot is
/// never refused for weight the feed could have waited out.
enum RESTWeight {
  /// The weight the response says is used, when the venue counts one and the header is a number.
  static func used(_ response: RESTResponse, _ limits: VenueLimits) -> Int? {
    guard let name = limits.restWeightHeader, let text = response.header(name), text.utf8.count <= 12 else {
      return nil
    }
    return Int(text).flatMap { $0 >= 0 ? $0 : nil }
  }

  /// Whether `used` of `limit` leaves less than a tenth.
  static func nearLimit(used: Int, limit: Int) -> Bool {
    limit > 0 && used >= limit - limit / 10
  }

  /// Seconds to the start of the next wall-clock minute (Binance's weight counts by the minute
  /// of the clock), and one more for the clocks' difference.
  static func secondsToNextMinute(wallMs: Int64) -> Double {
    let intoMinute = ((wallMs % 60_000) + 60_000) % 60_000
    return Double(60_000 - intoMinute) / 1_000 + 1
  }

  /// The wall clock in milliseconds.
  static func wallMs() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000 + Int64(ts.tv_nsec) / 1_000_000
  }
}
