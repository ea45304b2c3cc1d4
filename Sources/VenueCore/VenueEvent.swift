/// One thing a venue said, in the same words for every venue. Level lists live in the
/// `VenueBatch` the event belongs to (decoding a delta allocates nothing).
public enum VenueEvent: Sendable, Hashable {
  /// A book snapshot or delta for `symbol`: its levels are `batch.levels[levels]`.
  case book(symbol: Symbol, update: BookUpdate, levels: Range<Int>)
  /// Trades of `symbol`: `batch.trades[trades]`, aggressor sides already normalised.
  case trades(symbol: Symbol, trades: Range<Int>)
  /// Forced liquidations of `symbol`: `batch.liquidations[liquidations]`, each side the
  /// liquidation order's (`VenueLiquidation`). A venue's all-market stream (Binance
  /// `!forceOrder@arr`, OKX `liquidation-orders` of every swap) brings every symbol's: the
  /// market keeps its own.
  case liquidations(symbol: Symbol, liquidations: Range<Int>)
  /// The connection's own message counter (Coinbase `sequence_num`: one counter across every
  /// channel of the connection), for `ConnectionSequence`.
  case connectionSequence(UInt64)
  /// The venue's best bid/ask, with the book update id it was taken at when the venue says.
  case bbo(symbol: Symbol, updateID: UInt64?, bid: LevelChange, ask: LevelChange)
  /// A ticker of `symbol`: `batch.tickers[ticker]` (a partial one carries only what changed).
  case ticker(symbol: Symbol, ticker: Int)
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
  /// The venue will close this connection soon (Binance's `serverShutdown`): replace it now.
  case serverShutdown
  /// A well-formed frame of a kind tradeterm does not use.
  case ignored
}

/// The events of one frame and the levels they point into, reused frame after frame.
public struct VenueBatch: Sendable {
  public var events: [VenueEvent] = []
  public var levels: [LevelChange] = []
  public var trades: [VenueTrade] = []
  public var tickers: [VenueTicker] = []
  public var liquidations: [VenueLiquidation] = []

  public init() {}

  /// How much the batch holds, to take a failed frame back to (`truncate(to:)`).
  public struct Counts: Sendable, Hashable {
    public var events: Int
    public var levels: Int
    public var trades: Int
    public var tickers: Int
    public var liquidations: Int
  }

  /// What the batch holds now.
  public var counts: Counts {
    Counts(
      events: events.count, levels: levels.count, trades: trades.count, tickers: tickers.count,
      liquidations: liquidations.count)
  }

  public mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    levels.removeAll(keepingCapacity: true)
    trades.removeAll(keepingCapacity: true)
    tickers.removeAll(keepingCapacity: true)
    liquidations.removeAll(keepingCapacity: true)
  }

  /// Takes back everything appended since `counts` (a frame that failed half way).
  public mutating func truncate(to counts: Counts) {
    events.removeSubrange(counts.events...)
    levels.removeSubrange(counts.levels...)
    trades.removeSubrange(counts.trades...)
    tickers.removeSubrange(counts.tickers...)
    liquidations.removeSubrange(counts.liquidations...)
  }

  /// Adds a ticker of `symbol` and its event.
  public mutating func appendTicker(_ ticker: VenueTicker, symbol: Symbol) {
    events.append(.ticker(symbol: symbol, ticker: tickers.count))
    tickers.append(ticker)
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

  /// Adds a liquidation of `symbol`: to the last `.liquidations` event when it is the same
  /// symbol's and the last thing added, else in a new one (as `appendTrade`).
  public mutating func appendLiquidation(_ liquidation: VenueLiquidation, symbol: Symbol) {
    if case .liquidations(let s, let range)? = events.last, s == symbol,
      range.upperBound == liquidations.count
    {
      events[events.count - 1] = .liquidations(
        symbol: s, liquidations: range.lowerBound..<(range.upperBound + 1))
    } else {
      events.append(
        .liquidations(symbol: symbol, liquidations: liquidations.count..<(liquidations.count + 1)))
    }
    liquidations.append(liquidation)
  }

  /// The levels of a `.book` event.
  public func levels(_ range: Range<Int>) -> ArraySlice<LevelChange> { levels[range] }
}
