import VenueCore

extension Venue {
  /// Binance spot.
  public static let binance = Venue(known: "binance")
  /// Binance USDⓈ-M futures (its own endpoints).
  public static let binanceUSDM = Venue(known: "binance-usdm")
}
