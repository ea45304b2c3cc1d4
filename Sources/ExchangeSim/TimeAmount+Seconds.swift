import NIOCore

extension TimeAmount {
  /// A time amount of a fractional number of seconds: negative and NaN count as zero, and
  /// anything beyond `Int64.max` nanoseconds (about 292 years, or infinity) as that.
  static func interval(_ seconds: Double) -> TimeAmount {
    let ns = (seconds * 1e9).rounded(.down)
    guard ns > 0 else { return .nanoseconds(0) }
    return .nanoseconds(ns < 0x1p63 ? Int64(ns) : .max)
  }
}
