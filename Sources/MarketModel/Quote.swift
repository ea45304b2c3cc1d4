/// A best bid/offer row of the `quote` table.
public struct Quote: Sendable, Hashable {
  public var timeMs: Int64
  public var symbol: Symbol
  public var bidPrice: Double?
  public var bidSize: Int64?
  public var askPrice: Double?
  public var askSize: Int64?
  /// The liquidity pool (2026: "Primary", "Secondary", "Aggregated"), if sent.
  public var pool: String?

  public init(
    timeMs: Int64, symbol: Symbol, bidPrice: Double? = nil, bidSize: Int64? = nil,
    askPrice: Double? = nil, askSize: Int64? = nil, pool: String? = nil
  ) {
    self.timeMs = timeMs
    self.symbol = symbol
    self.bidPrice = bidPrice
    self.bidSize = bidSize
    self.askPrice = askPrice
    self.askSize = askSize
    self.pool = pool
  }
}
