/// Where a subscribed table stands.
public enum TableSync: Sendable, Hashable {
  /// No partial yet on this connection: deltas are dropped. What is held (from an
  /// earlier connection) may be shown, dimmed, but is never merged into.
  case awaitingPartial
  /// A partial arrived and every delta since applied cleanly.
  case live
  /// A delta did not fit; deltas are dropped until a fresh partial replaces the data.
  case faulted
}
