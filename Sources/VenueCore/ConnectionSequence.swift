/// A connection-wide message counter that must grow by one per message (Coinbase Advanced
/// Trade's `sequence_num` counts every message of the connection, whatever its channel): a gap
/// anywhere means any book on the connection may have missed an update.
public struct ConnectionSequence: Sendable, Hashable {
  public private(set) var last: UInt64?

  public init() {}

  /// The connection (re)opened: counting starts again.
  public mutating func reset() { last = nil }

  /// The verdict on the next message's number: nil when it follows, else the gap (the number
  /// expected and the one that came). A number at or below the last is a gap too (a replayed or
  /// reordered message).
  public mutating func next(_ n: UInt64) -> (expected: UInt64, got: UInt64)? {
    defer { last = n }
    guard let held = last else { return nil }
    let (expected, overflow) = held.addingReportingOverflow(1)
    if overflow || n != expected { return (overflow ? 0 : expected, n) }
    return nil
  }
}
