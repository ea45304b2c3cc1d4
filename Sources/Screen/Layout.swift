/// Where each pane goes on a screen of a given size: a pure function of the size and the
/// zoom, so every size can be checked in tests.
///
/// A header line at the top and a status line at the bottom; between them, in the split
/// view, the book (left) and trades (right) over the chart, which takes a quarter of the
/// height (4 to 16 rows). The trades pane takes two fifths of the width, at least 40 columns
/// and at most 72 (never more than half): past that the book's depth bars gain more from the
/// room. A zoomed pane takes the whole body. Pane rectangles include their border.
public struct Layout: Sendable, Hashable {
  /// The smallest usable screen; below it, `compute` returns nil (show `TooSmall`).
  public static let minWidth = 60
  public static let minHeight = 16

  public var header: Rect
  /// The panes, nil when zoomed away.
  public var book: Rect?
  public var trades: Rect?
  public var chart: Rect?
  public var status: Rect

  public init(header: Rect, book: Rect?, trades: Rect?, chart: Rect?, status: Rect) {
    self.header = header
    self.book = book
    self.trades = trades
    self.chart = chart
    self.status = status
  }

  /// Every rectangle laid out, header first and status last.
  public var rects: [Rect] { [header] + [book, trades, chart].compactMap { $0 } + [status] }

  /// The chart's height in the split view of a body `bodyHeight` rows tall.
  static func chartHeight(body bodyHeight: Int) -> Int { min(16, max(4, bodyHeight / 4)) }

  /// The trades pane's width in the split view of a screen `width` columns wide.
  public static func tradesWidth(screen width: Int) -> Int { min(width / 2, max(40, width * 2 / 5), 72) }

  /// The layout of a `width` × `height` screen, or nil below `minWidth` × `minHeight`.
  public static func compute(width: Int, height: Int, zoom: Pane?) -> Layout? {
    guard width >= minWidth, height >= minHeight else { return nil }
    let screen = Rect(x: 0, y: 0, width: width, height: height)
    let (header, rest) = screen.splitTop(1)
    let (body, status) = rest.splitBottom(1)
    switch zoom {
    case .book: return Layout(header: header, book: body, trades: nil, chart: nil, status: status)
    case .trades: return Layout(header: header, book: nil, trades: body, chart: nil, status: status)
    case .chart: return Layout(header: header, book: nil, trades: nil, chart: body, status: status)
    case nil:
      let (top, chart) = body.splitBottom(chartHeight(body: body.height))
      let (book, trades) = top.splitRight(tradesWidth(screen: width))
      return Layout(header: header, book: book, trades: trades, chart: chart, status: status)
    }
  }
}
