import Testing

@testable import Screen

/// Characters two columns wide (U+2190–U+2BFF holds some: ⌚ ⭐; CJK; most emoji), as a
/// symbol or an instrument name from the exchange may hold them: measured as two columns, drawn
/// as two cells, and never cut in half at the edge of a region.
@Suite struct WideCharacterGridTests {
  /// The columns a terminal gives `text`: two for the wide characters these tests use.
  static func displayWidth(_ text: String) -> Int {
    text.reduce(0) { $0 + ("⭐⌚中文😀".contains($1) ? 2 : 1) }
  }

  @Test func aHeaderWithWideCharactersKeepsToItsWidth() {
    var grid = Grid(width: 60, height: 1)
    HeaderBar(symbol: "⭐XBT⌚", name: "⌚ perpetual", lastPrice: 98_000, markers: ["DEMO"])
      .render(into: &grid, area: grid.bounds)
    let line = grid.line(0)
    #expect(Self.displayWidth(line) == 60, "\(line)")
    #expect(line.hasPrefix(" ⭐XBT⌚  "), "\(line)")
    #expect(line.hasSuffix(" DEMO  "), "\(line)")
  }

  @Test func aWideCharacterThatDoesNotFitIsASpace() {
    var grid = Grid(width: 5, height: 2)
    grid.put("abc⭐", x: 0, y: 0)
    #expect(grid.line(0) == "abc⭐")
    grid.put("abcd⭐", x: 0, y: 1)
    #expect(grid.line(1) == "abcd ")
    // The clip's edge, on either side.
    var clipped = Grid(width: 8, height: 2)
    clipped.put("⌚⌚⌚", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 4, height: 1))
    #expect(clipped.line(0) == "   ⌚   ")
    clipped.put("x⌚y", x: 0, y: 1, clip: Rect(x: 0, y: 1, width: 2, height: 1))
    #expect(clipped.line(1) == "x       ")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var grid = Grid(width: 8, height: 1)
    grid.put("⭐⭐⭐⭐", x: 0, y: 0)
    grid.put("a", x: 1, y: 0)  // the second half of the first
    grid.put("b", x: 4, y: 0)  // the first half of the third
    #expect(grid.line(0) == " a⭐b ⭐")
    grid.fill(Rect(x: 7, y: 0, width: 1, height: 1), with: Cell("c"))
    #expect(grid.line(0) == " a⭐b  c")
    grid[2, 0] = Cell("d")
    #expect(grid.line(0) == " ad b  c")
  }

  @Test func widthsAndFitting() {
    #expect("⭐XBT".columns == 5)
    #expect(Span("中文 ok").width == 7)
    #expect([Span("⭐⭐⭐⭐")].fitted(5, ellipsis: "…") == [Span("⭐⭐…")])
    #expect([Span("⭐⭐⭐⭐")].fitted(6, ellipsis: "…") == [Span("⭐⭐…")])
    #expect("⌚".padLeft(4) == "  ⌚")
    #expect("⌚".padRight(4) == "⌚  ")
    var grid = Grid(width: 6, height: 1)
    grid.put("⌚", x: 0, y: 0, rightAlignedIn: 6)
    #expect(grid.line(0) == "    ⌚")
  }
}
