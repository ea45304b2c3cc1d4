import MarketModel
import Session

/// What the dashboard keeps of the instrument on screen beside its session: the book's flashes
/// and the tape's highlights, the wall watch and the liquidations, the heatmap, the panes'
/// scroll and the chart's cursor, the candle history asked for, the paused frame's age.
///
/// Replaced whole when another instrument comes on screen (`App.switchDashboard`,
/// `App.enterMarket`: a switch of symbol or venue, the picker, the markets list, a swap of the
/// split view's books), so nothing of the old instrument shows under the new one and no field
/// can be left out of a hand-kept list of what to reset.
public struct InstrumentView: Sendable {
  /// Prices whose size changed, with when (wall ms), for the ~300 ms flash.
  public var flashes: [Double: Int64] = [:]
  /// How many of the newest trades arrived just now (highlighted until `newTradesUntil`).
  public var newTrades = 0
  public var newTradesUntil: Int64 = 0
  /// The instrument's wall watch (big resting levels added, pulled, eaten).
  public var walls: WallWatch
  /// The instrument's liquidations.
  public var liquidations: LiquidationLog
  /// The resting book over the last ten minutes, a column a second (the heatmap chart).
  public var heatmap: LiquidityHeatmap
  public var bookScroll = 0
  public var tapeScroll = 0
  /// The start of the candle under the chart's cursor (`←`/`→`); nil follows the newest.
  public var candleCursorMs: Int64?
  /// The candle widths already asked for over REST for the instrument.
  public var candlesRequested: Set<CandleInterval>
  /// The older page of candles asked for per width (the oldest candle's start then), while
  /// its answer is awaited.
  public var olderCandlesAsked: [CandleInterval: Int64] = [:]
  /// The minute the tape joined in was asked for again once it closed (`App.candleRefresh`).
  public var candleRefreshAsked = false
  /// While paused: the time of the book's data in the frame on screen (a key draws a fresh frame,
  /// so it moves then), which the status line's age counts from while that frame stays.
  public var shownDataAt: MonotonicTime?

  /// A fresh view of `symbol`: its walls at the user's `wallThreshold` (nil: automatic), the
  /// candle widths its start data asks for counted as asked. `heatmap` is the old view's,
  /// emptied here: its storage is kept and its generation moves on, so that the heatmap pane
  /// is drawn again (`HeatmapPaneKey`).
  public init(
    symbol: Symbol, wallThreshold: Int64? = nil, candlesRequested: Set<CandleInterval> = [],
    emptying heatmap: LiquidityHeatmap = LiquidityHeatmap()
  ) {
    walls = WallWatch(fixedThreshold: wallThreshold)
    liquidations = LiquidationLog(symbol: symbol)
    self.heatmap = heatmap
    self.heatmap.removeAll()
    self.candlesRequested = candlesRequested
  }
}
