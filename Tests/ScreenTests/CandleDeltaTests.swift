import MarketModel
import TestSupport
import Testing

@testable import Screen

/// The CVD under the candles: each candle's live buys minus sells, from the first candle taken whole.
@Suite struct CandleDeltaTests {
  static let t0: Int64 = 1_704_067_200_000

  static func candles(_ n: Int) -> [Candle] {
    (0..<n).map { Candle(startMs: t0 + Int64($0) * 60_000, open: 100, high: 101, low: 99, close: 100) }
  }

  static func trade(_ minute: Int, _ second: Int, _ side: Side?, _ size: Int64) -> Trade {
    Trade(
      timeMs: t0 + Int64(minute) * 60_000 + Int64(second) * 1_000, symbol: "XBTUSD", side: side, size: size,
      price: 100)
  }

  /// Candles built from live trades: each keeps its buy/sell split, and the CVD sums them from
  /// the first candle taken whole (the one the first trade fell in may have missed trades).
  @Test func buysMinusSellsFromTheFirstCandleTakenWhole() {
    var series = CandleSeries(interval: .oneMinute)
    let trades = [
      Self.trade(1, 30, .buy, 500), Self.trade(2, 0, .buy, 10), Self.trade(2, 50, .sell, 40),
      Self.trade(3, 1, nil, 999), Self.trade(3, 5, .buy, 100), Self.trade(4, 10, .sell, 30),
    ]
    for t in trades { series.add(price: t.price, size: t.size, side: t.side, timeMs: t.timeMs) }
    #expect(series.splitSinceMs == Self.t0 + 2 * 60_000)
    #expect(series.candles.map(\.buyVolume) == [500, 10, 100, 0])
    #expect(series.candles.map(\.sellVolume) == [0, 40, 0, 30])
    let cvd = CandleDelta.cumulative(candles: series.candles, splitSinceMs: series.splitSinceMs)
    let expected: [Double?] = [nil, -30, 70, 40]
    #expect(cvd == expected)
    // A scale divides.
    let scaled = CandleDelta.cumulative(
      candles: series.candles, splitSinceMs: series.splitSinceMs, sizeScale: 1)
    let tenths: [Double?] = [nil, -3, 7, 4]
    #expect(scaled == tenths)
  }

  /// It is not bounded by the tape's ring: 3,000 trades over 30 minutes keep their split in
  /// every candle (the tape-based CVD stopped at the last 1,000 trades).
  @Test func theCVDOutlivesTheTape() {
    var series = CandleSeries(interval: .oneMinute)
    for k in 0..<3_000 {
      let t = Self.t0 + Int64(k) * 600
      series.add(price: 100, size: 2, side: k % 3 == 0 ? .sell : .buy, timeMs: t)
    }
    let cvd = CandleDelta.cumulative(candles: series.candles, splitSinceMs: series.splitSinceMs)
    #expect(cvd.count == 30 && cvd.allSatisfy { $0 != nil })
    // 2,000 buys and 1,000 sells (k % 3 == 0) of 2 each.
    #expect(cvd.last == 2_000)
  }

  /// Backfilled bins have no split: the CVD starts where live trades took over (a trade the
  /// bins already hold is not taken).
  @Test func historyHasNoSplit() {
    var series = CandleSeries(interval: .oneMinute)
    series.backfill([
      TradeBin(
        endMs: Self.t0 + 60_000, symbol: "XBTUSD", open: 100, high: 101, low: 99, close: 100, volume: 50),
      TradeBin(
        endMs: Self.t0 + 120_000, symbol: "XBTUSD", open: 100, high: 101, low: 99, close: 100, volume: 50),
    ])
    series.add(price: 100, size: 7, side: .buy, timeMs: Self.t0 + 30_000)
    #expect(series.splitSinceMs == nil)
    series.add(price: 100, size: 5, side: .buy, timeMs: Self.t0 + 125_000)
    #expect(series.splitSinceMs == Self.t0 + 180_000)
    series.add(price: 100, size: 3, side: .sell, timeMs: Self.t0 + 185_000)
    let cvd = CandleDelta.cumulative(candles: series.candles, splitSinceMs: series.splitSinceMs)
    let expected: [Double?] = [nil, nil, nil, -3]
    #expect(cvd == expected)
    #expect(CandleDelta.cumulative(candles: series.candles, splitSinceMs: nil).allSatisfy { $0 == nil })
  }

  @Test func theStripSitsBetweenThePricesAndTheVolume() {
    var candles: [Candle] = []
    for i in 0..<30 {
      let close = 100 + Double(i % 3)
      candles.append(
        Candle(startMs: Self.t0 + Int64(i) * 60_000, open: 100, high: 103, low: 97, close: close, volume: 10))
    }
    var chart = CandleChart(candles: candles, intervalMs: 60_000, priceDecimals: 1)
    var cvd: [Double?] = []
    for i in 0..<30 {
      let step = i % 4 == 0 ? -50 : 80
      cvd.append(i < 10 ? nil : Double((i - 10) * step))
    }
    chart.cvd = cvd
    let g = Snapshot.framed(60, 20) { g, area in chart.render(into: &g, area: area) }
    Snapshot.expect(g, named: "candles-cvd-60x20")
    let lines = Fixtures.lines(g)
    #expect(lines.contains { $0.contains("CVD") }, "\(lines)")
    // The newest value, signed, on the axis: (29 - 10) × 80.
    #expect(lines.contains { $0.contains("┤+1.5K") }, "\(lines)")
    // Too short for it: no strip.
    let short = Snapshot.framed(60, 12) { g, area in chart.render(into: &g, area: area) }
    #expect(!Fixtures.lines(short).contains { $0.contains("CVD") })
  }
}
