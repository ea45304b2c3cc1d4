/// One candle of a follower listing, as decimal text at the listing's precision: the followed
/// instrument's trade buckets, prices moved by the basis, volume in the listing's size units.
struct FollowerCandle: Sendable, Hashable {
  var startMs: Int64
  var open: String
  var high: String
  var low: String
  var close: String
  /// In the listing's size unit (base asset or contracts).
  var volume: String
  /// In the quote currency.
  var turnover: String
  /// Whether the bucket is still open.
  var inProgress: Bool
}
