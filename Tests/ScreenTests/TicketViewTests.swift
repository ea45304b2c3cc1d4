import Screen
import Testing

@Suite struct TicketViewTests {
  static func lines(_ g: Grid) -> [String] { (0..<g.height).map { g.line($0) } }

  @Test func theBoxHoldsTheLinesTheBadgeAndTheKeys() {
    var g = Grid(width: 80, height: 12)
    TicketView(
      title: "Ticket XBTUSD", badge: "PAPER",
      lines: [.spans([Span("SELL 1"), Span("  BUY 2")]), .rule, .spans([Span("Units 100")])],
      footer: "Esc close"
    ).render(into: &g, area: g.bounds)
    let text = Self.lines(g).joined(separator: "\n")
    #expect(text.contains("Ticket XBTUSD"))
    #expect(text.contains(" PAPER "))
    #expect(text.contains("SELL 1  BUY 2"))
    #expect(text.contains("Units 100"))
    #expect(text.contains("Esc close"))
    #expect(text.contains("─────"))
  }

  /// Too many lines for the height: the last ones go, the box stays inside the screen.
  @Test func linesBeyondTheHeightAreDropped() {
    var g = Grid(width: 60, height: 6)
    let lines = (1...10).map { TicketView.Line.spans([Span("line \($0)")]) }
    TicketView(title: "T", badge: "PAPER", lines: lines, footer: "").render(into: &g, area: g.bounds)
    let text = Self.lines(g).joined(separator: "\n")
    #expect(text.contains("line 4"))
    #expect(!text.contains("line 5"))
  }
}
