import VenueCore

/// Bybit v5's market categories: each has its own public WebSocket endpoint
/// (`/v5/public/{category}`) and its own instruments, and tradeterm names each a venue of its own.
public enum BybitCategory: String, Sendable, Hashable, CaseIterable {
  /// Spot: sizes in the base asset.
  case spot
  /// USDT and USDC perpetuals and futures: sizes in the base asset.
  case linear
  /// Coin-margined perpetuals and futures: sizes are contracts of 1 USD each.
  case inverse

  /// The venue this category is in tradeterm.
  public var venue: Venue {
    switch self {
    case .spot: .bybitSpot
    case .linear: .bybitLinear
    case .inverse: .bybitInverse
    }
  }

  /// The category of a Bybit venue (nil for any other venue).
  public init?(venue: Venue) {
    guard let c = Self.allCases.first(where: { $0.venue == venue }) else { return nil }
    self = c
  }
}
