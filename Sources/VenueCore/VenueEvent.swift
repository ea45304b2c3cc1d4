/// One thing a venue said, in the same words for every venue. Level lists live in the
/// `VenueBatch` the event belongs to (decoding a delta allocates nothing).
public enum VenueEvent: Sendable, Hashable {
  /// A book snapshot or delta for `symbol`: its levels are `batch.levels[levels]`.
  case book(symbol: Symbol, update: BookUpdate, levels: Range<Int>)
  /// The venue's best bid/ask, with the book update id it was taken at when the venue says.
  case bbo(symbol: Symbol, updateID: UInt64?, bid: LevelChange, ask: LevelChange)
  /// The venue's heartbeat channel ticked.
  case heartbeat
  /// The answer to a ping.
  case pong
  /// The venue's status (`online`, `maintenance`, …) and connection id in its own text.
  case status(String)
  /// A subscription was acknowledged (the ack is not the snapshot: books still wait for theirs).
  case subscribed(MarketChannel, symbol: Symbol?)
  case unsubscribed(MarketChannel, symbol: Symbol?)
  /// The venue refused something, in its words; `channel` when the refusal names one.
  case venueError(String, channel: MarketChannel?)
  /// A well-formed frame of a kind tradeterm does not use.
  case ignored
}

/// The events of one frame and the levels they point into, reused frame after frame.
public struct VenueBatch: Sendable {
  public var events: [VenueEvent] = []
  public var levels: [LevelChange] = []

  public init() {}

  public mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    levels.removeAll(keepingCapacity: true)
  }

  /// The levels of a `.book` event.
  public func levels(_ range: Range<Int>) -> ArraySlice<LevelChange> { levels[range] }
}
