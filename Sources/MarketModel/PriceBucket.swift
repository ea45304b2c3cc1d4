/// One OHLC bucket of a `PriceSeries`, identified by its start time.
public struct PriceBucket: Sendable, Hashable {
  /// The bucket's start, milliseconds since the Unix epoch (BitMEX bins are stamped with
  /// their end instead; `PriceSeries.seed` converts).
  public var startMs: Int64
  public var open: Double
  public var high: Double
  public var low: Double
  public var close: Double
  /// Contracts traded in the bucket.
  public var volume: Int64

  public init(startMs: Int64, open: Double, high: Double, low: Double, close: Double, volume: Int64) {
    self.startMs = startMs
    self.open = open
    self.high = high
    self.low = low
    self.close = close
    self.volume = volume
  }

  /// A bucket at one price: a first trade, or (with volume 0) an empty bucket carrying the
  /// previous close.
  public init(startMs: Int64, price: Double, volume: Int64 = 0) {
    self.init(startMs: startMs, open: price, high: price, low: price, close: price, volume: volume)
  }
}
