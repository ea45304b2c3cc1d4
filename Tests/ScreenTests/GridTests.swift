import Testing

@testable import Screen

@Suite struct GridTests {
  @Test func putClipsAndReplacesControlCharacters() {
    var g = Grid(width: 10, height: 2)
    g.put("ab\u{1B}[31mcdefghijk", x: 1, y: 0)
    #expect(g.line(0) == " ab?[31mcd")
    g.put("xyz", x: 8, y: 1, clip: Rect(x: 0, y: 0, width: 9, height: 2))
    #expect(g.line(1) == "        x ")
  }

  @Test func wideCharactersTakeTwoCellsAndClustersAreReplaced() {
    var g = Grid(width: 5, height: 1)
    g.put("中😀é", x: 0, y: 0)
    #expect(g.line(0) == "中😀é")
    g.put("e\u{301}🇫🇷\u{200B}", x: 0, y: 0)
    #expect(g.line(0) == "??? é")
  }

  @Test func layoutSplitsCoverTheRectExactly() {
    let r = Rect(x: 2, y: 3, width: 20, height: 10)
    let (top, rest) = r.splitTop(4)
    #expect(top == Rect(x: 2, y: 3, width: 20, height: 4))
    #expect(rest == Rect(x: 2, y: 7, width: 20, height: 6))
    let (left, right) = r.splitLeft(25)
    #expect(left.width == 20 && right.isEmpty)
    #expect(r.inset(1) == Rect(x: 3, y: 4, width: 18, height: 8))
    #expect(r.inset(20).isEmpty)
  }
}
