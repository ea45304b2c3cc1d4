/// One OHLC bucket (REST `trade/bucketed` or the one-minute bucket table).
/// `endMs` is the bucket's *end*: BitMEX stamps buckets with their close time.
public struct TradeBin: Sendable, Hashable {
  public var endMs: Int64
  public var symbol: Symbol
  public var open: Double?
  public var high: Double?
  public var low: Double?
  public var close: Double?
  public var trades: Int64?
  public var volume: Int64?

  public init(
    endMs: Int64, symbol: Symbol, open: Double? = nil, high: Double? = nil, low: Double? = nil,
    close: Double? = nil, trades: Int64? = nil, volume: Int64? = nil
  ) {
    self.endMs = endMs
    self.symbol = symbol
    self.open = open
    self.high = high
    self.low = low
    self.close = close
    self.trades = trades
    self.volume = volume
  }
}
