import MarketModel
import Session

/// What `update` asks the outside world to do.
public enum Effect: Sendable, Hashable {
  /// Ask the feed: resync a topic, switch symbol, reconnect now.
  case feed(FeedCommand)
  /// Fetch what a newly watched symbol needs over REST: its instrument facts and chart history.
  case loadStartData(symbol: String)
  /// Fetch the symbol list for the picker.
  case loadSymbols
  /// Keep the starred instruments for the next run (written atomically).
  case saveFavourites([InstrumentID])
  /// An alert fired: ring, notify, run its command, log it.
  case alertFired(FiredAlert)
  /// Keep the alerts added live for the next run (written atomically).
  case saveAlerts([AlertRule])
  /// Leave.
  case quit
}
