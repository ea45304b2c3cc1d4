import VenueCore

extension VenueRegistration {
  /// BitMEX follows its own path (its tables, its book by order id: `MarketFeed`, `ReplaySource`):
  /// its registration is its facts alone.
  public static let bitmex = VenueRegistration(about: .bitmex)
}
