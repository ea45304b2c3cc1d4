import MarketModel
import TestSupport
import Testing

@testable import Screen

@Suite struct SparklineTests {
  @Test func oneRowWithInlineLabels() {
    let view = Sparkline(buckets: Fixtures.buckets, priceDecimals: 1)
    let g = Snapshot.framed(62, 3) { g, area in view.render(into: &g, area: area) }
    #expect(
      g.line(1)
        == "·" + String(repeating: " ", count: 10) + "▃▃▄▅▄▂▁▂▃▅▇▆▆▇█▇┤ last 108.0  high 110.5  low 96.5·")
    #expect(g[11, 1].style == Style(.accent))
    #expect(g[29, 1].style == Style(bold: true))
    #expect(g[41, 1].style == Style(.muted))
  }

  @Test func flatSeriesSitsAtHalfHeight() {
    let flat = (0..<3).map { Candle(startMs: Int64($0) * 1_000, flat: 100) }
    let view = Sparkline(buckets: flat, priceDecimals: 1)
    let g = Snapshot.framed(32, 5) { g, area in view.render(into: &g, area: area) }
    #expect(
      Fixtures.lines(g) == [
        String(repeating: "·", count: 32),
        "·                  ┤ high 100.0·",
        "·               ▄▄▄┤ last 100.0·",
        "·               ███┤ low  100.0·",
        String(repeating: "·", count: 32),
      ])
  }

  @Test func onlyTheNewestBucketsThatFitAreShown() {
    let view = Sparkline(buckets: Fixtures.buckets, priceDecimals: 0, ascii: true)
    let g = Snapshot.framed(22, 3) { g, area in view.render(into: &g, area: area) }
    // 20 columns, too few for labels: the newest 20 buckets (all 16) fill the right end.
    #expect(g.line(1) == "·    -=++=:.:=*%#*%@%·")
  }

  @Test func emptySeries() {
    let view = Sparkline(series: CandleSeries(interval: .oneMinute), priceDecimals: 1)
    let g = Snapshot.framed(24, 5) { g, area in view.render(into: &g, area: area) }
    #expect(g.line(2) == "· no price data yet    ·")
    #expect(g.line(1) == "·                      ·")
  }

  @Test func unitsSpanTheRange() {
    #expect(Sparkline.units(0, low: 0, high: 10, levels: 16) == 1)
    #expect(Sparkline.units(10, low: 0, high: 10, levels: 16) == 16)
    #expect(Sparkline.units(5, low: 5, high: 5, levels: 16) == 8)
    #expect(Sparkline.units(.nan, low: 0, high: 10, levels: 8) == 4)
    #expect(Sparkline.units(99, low: 0, high: 10, levels: 8) == 8)
  }

  @Test(arguments: [false, true])
  func snapshots(ascii: Bool) {
    let view = Sparkline(buckets: Fixtures.buckets, priceDecimals: 1, ascii: ascii)
    let suffix = ascii ? "-ascii" : ""
    Snapshot.expect(
      Snapshot.framed(42, 8) { g, area in view.render(into: &g, area: area) },
      named: "sparkline-40x6" + suffix)
    Snapshot.expect(
      Snapshot.framed(42, 4) { g, area in view.render(into: &g, area: area) },
      named: "sparkline-40x2" + suffix)
  }
}
