import MarketModel
import Screen
import Session

/// What the chart pane draws.
public enum ChartMode: Sendable, Hashable {
  case sparkline
  case candles
  case heatmap
}

/// Everything the dashboard shows and remembers. Pure data: `update` changes it, views
/// read it.
public struct AppState: Sendable {
  /// The price grouping steps, in ticks.
  public static let groupings = [1, 2, 5, 10, 25, 50, 100]

  /// The watched market and the feed's status, kept by the one session core every front end
  /// shares.
  public var session: MarketSession
  /// The screen on show: the dashboard, the markets list or the portfolio.
  public var screen = AppScreen.dashboard
  /// What is open over the screen and takes the keys first (the help, the picker, the ticket…),
  /// or nil.
  public var overlay: AppOverlay?
  /// What the dashboard keeps of the market on screen beside its session (flashes, walls,
  /// liquidations, heatmap, scrolls, candle requests), replaced whole on a switch.
  public var view: InstrumentView
  /// Where the data comes from: the exchange, the simulator, or a recording.
  public var mode: RunMode
  public var width: Int
  public var height: Int
  public var focus: Pane = .book
  /// The pane shown alone, or nil for the split view.
  public var zoom: Pane?
  public var groupingIndex = 0
  /// Depth bars scaled by cumulative total (true) or by level size.
  public var barsByTotal = true
  /// The line chart's width: 1 s, 1 m or 5 m (its candles' closes).
  public var chartInterval: CandleInterval = .oneMinute
  /// What the chart pane shows (`c` cycles through every mode and width).
  public var chartMode: ChartMode = .sparkline
  public var candleInterval: CandleInterval = .oneMinute
  /// The VWAP and the EMA over the candles (`v` hides and shows them).
  public var chartAverages = true
  /// The heatmap in a pane of its own beside the chart (`H`), so that candles and the heatmap
  /// show together.
  public var heatmapBeside = false
  /// Drawing paused (the feed keeps running).
  public var paused = false
  /// The venues the runner can open from here (`VENUE:SYMBOL` in the picker, another venue's row
  /// or favourite): each served live, or by the demo's simulator. Empty: this run stays on its
  /// venue.
  public var followableVenues: Set<InstrumentID.Venue> = []
  /// What each registered venue's adapter declares of it (`VenueAbout`: which markets send
  /// liquidations, how its spot pairs are spelt…), as the executable registers them: the app
  /// reads a venue's facts here rather than switch over venues. A venue not here has none said.
  public var venues: [InstrumentID.Venue: VenueAbout] = [:]

