import MarketModel
import Session
import Trading

/// What `update` asks the outside world to do.
public enum Effect: Sendable, Hashable {
  /// Ask the feed: resync a topic, switch symbol, reconnect now.
  case feed(FeedCommand)
  /// Follow another venue's instrument: stop the feed, start that venue's (its own endpoints, or
  /// the demo's simulator), and answer with `AppEvent.marketOpened` — a fresh session on the
  /// venue's book rule — or `.marketRefused`.
  case openMarket(InstrumentID)
  /// Open the cross-venue screen of `asset` over the dashboard (its own feeds, one per chosen
  /// instrument); the dashboard's market stays followed underneath, and the screen's back key
  /// (Esc, or the key that opened it) closes it onto the dashboard as it was.
  case openAcross(AssetCode)
  /// Follow the split view's second instrument on a feed of its own (its venue's endpoints, or the
  /// demo's simulator), answered with `AppEvent.splitOpened` (or `.marketRefused`).
  case openSplit(InstrumentID)
  /// Stop the split view's second feed (the view was left).
  case closeSplit
  /// Swap the dashboard's feed and the split view's second one (with the REST workers of the
  /// market on screen), answered with `AppEvent.splitSwapped`.
  case swapSplit
  /// Ask the split view's second feed: resync a topic of its book, reconnect.
  case splitFeed(FeedCommand)
  /// Fetch what a newly watched symbol needs over REST: its instrument facts and chart history.
  case loadStartData(symbol: String)
  /// Fetch the newest `count` complete candles of `symbol` at `interval` (REST
  /// `trade/bucketed`, one page), answered with `RESTResult.candles`.
  case loadCandles(symbol: String, interval: CandleInterval, count: Int, endMs: Int64? = nil)
  /// Fetch another venue's instruments (once) and tickers for the markets list's venue filter,
  /// answered with `AppEvent.otherVenueREST`.
  case loadMarkets(InstrumentID.Venue)
  /// Fetch the symbol list for the picker.
  case loadSymbols
  /// Keep the starred instruments for the next run (written atomically).
  case saveFavourites([InstrumentID])
  /// Steer a replay: pause, seek, speed, restart.
  case replay(ReplayControl)
  /// Append these paper-order events to the journal and fsync it, then report back with
  /// `AppEvent.paper` (`.written` or `.failed`): nothing shows before it is on disk.
  case writeJournal([PaperEvent])
  /// Try the lock of the journal another tradeterm held, and report back with `AppEvent.paper`
  /// (`.tookOver`, `.retakeFailed`; nothing while the other still holds it).
  case retakeJournal
  /// An alert fired: ring, notify, run its command, log it.
  case alertFired(FiredAlert)
  /// Keep the alerts added live for the next run (written atomically).
  case saveAlerts([AlertRule])
  /// Leave.
  case quit
}
