extension NumberFormat {
  /// `seconds` as whole milliseconds for an age or a round trip: nan gives 0, and anything beyond
  /// a year is clamped (an age from a broken clock must never trap).
  public static func milliseconds(_ seconds: Double) -> Int64 {
    guard seconds.isFinite else { return seconds.isNaN || seconds < 0 ? 0 : 31_536_000_000 }
    return Int64(min(max(seconds, -31_536_000), 31_536_000) * 1000)
  }
}
