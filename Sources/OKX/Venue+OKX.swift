import VenueCore

extension Venue {
  /// OKX (v5).
  public static let okx = Venue(known: "okx")
}
