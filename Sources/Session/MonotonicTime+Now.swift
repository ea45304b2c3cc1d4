#if canImport(Glibc)
import Glibc
#endif

extension MonotonicTime {
  /// The monotonic clock now. Only I/O code reads it; pure code is handed a `now`.
  public static func now() -> MonotonicTime {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return MonotonicTime(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
  }
}
