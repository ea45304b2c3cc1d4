/// One `PriceSeries` per `SeriesInterval`, fed by the same trades.
public struct PriceSeriesSet: Sendable, Hashable {
  public private(set) var oneSecond: PriceSeries
  public private(set) var oneMinute: PriceSeries
  public private(set) var fiveMinutes: PriceSeries

  /// Empty series of up to `capacity` buckets each.
  public init(capacity: Int = 720) {
    oneSecond = PriceSeries(interval: .oneSecond, capacity: capacity)
    oneMinute = PriceSeries(interval: .oneMinute, capacity: capacity)
    fiveMinutes = PriceSeries(interval: .fiveMinutes, capacity: capacity)
  }

  /// The series at `interval`.
  public subscript(interval: SeriesInterval) -> PriceSeries {
    switch interval {
    case .oneSecond: oneSecond
    case .oneMinute: oneMinute
    case .fiveMinutes: fiveMinutes
    }
  }

  /// Adds one trade to every series.
  public mutating func add(trade: Trade) {
    add(price: trade.price, size: trade.size, timeMs: trade.timeMs)
  }

  /// Adds one trade to every series.
  public mutating func add(price: Double, size: Int64, timeMs: Int64) {
    oneSecond.add(price: price, size: size, timeMs: timeMs)
    oneMinute.add(price: price, size: size, timeMs: timeMs)
    fiveMinutes.add(price: price, size: size, timeMs: timeMs)
  }

  /// Merges bins of width `interval` into that series only (see `PriceSeries.seed`).
  public mutating func seed(bins: [TradeBin], interval: SeriesInterval) {
    switch interval {
    case .oneSecond: oneSecond.seed(bins)
    case .oneMinute: oneMinute.seed(bins)
    case .fiveMinutes: fiveMinutes.seed(bins)
    }
  }

  /// Empties every series.
  public mutating func removeAll() {
    oneSecond.removeAll()
    oneMinute.removeAll()
    fiveMinutes.removeAll()
  }
}
