/// The most recent trades, newest first, in a fixed-size ring.
///
/// Trades are kept in arrival order (the tape is what was printed, in the order it was
/// printed); index 0 is the newest. Once `capacity` trades are held, each append evicts
/// the oldest. A trade whose known `matchID` is already held is a duplicate and is dropped:
/// this covers a REST `/trade` backfill overlapping the live feed, and a `partial` that
/// repeats the last trade. Only ids of trades still held are remembered, so memory stays
/// bounded; an id that was evicted is accepted again.
///
/// The ring and the id set are allocated up front, so in steady state `append` does not
/// allocate (as long as the tape is not copied, which would trigger copy-on-write).
/// The tape does not look at `symbol`: feed it one symbol's trades.
public struct TradeTape: Sendable {
  /// The most trades held.
  public let capacity: Int
  // Physical storage; grows to `capacity`, then slots are overwritten in place.
  private var storage: [Trade]
  // Physical index of the newest trade (meaningless while empty).
  private var head: Int
  // Known match ids of the trades in `storage`; each appears at most once because
  // duplicates are never stored.
  private var ids: Set<MatchID>

  /// An empty tape holding up to `capacity` trades (at least 1).
  public init(capacity: Int = 1_000) {
    precondition(capacity > 0, "TradeTape capacity must be positive")
    self.capacity = capacity
    storage = []
    storage.reserveCapacity(capacity)
    head = -1
    ids = Set(minimumCapacity: capacity)
  }

  /// How many trades were ever added (one more with each `append` that took a trade): two
  /// looks at the same tape with the same count saw the same trades.
  public private(set) var appended = 0

  /// Adds `trade` as the newest trade, evicting the oldest when full.
  ///
  /// - Returns: false, leaving the tape unchanged, if a trade with the same known
  ///   `matchID` is already held; true otherwise.
  @discardableResult
  public mutating func append(_ trade: Trade) -> Bool {
    let known = trade.matchID.isKnown
    if known && ids.contains(trade.matchID) { return false }
    if storage.count < capacity {
      storage.append(trade)
      head = storage.count - 1
    } else {
      head = head + 1 == capacity ? 0 : head + 1
      let evicted = storage[head].matchID
      if evicted.isKnown { ids.remove(evicted) }
      storage[head] = trade
    }
    if known { ids.insert(trade.matchID) }
    appended += 1
    return true
  }

  /// Removes every trade (and forgets every id), keeping the storage.
  public mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    ids.removeAll(keepingCapacity: true)
    head = -1
  }

  /// The newest trade.
  public var newest: Trade? { storage.isEmpty ? nil : storage[head] }

  /// The price of the newest trade.
  public var lastPrice: Double? { newest?.price }

  /// Whether a trade with this id is held (always false for the all-zero id).
  public func contains(matchID: MatchID) -> Bool {
    matchID.isKnown && ids.contains(matchID)
  }

  /// The newest trade's tick direction: as sent, or, when the trade carries none, derived
  /// the way BitMEX defines it from the trades before it. A higher price than the previous
  /// trade is a plus tick, a lower one a minus tick; an unchanged price is a zero-plus tick
  /// if the last change was up and a zero-minus tick if it was down. Nil when it cannot be
  /// told (a single trade without a direction, or only equal prices).
  public var lastTickDirection: TickDirection? {
    let n = count
    var i = 0
    while i < n {
      let trade = self[i]
      if let sent = trade.tickDirection { return i == 0 ? sent : Self.zero(sent) }
      guard i + 1 < n else { return nil }
      let previous = self[i + 1].price
      if trade.price > previous { return i == 0 ? .plusTick : .zeroPlusTick }
      if trade.price < previous { return i == 0 ? .minusTick : .zeroMinusTick }
      // Same price: the direction is that of the last change, further back.
      i += 1
    }
    return nil
  }

  // The direction of a trade at an unchanged price after a trade of direction `d`.
  private static func zero(_ d: TickDirection) -> TickDirection {
    d.isUp ? .zeroPlusTick : .zeroMinusTick
  }

  /// Statistics over the held trades with `timeMs >= since`.
  ///
  /// Every held trade is examined, not just the newest run, because arrival order need not be
  /// time order (a backfill may land after live trades).
  public func stats(since timeMs: Int64) -> TapeStats {
    var result = TapeStats()
    var notional = 0.0
    var sized: Int64 = 0
    for trade in storage where trade.timeMs >= timeMs {
      result.tradeCount += 1
      switch trade.side {
      case .buy: result.buyVolume &+= trade.size
      case .sell: result.sellVolume &+= trade.size
      case nil: break
      }
      if trade.size > 0 {
        notional += trade.price * Double(trade.size)
        sized &+= trade.size
      }
    }
    if sized > 0 { result.vwap = notional / Double(sized) }
    return result
  }
}

/// The tape as a collection: index 0 is the newest trade, `count - 1` the oldest held.
/// Iterating (`for`, `forEach`, `prefix`) goes newest first without copying the trades out.
extension TradeTape: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.count }
  public var count: Int { storage.count }
  public var isEmpty: Bool { storage.isEmpty }

  /// The trade `position` places back from the newest (0 = newest).
  public subscript(position: Int) -> Trade {
    precondition(position >= 0 && position < storage.count, "TradeTape index out of range")
    // Newest sits at `head`; older trades are at lower physical indices, wrapping around.
    var physical = head - position
    if physical < 0 { physical += storage.count }
    return storage[physical]
  }
}
