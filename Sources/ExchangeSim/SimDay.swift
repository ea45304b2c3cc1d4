/// A ticker-only instrument's day so far (`UniverseTicker.day`): what its full market takes over
/// when a client opens it (`MarketGenerator.continueDay`), so the markets list's row and the
/// dashboard's go on from the same 24 h base, high, low and volume.
struct SimDay: Sendable, Hashable {
  var prevPrice24h: Int64
  var high24h: Int64
  var low24h: Int64
  var volume24h: Int64
  var turnover24h: Int64
  var home24h: Double
  var foreign24h: Double
  var openInterest: Int64
  var basis: Double
  var fundingRate: Double
  var indicativeFundingRate: Double
  var fundingTimeMs: Int64
}
