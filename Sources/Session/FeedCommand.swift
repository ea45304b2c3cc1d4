import MarketModel

/// What the UI asks of the feed.
public enum FeedCommand: Sendable, Hashable {
  /// The book for this topic stopped adding up: unsubscribe and subscribe again.
  case resync(Subscription)
  /// Watch another instrument, on the same connection.
  case switchSymbol(String)
  /// Skip the wait and connect now.
  case reconnectNow
  /// Close and end the feed thread.
  case stop
}
