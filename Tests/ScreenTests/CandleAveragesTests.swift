import MarketModel
import TestSupport
import Testing

@testable import Screen

/// The VWAP and the EMA over the candles: the numbers, and how they are drawn and named.
@Suite struct CandleAveragesTests {
  static let day: Int64 = 86_400_000
  /// 2024-01-01 23:58 UTC.
  static let t0: Int64 = 1_704_067_200_000 + day - 2 * 60_000

  static func candle(_ i: Int, high: Double, low: Double, close: Double, volume: Int64) -> Candle {
    Candle(startMs: t0 + Int64(i) * 60_000, open: close, high: high, low: low, close: close, volume: volume)
  }

  @Test func theVWAPWeighsTypicalPricesByVolumeAndRestartsEachUTCDay() {
    let candles = [
      Self.candle(0, high: 12, low: 8, close: 10, volume: 1),  // typical 10
      Self.candle(1, high: 21, low: 19, close: 20, volume: 3),  // typical 20
      Self.candle(2, high: 31, low: 29, close: 30, volume: 0),  // 00:00, the next day: no volume yet
      Self.candle(3, high: 41, low: 39, close: 40, volume: 2),
    ]
    let a = CandleAverages(candles, intervalMs: 60_000)
    let expected: [Double?] = [10, 17.5, nil, 40]
    #expect(a.vwap == expected)
    #expect(a.vwapName == "VWAP")
    // Daily candles: from the first held, no restart.
    let daily = CandleAverages(candles, intervalMs: Self.day)
    let all: Double = (10.0 + 60 + 80) / 6
    #expect(daily.vwap[3] == all)
    #expect(daily.vwapName == "VWAP all")
  }

  @Test func theEMAStartsAtTheFirstCloseAndFollowsWithAlphaTwoOverNPlusOne() {
    let candles = [
      Self.candle(0, high: 100, low: 100, close: 100, volume: 1),
      Self.candle(1, high: 121, low: 121, close: 121, volume: 1),
      Self.candle(2, high: 121, low: 121, close: .nan, volume: 1),
    ]
    let ema = CandleAverages(candles, intervalMs: 60_000).ema
    #expect(ema[0] == 100)
    #expect(abs(ema[1] - 102) < 1e-9)
    // A nonsense close leaves the line where it was.
    #expect(ema[2] == ema[1])
    #expect(CandleAverages.emaName == "EMA20")
  }

  static func rising() -> [Candle] {
    (0..<40).map { i in
      let base = 100 + Double(i) * 0.5
      return Candle(
        startMs: t0 + Int64(i) * 60_000, open: base, high: base + 3, low: base - 3, close: base + 1,
        volume: 10)
    }
  }

  @Test func theLinesAreDrawnBehindTheCandlesAndNamedAtTheTop() {
    var chart = CandleChart(candles: Self.rising(), intervalMs: 60_000, priceDecimals: 1)
    let plain = Snapshot.framed(72, 16) { g, area in chart.render(into: &g, area: area) }
    #expect(!plain.line(1).contains("VWAP"))
    #expect(!(1..<15).contains { plain.line($0).contains("═") })
    chart.averages = true
    let g = Snapshot.framed(72, 16) { g, area in chart.render(into: &g, area: area) }
    let top = g.line(1)
    #expect(top.contains("═ VWAP ") && top.contains("─ EMA20 "), "\(top)")
    // Rising prices: the EMA lags below the closes; both lines show between the candles.
    #expect((2..<12).contains { g.line($0).contains("═") })
    #expect((2..<12).contains { g.line($0).contains("─") })
    Snapshot.expect(g, named: "candles-averages-72x16")
    // Wide enough, the legend gives each line's value at the cursor's candle.
    let averages = CandleAverages(Self.rising(), intervalMs: 60_000)
    let wide = Snapshot.framed(100, 16) { g, area in chart.render(into: &g, area: area) }
    let vwap = NumberFormat.price(averages.vwap[39], decimals: 1)
    let ema = NumberFormat.price(averages.ema[39], decimals: 1)
    #expect(wide.line(1).contains("VWAP \(vwap)  ─ EMA20 \(ema)"), "\(wide.line(1))")
    // Narrower, the names close up; narrower still, no legend and no lines (never one cut).
    let close = Snapshot.framed(66, 16) { g, area in chart.render(into: &g, area: area) }
    #expect(close.line(1).contains("V 10 ═VWAP ─EMA20 "), "\(close.line(1))")
    let narrow = Snapshot.framed(60, 16) { g, area in chart.render(into: &g, area: area) }
    #expect(!(1..<15).contains { narrow.line($0).contains("═") || narrow.line($0).contains("EMA") })
    chart.ascii = true
    let a = Snapshot.framed(72, 16) { g, area in chart.render(into: &g, area: area) }
    #expect(a.line(1).contains("= VWAP ") && a.line(1).contains("* EMA20 "), "\(a.line(1))")
  }
}
