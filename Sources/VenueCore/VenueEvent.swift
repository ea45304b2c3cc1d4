/// One thing a venue said, in the same words for every venue. Level lists live in the
/// `VenueBatch` the event belongs to (decoding a delta allocates nothing).
public enum VenueEvent: Sendable, Hashable {
  /// A book snapshot or delta for `symbol`: its levels are `batch.levels[levels]`.
  case book(symbol: Symbol, update: BookUpdate, levels: Range<Int>)
  /// Trades of `symbol`: `batch.trades[trades]`, aggressor sides already normalised.
  case trades(symbol: Symbol, trades: Range<Int>)
  /// The connection's own message counter (Coinbase `sequence_num`: one counter across every
  /// channel of the connection), for `ConnectionSequence`.
  case connectionSequence(UInt64)
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
  public var trades: [VenueTrade] = []

  public init() {}

  public mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    levels.removeAll(keepingCapacity: true)
    trades.removeAll(keepingCapacity: true)
  }

  /// Takes back everything appended since the counts given (a frame that failed half way).
  public mutating func truncate(events e: Int, levels l: Int, trades t: Int) {
    events.removeSubrange(e...)
    levels.removeSubrange(l...)
    trades.removeSubrange(t...)
  }

  /// Adds a trade of `symbol`: to the last `.trades` event when it is the same symbol's and the
  /// last thing added, else in a new one.
  public mutating func appendTrade(_ trade: VenueTrade, symbol: Symbol) {
    if case .trades(let s, let range)? = events.last, s == symbol, range.upperBound == trades.count {
      events[events.count - 1] = .trades(symbol: s, trades: range.lowerBound..<(range.upperBound + 1))
    } else {
      events.append(.trades(symbol: symbol, trades: trades.count..<(trades.count + 1)))
    }
    trades.append(trade)
  }

  /// The levels of a `.book` event.
  public func levels(_ range: Range<Int>) -> ArraySlice<LevelChange> { levels[range] }
}
