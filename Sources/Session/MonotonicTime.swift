/// A point on a monotonic clock, in whole nanoseconds since an arbitrary origin.
///
/// The feed thread makes these from `CLOCK_MONOTONIC`; tests make them from small numbers. The
/// state machines never read a clock: every input carries the time it happened as one of these.
/// Durations next to them are plain `Double` seconds (see `FeedConfig`). Integer nanoseconds keep
/// deadlines exact: `t + 5` compared with a later `t + 5` is never off by a rounding error.
///
/// Integer and float literals are seconds, so a test can write `machine.tick(now: 5)`.
public struct MonotonicTime: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: Int64

  /// A time from a raw nanosecond reading.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// A time `seconds` after the clock's origin (rounded to the nearest nanosecond, clamped to the
  /// representable range; NaN counts as zero).
  public init(seconds: Double) {
    self.nanoseconds = Self.nanoseconds(fromSeconds: seconds)
  }

  public init(integerLiteral value: Int64) {
    self.init(seconds: Double(value))
  }

  public init(floatLiteral value: Double) {
    self.init(seconds: value)
  }

  /// Seconds since the clock's origin.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  public var description: String { "\(seconds)s" }

  public static func < (lhs: MonotonicTime, rhs: MonotonicTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// The time `seconds` later (earlier when negative), saturating instead of overflowing.
  public static func + (lhs: MonotonicTime, seconds: Double) -> MonotonicTime {
    let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(nanoseconds(fromSeconds: seconds))
    if overflow { return MonotonicTime(nanoseconds: seconds < 0 ? .min : .max) }
    return MonotonicTime(nanoseconds: sum)
  }

  /// Seconds from `rhs` to `lhs` (negative when `lhs` is earlier).
  public static func - (lhs: MonotonicTime, rhs: MonotonicTime) -> Double {
    // Subtract in Double: two extreme values must not trap.
    (Double(lhs.nanoseconds) - Double(rhs.nanoseconds)) / 1e9
  }

  /// Converts seconds to nanoseconds, saturating at the ends of `Int64`.
  private static func nanoseconds(fromSeconds seconds: Double) -> Int64 {
    let value = (seconds * 1e9).rounded()
    if value.isNaN { return 0 }
    // 2^63 is exactly representable; anything at or beyond it saturates.
    if value >= 0x1p63 { return .max }
    if value <= -0x1p63 { return .min }
    return Int64(value)
  }
}
