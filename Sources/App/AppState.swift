import Feed
import MarketModel

/// Everything the dashboard shows and remembers. Pure data: `update` changes it, views
/// read it.
public struct AppState: Sendable {
  /// The price grouping steps, in ticks.
  public static let groupings = [1, 2, 5, 10, 25, 50, 100]

  public var market: MarketState
  public var status: FeedStatus?
  /// "DEMO", "REPLAY" or "" for the real exchange.
  public var mode: String
  public var width: Int
  public var height: Int
  public var focus: Pane = .book
  /// The pane shown alone, or nil for the split view.
  public var zoom: Pane?
  public var groupingIndex = 0
  /// Depth bars scaled by cumulative total (true) or by level size.
  public var barsByTotal = true
  public var chartInterval: SeriesInterval = .oneMinute
  /// Drawing paused (the feed keeps running).
  public var paused = false
  public var helpVisible = false
  public var picker: PickerState?
  public var bookScroll = 0
  public var tapeScroll = 0
  public var ascii: Bool
  public var color: Bool
  /// Known symbols (for the picker).
  public var symbols: [String]
  /// Monotonic and wall-clock time of the last event.
  public var now: MonotonicTime = .init(nanoseconds: 0)
  public var wallMs: Int64 = 0
  /// The local time zone's offset from UTC, for times of day on the tape.
  public var utcOffsetMinutes = 0
  /// When the newest market data arrived (monotonic).
  public var lastDataAt: MonotonicTime?
  /// Prices whose size changed, with when (wall ms), for the ~300 ms flash.
  public var flashes: [Double: Int64] = [:]
  /// How many of the newest trades arrived just now (highlighted until `newTradesUntil`).
  public var newTrades = 0
  public var newTradesUntil: Int64 = 0
  /// Recording to a file: "REC" while it works, the reason once it stopped.
  public var recording = false
  public var recordingFailure: String?
  /// Counters for the status line.
  public var decodeErrors = 0
  public var resyncs = 0
  public var lastDecodeError: String?
  /// The monotonic second of the last tick (time-driven redraws happen once a second).
  public var lastTickSecond: Int64 = -1
  /// Something changed since the last frame.
  public var dirty = true
  public var quitting = false

  public init(
    symbol: Symbol, mode: String, width: Int, height: Int, ascii: Bool, color: Bool, symbols: [String] = []
  ) {
    market = MarketState(symbol: symbol)
    self.mode = mode
    self.width = width
    self.height = height
    self.ascii = ascii
    self.color = color
    self.symbols = symbols
  }

  /// The grouping in ticks.
  public var groupingTicks: Int { Self.groupings[groupingIndex] }

  /// Whether the data on screen is live (anything else is shown dimmed with its age).
  public var isLive: Bool {
    if case .live = status?.state { return market.bookSync == .live }
    return false
  }

  /// Seconds since the newest data arrived.
  public var dataAge: Double? { lastDataAt.map { now - $0 } }
}
