import MarketModel
import Screen

/// What `DashboardView.render(_:reusing:)` keeps from one frame for the next: the grid it
/// returned, its layout, and what its trades pane and chart showed.
public struct RenderMemo: Sendable {
  struct Frame: Sendable {
    var grid: Grid
    var layout: Layout
    var panes: PaneKeys
    /// An overlay (help, symbol picker) covered the panes: nothing under it can be kept.
    var overlaid: Bool
  }

  private var frame: Frame?
  /// Whether the last render drew the trades pane, the chart (for tests).
  var redrewTrades = false
  var redrewChart = false
  /// Whether a frame is kept (for tests).
  var hasFrame: Bool { frame != nil }

  public init() {}

  /// The last frame, leaving nothing behind (so its grid is not shared while drawn over).
  mutating func take() -> Frame? {
    defer { frame = nil }
    return frame
  }

  mutating func keep(_ grid: Grid, layout: Layout, panes: PaneKeys, overlaid: Bool) {
    frame = Frame(grid: grid, layout: layout, panes: panes, overlaid: overlaid)
  }
}

/// Everything the trades pane's cells depend on. Two equal keys draw the same cells: the
/// tape only grows at its head, so how many trades it ever took, how many it holds and the
/// newest fix what it holds (and so its large-trade size), and the clock enters only through
/// which of the rows in view are highlighted.
struct TradesPaneKey: Sendable, Equatable {
  var area: Rect
  var title: [Span]
  var focused: Bool
  var ascii: Bool
  var stale: Bool
  var decimals: Int
  var utcOffsetMinutes: Int
  var scroll: Int
  var appended: Int
  var count: Int
  var newest: Trade?
  /// Bit i: the i-th trade from the top of the pane (after `scroll`) is highlighted.
  var highlighted: UInt64

  /// The key of the pane as drawn now, nil when it cannot be summed up (more than 64 rows).
  init?(
    _ s: AppState, area: Rect, title: [Span], decimals: Int, stale: Bool, highlightMs: Int64, rows: Int
  ) {
    guard rows <= 64 else { return nil }
    self.area = area
    self.title = title
    focused = s.focus == .trades
    ascii = s.ascii
    self.stale = stale
    self.decimals = decimals
    utcOffsetMinutes = s.utcOffsetMinutes
    scroll = s.tapeScroll
    let tape = s.market.tape
    appended = tape.appended
    count = tape.count
    newest = tape.newest
    highlighted = 0
    if highlightMs > 0 {
      // The rows `TapeView` shows: `scroll` clamped so the oldest trade stays in view.
      let skip = min(max(0, scroll), max(0, tape.count - rows))
      for i in 0..<max(0, min(rows, tape.count - skip)) where s.wallMs - tape[skip + i].timeMs < highlightMs {
        highlighted |= 1 << UInt64(i)
      }
    }
  }
}

/// What the panes drawn over the last grid show (nil: drawn from scratch).
struct PaneKeys: Sendable {
  var trades: TradesPaneKey?
  var chart: ChartPaneKey?
}

/// Everything the chart pane's cells depend on: its box and the chart itself (the series'
/// buckets: an unchanged series compares as the same storage, at no cost; holding it makes the
/// series copy its buckets once at its next change, a few kilobytes per trade).
struct ChartPaneKey: Sendable, Equatable {
  var area: Rect
  var box: Box
  var chart: Sparkline
  var stale: Bool
}
