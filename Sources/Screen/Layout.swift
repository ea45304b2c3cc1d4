/// Where each pane goes on a screen of a given size: a pure function of the size and the
/// zoom, so every size can be checked in tests.
///
/// A header line at the top and a status line at the bottom; between them, in the split
/// view, the book (left) and trades (right) over the chart, which takes a quarter of the
/// height (4 to 16 rows). The trades pane takes two fifths of the width, at least 40 columns
/// and at most 72 (never more than half): past that the book's depth bars gain more from the
/// room. A zoomed pane takes the whole body. Pane rectangles include their border.
///
/// The split view of two books (`tradeterm ETHUSD kraken:ETH/USD`) halves the book's room: the primary
/// book on the left, the second beside it (`book2`). Where halves would be narrower than
/// `minSplitBookWidth` (80 columns), the trades pane gives its room to the books, which then take
/// half the screen each (`2` zooms the tape); zoomed on the book, the two take the body.
public struct Layout: Sendable, Hashable {
  /// The smallest usable screen; below it, `compute` returns nil (show `TooSmall`).
  public static let minWidth = 60
  public static let minHeight = 16

  public var header: Rect
  /// The panes, nil when zoomed away.
  public var book: Rect?
  /// The second book of the split view, right of `book`; nil without one.
  public var book2: Rect?
  public var trades: Rect?
  public var chart: Rect?
  public var status: Rect

  public init(header: Rect, book: Rect?, book2: Rect? = nil, trades: Rect?, chart: Rect?, status: Rect) {
    self.header = header
    self.book = book
    self.book2 = book2
    self.trades = trades
    self.chart = chart
    self.status = status
  }

  /// Every rectangle laid out, header first and status last.
  public var rects: [Rect] { [header] + [book, book2, trades, chart].compactMap { $0 } + [status] }

  /// The chart's height in the split view of a body `bodyHeight` rows tall.
  static func chartHeight(body bodyHeight: Int) -> Int { min(16, max(4, bodyHeight / 4)) }

  /// The trades pane's width in the split view of a screen `width` columns wide.
  public static func tradesWidth(screen width: Int) -> Int { min(width / 2, max(40, width * 2 / 5), 72) }

  /// The narrowest book of the split view beside the trades pane (its border included): a
  /// price, a size and a total fit in it. Narrower, the trades pane makes way.
  public static let minSplitBookWidth = 30

  /// The layout of a `width` × `height` screen, or nil below `minWidth` × `minHeight`; `split`:
  /// two books side by side.
  public static func compute(width: Int, height: Int, zoom: Pane?, split: Bool = false) -> Layout? {
    guard width >= minWidth, height >= minHeight else { return nil }
    let screen = Rect(x: 0, y: 0, width: width, height: height)
    let (header, rest) = screen.splitTop(1)
    let (body, status) = rest.splitBottom(1)
    switch zoom {
    case .book where split:
      let (left, right) = body.splitRight(body.width / 2)
      return Layout(header: header, book: left, book2: right, trades: nil, chart: nil, status: status)
    case .book: return Layout(header: header, book: body, trades: nil, chart: nil, status: status)
    case .trades: return Layout(header: header, book: nil, trades: body, chart: nil, status: status)
    case .chart: return Layout(header: header, book: nil, trades: nil, chart: body, status: status)
    case nil:
      let (top, chart) = body.splitBottom(chartHeight(body: body.height))
      let (book, trades) = top.splitRight(tradesWidth(screen: width))
      if split {
        // Each book half of the room; the trades pane gives way when the halves are too narrow.
        let beside = book.width / 2 >= minSplitBookWidth
        let room = beside ? book : top
        let (left, right) = room.splitRight(room.width / 2)
        return Layout(
          header: header, book: left, book2: right, trades: beside ? trades : nil, chart: chart,
          status: status)
      }
      return Layout(header: header, book: book, trades: trades, chart: chart, status: status)
    }
  }
}
