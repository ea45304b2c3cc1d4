import MarketModel

/// The cumulative volume delta (CVD) under the candles: the tape's buys minus its sells, summed
/// from the first candle the tape covers whole.
///
/// The tape holds the latest trades only, so the CVD starts at the candle after the one its
/// oldest trade falls in (that one may have lost trades to the ring); candles before have none.
/// Side-less prints count for neither side.
public enum CandleDelta {
  /// For each of `candles` (oldest first, contiguous, `intervalMs` each): the CVD at its end in
  /// whole size units (the tape's units over 10^`sizeScale`), or nil before the tape's cover.
  public static func cumulative<Trades: RandomAccessCollection<Trade>>(
    candles: [Candle], intervalMs: Int64, trades: Trades, sizeScale: UInt8 = 0
  ) -> [Double?] {
    var out = [Double?](repeating: nil, count: candles.count)
    guard intervalMs > 0, let first = candles.first, !trades.isEmpty else { return out }
    var unit = 1.0
    for _ in 0..<min(sizeScale, 18) { unit *= 10 }
    func index(_ timeMs: Int64) -> Int? {
      let (offset, overflow) = timeMs.subtractingReportingOverflow(first.startMs)
      guard !overflow, offset >= 0 else { return nil }
      let i = offset / intervalMs
      return i < Int64(candles.count) ? Int(i) : nil
    }
    var delta = [Double](repeating: 0, count: candles.count)
    var oldest = Int64.max
    for trade in trades {
      oldest = min(oldest, trade.timeMs)
      guard let side = trade.side, let i = index(trade.timeMs) else { continue }
      delta[i] += (side == .buy ? 1 : -1) * Double(trade.size) / unit
    }
    // The first candle wholly after the oldest trade's (a trade before the first candle: all).
    let start: Int
    if oldest < first.startMs {
      start = 0
    } else if let i = index(oldest) {
      start = i + 1
    } else {
      return out
    }
    var sum = 0.0
    for i in start..<candles.count {
      sum += delta[i]
      out[i] = sum
    }
    return out
  }
}
