import TestSupport
import Testing

@testable import Screen

@Suite struct BoxTests {
  @Test func unicodeBoxWithTitleLeavesTheInsideAlone() {
    let g = Snapshot.framed(16, 6) { g, area in Box(title: "Book").render(into: &g, area: area) }
    #expect(
      Fixtures.lines(g) == [
        "················",
        "·┌ Book ──────┐·",
        "·│············│·",
        "·│············│·",
        "·└────────────┘·",
        "················",
      ])
    #expect(g[1, 1].style == Style(.border))
    #expect(g[3, 1].style == Style(bold: true))
  }

  @Test func focusedBoxIsHeavyAndAccented() {
    var g = Snapshot.grid(12, 3)
    Box(title: "Trades", focused: true).render(into: &g, area: g.bounds)
    #expect(Fixtures.lines(g) == ["┏ Trades ━━┓", "┃··········┃", "┗━━━━━━━━━━┛"])
    #expect(g[0, 0].style == Style(.accent, bold: true))
    #expect(g[2, 0].style == Style(.accent, bold: true))
  }

  @Test func asciiBoxes() {
    var g = Snapshot.grid(24, 3)
    Box(title: "Book", ascii: true).render(into: &g, area: Rect(x: 0, y: 0, width: 12, height: 3))
    Box(title: "Chart", focused: true, ascii: true).render(
      into: &g, area: Rect(x: 12, y: 0, width: 12, height: 3))
    #expect(
      Fixtures.lines(g) == [
        "+ Book ----++ Chart ===+", "|··········||··········|", "+----------++==========+",
      ])
  }

  @Test func longTitleIsCutAndFooterSitsRight() {
    var g = Snapshot.grid(14, 3)
    Box(title: "Order book with a long title", footer: "Esc").render(into: &g, area: g.bounds)
    #expect(Fixtures.lines(g) == ["┌ Order boo… ┐", "│············│", "└─────── Esc ┘"])
  }

  @Test func spanTitleKeepsItsStyles() {
    var g = Snapshot.grid(20, 2)
    Box(title: [Span("Trades", Style(bold: true)), Span(" ▮▮▮", Style(.buy))]).render(
      into: &g, area: g.bounds)
    #expect(g.line(0) == "┌ Trades ▮▮▮ ──────┐")
    #expect(g[9, 0].style == Style(.buy))
  }

  @Test func tooSmallAreaDrawsNothing() {
    var g = Snapshot.grid(3, 3)
    Box(title: "x").render(into: &g, area: Rect(x: 0, y: 0, width: 1, height: 3))
    #expect(Fixtures.lines(g) == ["···", "···", "···"])
  }

  @Test func titleControlCharactersAreReplaced() {
    var g = Snapshot.grid(16, 2)
    Box(title: "a\u{1B}[2Jb\u{7}").render(into: &g, area: g.bounds)
    #expect(g.line(0) == "┌ a?[2Jb? ─────┐")
  }
}