  /// The name people know `venue` by: its `VenueAbout`'s, else (a venue not registered) its name.
  public func displayName(_ venue: InstrumentID.Venue) -> String {
    venues[venue]?.displayName ?? venue.name
  }
  /// The venues whose feed cannot change its symbol in place (Binance names its streams in the
  /// URL): another symbol there is opened as another venue's is (`Effect.openMarket`).
  public var venuesReopenedPerSymbol: Set<InstrumentID.Venue> = []
  /// The venues whose tickers of every instrument come on one stream of a connection of their own
  /// (Binance's `!ticker@arr`, `!miniTicker@arr`: its adapter's
  /// `tickersOnAConnectionOfTheirOwn`), so that the markets list's every row is live at once.
  public var venuesTickingEveryInstrument: Set<InstrumentID.Venue> = []
  /// Why this run cannot leave its venue at all (a replay plays one recording, `--record` writes
  /// one venue's frames), said when another venue is asked for.
  public var venueSwitchRefusal: String?
  /// Why the cross-venue screen cannot open from this run (a replay plays one recording), said
  /// when its key is pressed; nil when it can (`Effect.openAcross`).
  public var acrossRefusal: String?
  /// The markets list's slice: its cursor, sort, filters and the favourites.
  public var markets = MarketsState()
  /// The other venues' instruments for the markets list's venue filter, from their REST
  /// tickers and instruments (`Effect.loadMarkets`), with when each was last asked for and why
  /// the last ask failed.
  public var otherMarkets: [InstrumentID.Venue: MarketUniverse] = [:]
  /// The every-venue list while the list shows it, made again only when a venue's list changed.
  var combinedMarkets: CombinedMarkets?
  var otherSpecs: [InstrumentID: InstrumentSpec] = [:]
  var otherMarketsAskedAt: [InstrumentID.Venue: MonotonicTime] = [:]
  public var otherMarketsFailure: [InstrumentID.Venue: String] = [:]
  /// A venue's REST: its instruments' facts and the markets list's tickers.
  public var venueREST = VenueRESTState()
  /// The markets list's tickers the feed watches live.
  var liveTickers = LiveTickers()
  /// The portfolio screen (`P`) and the positions from the file.
  public var portfolio = PortfolioState()
  /// The Activity pane (the wall watch) is shown under the trades (`w`).
  public var activityVisible = false
  /// The watchlist pane over the trades (`W`): the favourites, live, a line each.
  public var watchlist = WatchlistState()
  /// The second book of the split view while it is open (`tradeterm SYMBOL SYMBOL2`): its own
  /// session, beside the market on screen.
  public var split: SplitBook?
  /// The split view's second instrument, kept while the view is left so that its key opens it
  /// again; nil when the run was given one instrument.
  public var splitPartner: InstrumentID?
  /// Wall thresholds the user set, in contracts, by symbol (else automatic).
  public var wallThresholds: [Symbol: Int64] = [:]
  /// Paper orders and fills, as the journal holds them.
  public var paper = PaperState()
  /// The tape folds each taker order's trades into one print (`T` shows every trade).
  public var tapeByOrder = true
  /// The step of the tape's minimum size (`TapeFilter.step`; 0: none; `f` cycles).
  public var tapeFilterStep = 0
  public var ascii: Bool
  public var color: Bool
  /// Known symbols (for the picker).
  public var symbols: [String]
  /// Why the symbol list could not be loaded, if it could not (the picker says so and offers a
  /// retry; typing a symbol by hand still works).
  public var symbolsFailure: String?
  /// Monotonic and wall-clock time of the last event.
  public var now: MonotonicTime = .init(nanoseconds: 0)
  public var wallMs: Int64 = 0
  /// The market's clock in Unix milliseconds: the wall clock, or in a replay the recording's
  /// time where the replay is (trade ages, the last minute's volume, the funding countdown).
  public var marketNowMs: Int64 {
    if mode == .replay, let time = session.replay?.time { return Int64((time * 1000).rounded()) }
    return wallMs
  }
  /// The local time zone's offset from UTC, for times of day on the tape.
  public var utcOffsetMinutes = 0
  /// A few words answering the last key, shown on the status line for a moment.
  public var notice: Notice?
  /// Recording to a file: "REC" while it works, the reason once it stopped.
  public var recording = false
  /// The monotonic second of the last tick (time-driven redraws happen once a second).
  public var lastTickSecond: Int64 = -1
  /// What waits to be drawn (`dirty`) holds something to show at once: a key, a trade, a new best
  /// price, the connection. Else only the book's depth, ages and fades wait, drawn at the depth
  /// pace (`FramePacer.depthInterval`). Cleared with `dirty` when a frame is drawn.
  public var urgent = false
  /// The keys in force (the keymap's defaults with the config's `[keys]` over them).
  public var keys = KeyBindings.standard {
    didSet { dashboardHints = DashboardHints(keys) }
  }
  /// The dashboard's status-line hints for `keys`, made when the keys are set: not at every
  /// frame (an initializer sets both, observers not running there).
  public internal(set) var dashboardHints = DashboardHints.standard
  /// `q` asks before quitting (`confirm-quit` in the config: `AppOverlay.quitQuestion`).
  public var confirmQuit = false
  /// The config's large-trade size per symbol (else the tape's 95th percentile).
  public var largeTradeSizes: [String: Int64] = [:]
  /// The alerts, armed and fired.
  public var alerts = AlertEngine()
  /// Fired alerts not yet acknowledged (any key acknowledges them; all but Esc and Enter act too).
  public var banners: [FiredAlert] = []
  /// Why the alerts state file was not read, in full (the status line says it in short and
  /// points here: the `A` list shows it wrapped).
  public var alertsFileProblem: String?
  /// Something changed since the last frame.
  public var dirty = true
  public var quitting = false

  public init(
    symbol: Symbol, mode: RunMode, width: Int, height: Int, ascii: Bool, color: Bool, symbols: [String] = []
  ) {
    session = MarketSession(symbol: symbol)
    view = InstrumentView(symbol: symbol)
    self.mode = mode
    self.width = width
    self.height = height
    self.ascii = ascii
    self.color = color
    self.symbols = symbols
  }

  /// Candles back from the newest under the chart's cursor (0: the newest).
  public var candleCursorBack: Int {
    let series = market.candles[candleInterval]
    guard let at = view.candleCursorMs, let newest = series.last else { return 0 }
    return max(0, min(Int((newest.startMs - at) / candleInterval.milliseconds), series.count - 1))
  }

  /// The grouping in ticks.
  public var groupingTicks: Int { Self.groupings[groupingIndex] }

  /// The watched symbol's market.
  public var market: MarketState { session.market }
  /// The venue of the market on screen (a bare symbol typed in the picker is its).
  public var venue: InstrumentID.Venue { session.markets.venue }
  /// The feed's newest status.
  public var status: FeedStatus? { session.status }
  /// Why recording stopped, once it has.
  public var recordingFailure: String? { session.recorderFailure }

  /// Whether everything on screen is live: the feed LIVE and every table with its partial.
  public var isLive: Bool { session.isLive }

  /// Milliseconds since `time` (a table's last data), or nil when there was none.
  public func age(of time: MonotonicTime?) -> Int64? {
    time.map { NumberFormat.milliseconds(now - $0) }
  }
}
