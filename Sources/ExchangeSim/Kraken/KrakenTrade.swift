import MarketModel

/// One trade on a simulated Kraken pair, as the `trade` channel sends it.
struct KrakenTrade: Sendable, Hashable {
  /// The taker's side (Kraken's `side`).
  var side: Side
  /// Price in units of 10^-pricePrecision, quantity in units of 10^-qtyPrecision.
  var priceUnits: Int64
  var qtyUnits: Int64
  /// `market` or `limit`: the taker's order type.
  var market: Bool
  var id: Int64
  var timeMs: Int64
}
