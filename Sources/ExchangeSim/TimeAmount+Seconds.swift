import NIOCore

extension TimeAmount {
  /// A time amount of a fractional number of seconds (negative counts as zero).
  static func interval(_ seconds: Double) -> TimeAmount {
    .nanoseconds(Int64(max(0, seconds) * 1e9))
  }
}
