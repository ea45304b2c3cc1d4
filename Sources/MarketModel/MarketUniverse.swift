/// Every instrument of a venue, live: the rows of REST `/instrument/active` merged field by
/// field with the all-symbols `instrument` table (one subscription without a symbol: a
/// partial of every instrument, then updates carrying only the changed fields).
///
/// Pure and allocation-free in steady state: an update for a known symbol is merged in place
/// (a dictionary lookup by `InstrumentID`, whose symbol is stored inline); only a symbol
/// never seen before appends a row. Times are the caller's monotonic clock in milliseconds.
public struct MarketUniverse: Sendable {
  public let venue: InstrumentID.Venue
  /// The rows, in the order they were first seen.
  public internal(set) var rows: [MarketRow] = []
  private var index: [InstrumentID: Int] = [:]
  /// Where the all-symbols `instrument` table stands.
  public private(set) var sync: TableSync = .awaitingPartial
  /// When a row last changed (the caller's monotonic clock, ms).
  public private(set) var changedAt: Int64?
  /// When a venue's REST tickers last came (the caller's monotonic clock, ms).
  public internal(set) var restAt: Int64?
  /// Moves on with every change of the rows or of the table's state: what is made from the
  /// universe (the markets list's every-venue list, `combining`) is current while it is the same.
  public internal(set) var generation: UInt64 = 0

  public init(venue: InstrumentID.Venue = .bitmex) {
    self.venue = venue
  }

  /// The row of `id`, if known.
  public subscript(id: InstrumentID) -> MarketRow? { index[id].map { rows[$0] } }

  /// The position of `id`'s row in `rows`, if known.
  public func index(of id: InstrumentID) -> Int? { index[id] }

  /// The row of `symbol` on this venue, if known.
  public func row(_ symbol: Symbol) -> MarketRow? { self[InstrumentID(venue: venue, symbol: symbol)] }

  /// The number of instruments.
  public var count: Int { rows.count }

  /// Takes the rows of REST `/instrument/active` (or `/instrument`): facts and prices, merged
  /// into what is held. Returns how many rows changed.
  @discardableResult
  public mutating func merge(rest updates: [InstrumentUpdate]) -> Int {
    if !updates.isEmpty { generation &+= 1 }
    for update in updates { rows[slot(update.symbol)].instrument.merge(update) }
    return updates.count
  }

  /// Applies the batch's `instrument` messages. A partial without a symbol filter is the whole
  /// table: each row it holds starts again from it (keeping facts learned over REST) and the
  /// table is live; a partial for one symbol (an `instrument:SYMBOL` subscription) refreshes that
  /// row only. Updates are merged while the table is live and dropped while it waits for its
  /// partial. Returns how many rows changed.
  @discardableResult
  public mutating func apply(_ batch: MarketBatch, now: Int64) -> Int {
    var changed = 0
    let syncBefore = sync
    defer { if changed > 0 || sync != syncBefore { generation &+= 1 } }
    for event in batch.events {
      guard case .instrument(let slice) = event else { continue }
      let updates = batch.instruments[slice.rows]
      if slice.action == .partial {
        if slice.filterSymbol == nil { sync = .live }
        for update in updates {
          let i = slot(update.symbol)
          var fresh = Instrument(update)
          fresh.keepStaticFacts(from: rows[i].instrument)
          let before = rows[i].instrument.lastPrice
          rows[i].instrument = fresh
          rows[i].changedAt = now
          if update.markPrice != nil { rows[i].noteMark(now: now) }
          if let after = fresh.lastPrice, let before, after != before {
            rows[i].move = after > before ? .up : .down
            rows[i].movedAt = now
          }
          changed += 1
        }
        continue
      }
      guard sync == .live else { continue }
      for update in updates {
        let i = slot(update.symbol)
        rows[i].merge(update, now: now)
        changed += 1
      }
    }
    if changed > 0 { changedAt = now }
    return changed
  }

  /// Merges every ticker of a venue's `batch` into its symbol's row (a row for a symbol first
  /// seen): a venue's ticker of many symbols (Kraken's `ticker` takes a list, Binance's
  /// all-market arrays) fills the markets list. A partial ticker changes only what it carries.
  /// The tickers are live from the first. Returns how many rows changed.
  @discardableResult
  public mutating func apply(_ batch: VenueBatch, now: Int64) -> Int {
    var changed = 0
    for event in batch.events {
      guard case .ticker(let symbol, let index) = event else { continue }
      let update = InstrumentUpdate(symbol: symbol, fields: InstrumentFields(ticker: batch.tickers[index]))
      rows[slot(symbol)].merge(update, now: now)
      changed += 1
    }
    if changed > 0 {
      sync = .live
      changedAt = now
      generation &+= 1
    }
    return changed
  }

  /// The all-symbols tickers wait for their snapshot again when a reset names them (a new
  /// connection, a resync or a stale resubscribe). The rows stay, to be shown dimmed.
  public mutating func resetTables(_ topics: [Subscription]) {
    for topic in topics where topic.channel == .ticker && topic.symbol == nil {
      sync = .awaitingPartial
      generation &+= 1
    }
  }

  /// The index of `symbol`'s row, appending an empty one the first time it is seen.
  /// One list of the rows of `universes` (each venue's), in their order, under `venue`: the
  /// markets list of every venue at once. Its table is live when each one's is, its last change
  /// the newest of theirs.
  public static func combining(_ universes: [MarketUniverse], venue: InstrumentID.Venue) -> MarketUniverse {
    var out = MarketUniverse(venue: venue)
    out.rows.reserveCapacity(universes.reduce(0) { $0 + $1.count })
    for universe in universes {
      for row in universe.rows where out.index[row.id] == nil {
        out.index[row.id] = out.rows.count
        out.rows.append(row)
      }
    }
    out.sync = universes.allSatisfy { $0.sync == .live } ? .live : .awaitingPartial
    out.changedAt = universes.compactMap(\.changedAt).max()
    out.restAt = universes.compactMap(\.restAt).max()
    return out
  }

  mutating func slot(_ symbol: Symbol) -> Int {
    let id = InstrumentID(venue: venue, symbol: symbol)
    if let i = index[id] { return i }
    index[id] = rows.count
    rows.append(MarketRow(id: id, instrument: Instrument(symbol: symbol)))
    return rows.count - 1
  }
}
