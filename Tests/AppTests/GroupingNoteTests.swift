import Screen
import Testing

@testable import App

/// Grouping a capped book leaves few bands: the pane says how many and from how many levels, and
/// offers the full book (issue 29, 14: 25 levels at `grp 2.5` were 3 bands and 20 empty rows).
@Suite struct GroupingNoteTests {
  static func bookPane(_ s: AppState) -> String {
    let grid = DashboardView.render(s)
    let layout = Layout.compute(width: s.width, height: s.height, zoom: s.zoom)!
    let book = layout.book!
    return (book.y..<book.maxY).map { String(grid.line($0).prefix(book.maxX).dropFirst(book.x)) }
      .joined(separator: "\n")
  }

  @Test func aGroupedCappedBookSaysSoAndOffersTheFullBook() {
    var s = TicketAppTests.live(
      "XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5, sizes: Array(repeating: 1_000, count: 25))
    #expect(!Self.bookPane(s).contains("bands"), "ungrouped, the rows are full")
    _ = TicketAppTests.press(&s, .character("+"), .character("+"))
    #expect(s.groupingTicks == 5)
    let pane = Self.bookPane(s)
    #expect(pane.contains("grp 2.5"), "\(pane)")
    #expect(pane.contains("bands from 25 levels; --depth full has all"), "\(pane)")
    // At 80×24 the book is narrower: a shorter note, never a cut one.
    s.width = 80
    s.height = 24
    let narrow = Self.bookPane(s)
    #expect(narrow.contains("bands") && narrow.contains("--depth full"), "\(narrow)")
    #expect(!narrow.contains("…"), "\(narrow)")
  }
}
