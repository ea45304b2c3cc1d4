#if canImport(Glibc)
import Glibc
#endif

/// The local time zone, read from the C library (`TZ`, `/etc/localtime`).
enum LocalTime {
  /// The local time zone's offset from UTC now, in minutes (traders read the tape in local time).
  static func offsetMinutes() -> Int {
    var now = time(nil)
    var local = tm()
    guard localtime_r(&now, &local) != nil else { return 0 }
    return Int(local.tm_gmtoff) / 60
  }
}
