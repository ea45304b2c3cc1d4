import VenueCore

extension Venue {
  /// Bybit's spot category.
  public static let bybitSpot = Venue(known: "bybit-spot")
  /// Bybit's linear (USDT and USDC) contracts.
  public static let bybitLinear = Venue(known: "bybit-linear")
  /// Bybit's inverse contracts.
  public static let bybitInverse = Venue(known: "bybit-inverse")
}
