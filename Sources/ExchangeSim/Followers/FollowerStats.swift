/// A listing's ticker numbers now, as prices and base amounts (the followed instrument's day,
/// moved by the listing's basis; bid and ask from its own book when it has one).
struct FollowerStats: Sendable, Hashable {
  var last: Double
  var bid: Double
  var ask: Double
  var bidSize: Double
  var askSize: Double
  var open24h: Double
  var high24h: Double
  var low24h: Double
  /// Base asset traded in 24 hours.
  var volume24h: Double
  /// Funding of a perpetual (the followed instrument's), else 0.
  var fundingRate: Double
  /// The followed instrument's mark price and index, moved by the listing's basis and put on
  /// its tick (the last price when the followed instrument has none).
  var mark: Double = 0
  var index: Double = 0
  /// When the followed instrument's next funding is, ms since the Unix epoch (nil: none).
  var nextFundingMs: Int64?
}
