/// Volume and price statistics over the trades of a `TradeTape` time window.
public struct TapeStats: Sendable, Hashable {
  /// Contracts bought by takers (trades whose side is `.buy`).
  public var buyVolume: Int64
  /// Contracts sold by takers (trades whose side is `.sell`).
  public var sellVolume: Int64
  /// Every trade in the window, including side-less index prints.
  public var tradeCount: Int
  /// The size-weighted average price; nil when the window holds no size (no trades, or only
  /// index prints, whose size is 0).
  public var vwap: Double?

  public init(buyVolume: Int64 = 0, sellVolume: Int64 = 0, tradeCount: Int = 0, vwap: Double? = nil) {
    self.buyVolume = buyVolume
    self.sellVolume = sellVolume
    self.tradeCount = tradeCount
    self.vwap = vwap
  }

  /// Buy plus sell volume.
  public var totalVolume: Int64 { buyVolume &+ sellVolume }

  /// Buy volume minus sell volume: positive when takers bought more.
  public var netVolume: Int64 { buyVolume &- sellVolume }
}
