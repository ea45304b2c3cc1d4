import MarketModel
import TestSupport
import Testing

@testable import Screen

/// The user's prices on the candle chart: dotted across the empty cells, lettered at the axis.
@Suite struct ChartMarkTests {
  static func candles() -> [Candle] {
    var out: [Candle] = []
    for i in 0..<30 {
      let close = 100 + Double(i % 3)
      out.append(
        Candle(startMs: 1_704_067_200_000 + Int64(i) * 60_000, open: 100, high: 103, low: 97, close: close))
    }
    return out
  }

  @Test func entryAlertAndOrdersAreDrawnAtTheirPrices() {
    var chart = CandleChart(candles: Self.candles(), intervalMs: 60_000, priceDecimals: 1)
    chart.marks = [
      ChartMark(price: 103, kind: .alert), ChartMark(price: 97, kind: .order(buy: true)),
      ChartMark(price: 150, kind: .entry),  // outside the prices in view: not drawn at an edge
    ]
    let g = Snapshot.framed(60, 14) { g, area in chart.render(into: &g, area: area) }
    Snapshot.expect(g, named: "candles-marks-60x14")
    let lines = Fixtures.lines(g)
    let alert = lines.firstIndex { $0.contains("┄A") }
    let bid = lines.firstIndex { $0.contains("┄B") }
    #expect(alert != nil && bid != nil && alert! < bid!, "\(lines)")
    #expect(!lines.contains { $0.contains("E") && $0.contains("┄") }, "\(lines)")
    #expect(ChartMark(price: 1, kind: .order(buy: false)).letter == "S")
  }
}
