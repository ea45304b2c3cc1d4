/// What `update` asks the outside world to do.
public enum Effect: Sendable, Hashable {
  /// The book stopped adding up: resubscribe this topic for a fresh partial.
  case resync(topic: String)
  /// Watch another instrument (same connection).
  case switchSymbol(String)
  /// Reconnect now, skipping the backoff wait.
  case reconnect
  /// Fetch the symbol list for the picker.
  case loadSymbols
  /// Leave.
  case quit
}
