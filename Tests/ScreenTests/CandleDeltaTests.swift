import MarketModel
import TestSupport
import Testing

@testable import Screen

/// The CVD under the candles: the tape's buys minus sells, from the first candle it covers whole.
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

  @Test func buysMinusSellsFromTheFirstCandleTheTapeCoversWhole() {
    // Newest first; the oldest trade is in candle 1, which may have lost trades to the ring.
    let trades = [
      Self.trade(4, 10, .sell, 30), Self.trade(3, 5, .buy, 100), Self.trade(3, 1, nil, 999),
      Self.trade(2, 50, .sell, 40), Self.trade(2, 0, .buy, 10), Self.trade(1, 30, .buy, 500),
    ]
    let cvd = CandleDelta.cumulative(candles: Self.candles(5), intervalMs: 60_000, trades: trades)
    let expected: [Double?] = [nil, nil, -30, 70, 40]
    #expect(cvd == expected)
    // A tape reaching back before the first candle covers them all; a scale divides.
    let all = CandleDelta.cumulative(
      candles: Self.candles(5), intervalMs: 60_000, trades: trades + [Self.trade(-1, 0, .buy, 1)],
      sizeScale: 1)
    let scaled: [Double?] = [0, 50, 47, 57, 54]
    #expect(all == scaled)
  }

  @Test func noTradesOrNoCandlesGiveNoCVD() {
    #expect(
      CandleDelta.cumulative(candles: Self.candles(3), intervalMs: 60_000, trades: [Trade]()) == [
        nil, nil, nil,
      ])
    #expect(
      CandleDelta.cumulative(candles: [], intervalMs: 60_000, trades: [Self.trade(0, 0, .buy, 1)]).isEmpty)
    // Trades after the last candle only: nothing it covers.
    let later = [Self.trade(9, 0, .buy, 1)]
    #expect(
      CandleDelta.cumulative(candles: Self.candles(3), intervalMs: 60_000, trades: later) == [nil, nil, nil])
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
