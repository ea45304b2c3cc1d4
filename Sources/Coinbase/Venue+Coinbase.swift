import VenueCore

extension Venue {
  /// Coinbase Advanced Trade.
  public static let coinbase = Venue(known: "coinbase")
}
