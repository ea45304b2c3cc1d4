import VenueCore

extension Venue {
  /// Kraken (spot, its WebSocket v2).
  public static let kraken = Venue(known: "kraken")
}
