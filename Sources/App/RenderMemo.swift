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
  var redrewHeatmap = false
  var redrewActivity = false
  var redrewHeader = false
  var redrewBookBox = false
  /// Whether a frame is kept (for tests).
  var hasFrame: Bool { frame != nil }

  public init() {}

  /// The last frame, leaving nothing behind (so its grid is not shared while drawn over).
  mutating func take() -> Frame? {
    // Moved out, not copied: a copy retained every part of the frame and its keys.
    var taken: Frame?
    swap(&taken, &frame)
    return taken
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
  var box: Box
  var stale: Bool
  var decimals: Int
  var utcOffsetMinutes: Int
  var scroll: Int
  var appended: Int
  var count: Int
  var newest: Trade?
  /// The liquidations shown among the trades: how many, and the newest's time.
  var liquidations: Int
  var newestLiquidationMs: Int64?
  /// How the trades are folded, filtered and valued.
  var aggregate: Bool
  var filter: TapeFilter
  var notional: TapeNotional?
  var ascii: Bool
  /// Bit i: the i-th print in view is highlighted.
  var highlighted: UInt64

  /// The key of the pane `box` around `tape` over `area`; nil when it cannot be summed up
  /// (more than 64 rows).
  init?(area: Rect, box: Box, tape: TapeView<TradeTape>, stale: Bool) {
    let rows = box.inner(area).height
    guard rows <= 64 else { return nil }
    self.area = area
    self.box = box
    self.stale = stale
    decimals = tape.priceDecimals
    utcOffsetMinutes = tape.utcOffsetMinutes
    scroll = tape.scroll
    appended = tape.trades.appended
    count = tape.trades.count
    newest = tape.trades.newest
    liquidations = tape.liquidations.count
    newestLiquidationMs = tape.liquidations.first?.timeMs
    aggregate = tape.aggregate
    filter = tape.filter
    notional = tape.notional
    ascii = tape.ascii
    highlighted = tape.highlightBits(rows: rows)
  }
}

/// What the panes drawn over the last grid show (nil: drawn from scratch).
struct PaneKeys: Sendable {
  var header: HeaderPaneKey?
  var bookBox: BookBoxKey?
  var trades: TradesPaneKey?
  var chart: ChartPaneKey?
  var heatmap: HeatmapPaneKey?
  var activity: ActivityPaneKey?
}

/// Everything the header's cells depend on: its area and the header with its clocks at the
/// precision they are drawn (`HeaderBar.asDrawn`).
struct HeaderPaneKey: Sendable, Equatable {
  var area: Rect
  var header: HeaderBar
}

/// Everything the book pane's border depends on: its area, the box (title, footer, focus) and
/// whether the pane is dimmed (a stale book's border is dimmed with it).
struct BookBoxKey: Sendable, Equatable {
  var area: Rect
  var box: Box
  var stale: Bool
}

/// Everything the heatmap pane's cells depend on. The dashboard draws the heatmap's finished
/// moments only, and those change only when a moment ends (a new column) or every moment is
/// forgotten (`generation`): the pane is drawn once a second, not at every book update.
struct HeatmapPaneKey: Sendable, Equatable {
  var area: Rect
  var box: Box
  var stale: Bool
  var decimals: Int
  var color: Bool
  var ascii: Bool
  var generation: Int
  var newestMoment: Int64?
  var count: Int
  var step: Double
}

/// Everything the Activity pane's cells depend on: its box (the title counts the last minute's
/// liquidations), the newest events of both logs and how many each recorded, the threshold,
/// and what a liquidation's notional in USD is computed from.
struct ActivityPaneKey: Sendable, Equatable {
  var area: Rect
  var box: Box
  var stale: Bool
  /// Why the pane has no liquidations, when it has none to have.
  var unavailable: String?
  var decimals: Int
  var utcOffsetMinutes: Int
  var wallsRecorded: Int
  var newestWall: WallWatch.Event?
  var liquidationsRecorded: Int
  var newestLiquidation: LiquidationLog.Event?
  var threshold: Int64?
  /// What a liquidation's notional is computed from (nil while the log is empty).
  var notional: NotionalFacts?

  struct NotionalFacts: Sendable, Equatable {
    var multiplier: Double?
    var isInverse: Bool?
    var settlCurrency: String?
    var usdPerXBT: Double?
    /// Another venue's: the tape's contract maths, and the scale of its size units.
    var tape: TapeNotional?
    var sizeScale: UInt8 = 0
  }
}

/// Everything the chart pane's cells depend on: its box and the chart itself (the series'
/// buckets: an unchanged series compares as the same storage, at no cost; holding it makes the
/// series copy its buckets once at its next change, a few kilobytes per trade).
/// What the chart pane draws.
enum ChartContent: Sendable, Equatable {
  case sparkline(Sparkline)
  case candles(CandleChart)

  func render(into grid: inout Grid, area: Rect) {
    switch self {
    case .sparkline(let chart): chart.render(into: &grid, area: area)
    case .candles(let chart): chart.render(into: &grid, area: area)
    }
  }
}

struct ChartPaneKey: Sendable, Equatable {
  var area: Rect
  var box: Box
  var chart: ChartContent
  var stale: Bool
}
