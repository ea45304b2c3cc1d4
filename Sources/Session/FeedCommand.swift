import MarketModel

/// What the UI asks of the feed.
public enum FeedCommand: Sendable, Hashable {
  /// The book for this topic stopped adding up: unsubscribe and subscribe again.
  case resync(Subscription)
  /// Fetch the REST snapshot of this book, for a rule that bridges one to the stream (Binance).
  case fetchSnapshot(Subscription)
  /// Watch another instrument, on the same connection.
  case switchSymbol(String)
  /// Subscribe the `ticker` of these symbols beside the followed one's, live for the markets
  /// list; an empty list unsubscribes them (`ConnectionMachine.watchTickers`).
  case watchTickers([Symbol])
  /// Skip the wait and connect now.
  case reconnectNow
  /// Close and end the feed thread.
  case stop
}
