import MarketModel
import Screen
import Testing

@testable import App

/// The mouse (issue 29): a click focuses the pane under it and picks a markets row; the wheel
/// scrolls what is under it; overlays take keys only.
@Suite struct MouseTests {
  static func click(_ s: inout AppState, _ x: Int, _ y: Int, _ action: MouseEvent.Action = .press) {
    _ = App.update(&s, .mouse(MouseEvent(x: x, y: y, action)))
  }

  /// A cell inside `r`.
  static func middle(_ r: Rect?) -> (Int, Int) {
    guard let r else { return (-1, -1) }
    return (r.x + r.width / 2, r.y + r.height / 2)
  }

  @Test func aClickFocusesThePaneUnderIt() throws {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    let layout = try #require(Layout.compute(width: 120, height: 40, zoom: nil))
    for (pane, rect) in [(Pane.trades, layout.trades), (.chart, layout.chart), (.book, layout.book)] {
      let (x, y) = Self.middle(rect)
      Self.click(&s, x, y)
      #expect(s.focus == pane)
    }
    // The header and the status line are no pane: the focus stays.
    Self.click(&s, 5, 0)
    Self.click(&s, 5, 39)
    #expect(s.focus == .book)
  }

  /// The wheel over the book scrolls it (three rows a notch), back to the top and no further.
  @Test func theWheelScrollsThePaneUnderIt() throws {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    let layout = try #require(Layout.compute(width: 120, height: 40, zoom: nil))
    let (x, y) = Self.middle(layout.book)
    Self.click(&s, x, y, .wheelDown)
    Self.click(&s, x, y, .wheelDown)
    #expect(s.view.bookScroll == 6 && s.focus == .book)
    Self.click(&s, x, y, .wheelUp)
    Self.click(&s, x, y, .wheelUp)
    Self.click(&s, x, y, .wheelUp)
    #expect(s.view.bookScroll == 0)
  }

  /// A click on a markets row selects that row (the list's first row under its titles); the
  /// wheel moves the selection.
  @Test func aClickPicksAMarketsRow() {
    var s = MarketsAppTests.state()
    s.screen = .markets
    let rows = s.markets.ordered(s.session.markets, rates: App.rates(s))
    #expect(rows.count == 4, "the index is not in the default list")
    // The box's border is row 0, the titles row 1: the third instrument is on row 4.
    Self.click(&s, 10, 4)
    #expect(s.markets.selected == rows[2].id)
    Self.click(&s, 10, 4, .wheelUp)
    #expect(s.markets.selected == rows[0].id)
    // Below the last row, or on the titles: nothing changes.
    Self.click(&s, 10, 1)
    Self.click(&s, 10, 15)
    #expect(s.markets.selected == rows[0].id)
  }

  /// Over an overlay the pointer does nothing: the picker keeps the focus where it was.
  @Test func overlaysTakeKeysOnly() throws {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.overlay = .help(page: 0, ticket: nil)
    let layout = try #require(Layout.compute(width: 120, height: 40, zoom: nil))
    let (x, y) = Self.middle(layout.trades)
    Self.click(&s, x, y)
    #expect(s.focus == .book && s.overlay?.helpPage != nil)
  }
}
