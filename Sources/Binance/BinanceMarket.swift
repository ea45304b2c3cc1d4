import VenueCore

/// Binance's two markets tradeterm reads: their book bridges differ (see `SnapshotBridgeSync`).
public enum BinanceMarket: String, Sendable, Hashable, CaseIterable {
  /// Spot (`stream.binance.com`, REST `/api/v3/depth`).
  case spot
  /// USDⓈ-M futures (`fstream.binance.com`, REST `/fapi/v1/depth`): deltas carry `pu`.
  case usdm

  /// The bridge rule of this market's book.
  public var bridge: SnapshotBridgeSync.Bridge {
    self == .spot ? .consecutive : .previousLinked
  }
}
