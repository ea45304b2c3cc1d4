import TestSupport
import Testing

@testable import Screen

@Suite struct BuySellBarTests {
  static func text(_ bar: BuySellBar) -> String { bar.spans.map(\.text).joined() }

  @Test func splitsByVolume() {
    #expect(Self.text(BuySellBar(buyVolume: 620, sellVolume: 380)) == "B 62% ██████░░░░ 38% S")
    #expect(Self.text(BuySellBar(buyVolume: 1, sellVolume: 999, barWidth: 4)) == "B 0% █░░░ 100% S")
    #expect(Self.text(BuySellBar(buyVolume: 999, sellVolume: 1, barWidth: 4)) == "B 100% ███░ 0% S")
    #expect(Self.text(BuySellBar(buyVolume: 5, sellVolume: 0, barWidth: 3, ascii: true)) == "B 100% +++ 0% S")
    #expect(Self.text(BuySellBar(buyVolume: 0, sellVolume: 0)) == "no trades")
  }

  @Test func sidesKeepTheirColours() {
    let spans = BuySellBar(buyVolume: 1, sellVolume: 1, barWidth: 2).spans
    #expect(spans.map(\.style.color) == [.buy, .buy, .sell, .sell])
    var g = Snapshot.grid(30, 2)
    Box(title: [Span("Trades  ")] + spans).render(into: &g, area: g.bounds)
    #expect(g.line(0) == "┌ Trades  B 50% █░ 50% S ────┐")
  }
}
