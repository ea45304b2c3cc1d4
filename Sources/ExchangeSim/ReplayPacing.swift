/// When a replayed frame is due: its offset in the recording divided by the replay speed, in
/// whole nanoseconds after the replay started.
///
/// Offsets come from a file (a clock that jumped a century, a time of `1e300`) and the speed
/// from the command line, so the quotient can be anything: it saturates at `Int64.max`
/// (due "never", which NIO's deadlines take as the distant future) instead of trapping, and a
/// non-finite or negative one counts as due at once.
public enum ReplayPacing {
  /// Nanoseconds from the replay's start to the frame at `offset` seconds (of the recording)
  /// at `speed` (1 = as recorded); nil when the speed does not pace (0, negative or NaN: as
  /// fast as the client reads).
  public static func nanoseconds(offset: Double, speed: Double) -> Int64? {
    guard speed > 0 else { return nil }
    let ns = (offset / speed * 1e9).rounded(.down)
    // NaN and negative: now. 2^63 is exactly representable; at or beyond it, never.
    guard ns > 0 else { return 0 }
    return ns < 0x1p63 ? Int64(ns) : .max
  }
}
