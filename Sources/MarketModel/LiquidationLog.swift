/// The watched symbol's liquidations, from BitMEX's `liquidation` table: the orders in the table
/// now (by `orderID`), and one event per order as it entered, newest kept in a ring. Rows of
/// other symbols are skipped (the table is subscribed for every symbol). Another venue's
/// liquidations come as `VenueLiquidation`s (`LiquidationLog+Venue`), one event each.
///
/// Pure: times are the caller's clock (wall-clock ms), as the rows carry none.
public struct LiquidationLog: Sendable {
  /// A liquidation order as it entered the table.
  public struct Event: Sendable, Hashable {
    public var timeMs: Int64
    /// The order's side: `sell` closes a long.
    public var side: Side
    public var price: Double
    /// In the market's size units, as it entered: BitMEX's contracts; another venue's size at
    /// the tape's scale (`MarketState.tapeSizeScale` decimals: 0.014 BTC at 3 is 14), so the
    /// tape's and the Activity pane's size maths read it as they read a trade's.
    public var size: Int64

    public init(timeMs: Int64, side: Side, price: Double, size: Int64) {
      self.timeMs = timeMs
      self.side = side
      self.price = price
      self.size = size
    }
  }

  /// Liquidations of one side over a window.
  public struct Tally: Sendable, Hashable {
    public var count = 0
    /// Their sizes summed, in the events' units (`Event.size`: BitMEX's contracts, another
    /// venue's at the tape's scale).
    public var contracts: Int64 = 0

    public init(count: Int = 0, contracts: Int64 = 0) {
      self.count = count
      self.contracts = contracts
    }
  }

  public let symbol: Symbol
  /// The orders in the table now, with what is left of each.
  public private(set) var open: [MatchID: LiquidationRow] = [:]
  private var ring: NewestRing<Event>
  /// How many events are kept.
  public var capacity: Int { ring.capacity }
  /// Events recorded since the log started.
  public var recorded: Int { ring.appended }

  public init(symbol: Symbol, capacity: Int = 200) {
    self.symbol = symbol
    ring = NewestRing(capacity: capacity)
  }

  /// Applies one `liquidation` message. A partial is the table's image: the orders in it are
  /// the open ones (each one not seen before is an event). Returns how many events it added.
  @discardableResult
  public mutating func apply(_ action: TableAction, _ rows: ArraySlice<LiquidationRow>, nowMs: Int64) -> Int {
    let before = recorded
    // An image repeats the orders still open: those are not news.
    var previous: [MatchID: LiquidationRow] = [:]
    if action == .partial {
      previous = open
      open.removeAll(keepingCapacity: true)
    }
    for row in rows {
      switch action {
      case .partial, .insert:
        guard row.symbol == symbol, let side = row.side, let price = row.price else { continue }
        let known = open[row.orderID] != nil || previous[row.orderID] != nil
        open[row.orderID] = row
        if !known { record(Event(timeMs: nowMs, side: side, price: price, size: row.leavesQty ?? 0)) }
      case .update:
        guard var held = open[row.orderID] else { continue }
        if let leaves = row.leavesQty { held.leavesQty = leaves }
        if let price = row.price { held.price = price }
        open[row.orderID] = held
      case .delete:
        open[row.orderID] = nil
      }
    }
    return recorded - before
  }

  /// Calls `body` for each event, newest first; stop by returning false.
  public func forEachEvent(_ body: (Event) -> Bool) { ring.forEachNewestFirst(body) }

  /// The events, newest first.
  public var events: [Event] { ring.newestFirst }

  /// The liquidations of `side` since `sinceMs`.
  public func tally(_ side: Side, since sinceMs: Int64) -> Tally {
    var tally = Tally()
    forEachEvent { e in
      guard e.timeMs >= sinceMs else { return false }
      if e.side == side {
        tally.count += 1
        tally.contracts += e.size
      }
      return true
    }
    return tally
  }

  private mutating func record(_ event: Event) { ring.append(event) }

  /// Adds one event (another venue's liquidation, `LiquidationLog+Venue`).
  mutating func appendEvent(_ event: Event) { record(event) }
}
