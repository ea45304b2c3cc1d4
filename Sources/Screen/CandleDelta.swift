import MarketModel

/// The cumulative volume delta (CVD) under the candles: buys minus sells, summed candle by
/// candle from each candle's own buy/sell split (`Candle.buyVolume`, `sellVolume`).
///
/// A candle's split is whole only when every trade of it was taken live
/// (`CandleSeries.splitSinceMs`): candles before (REST history, the candle tradeterm started
/// in) have none, so the CVD starts after them and goes on for as long as tradeterm runs, at
/// every width — not only over the tape's last 1,000 trades, as it did (issue 29).
public enum CandleDelta {
  /// For each of `candles` (oldest first): the CVD at its end in whole size units (the tape's
  /// units over 10^`sizeScale`), or nil before `splitSinceMs` (nil: no candle has a split).
  public static func cumulative(candles: [Candle], splitSinceMs: Int64?, sizeScale: UInt8 = 0) -> [Double?] {
    var out = [Double?](repeating: nil, count: candles.count)
    guard let since = splitSinceMs else { return out }
    var unit = 1.0
    for _ in 0..<min(sizeScale, 18) { unit *= 10 }
    var sum = 0.0
    for (i, candle) in candles.enumerated() where candle.startMs >= since {
      sum += (Double(candle.buyVolume) - Double(candle.sellVolume)) / unit
      out[i] = sum
    }
    return out
  }
}
