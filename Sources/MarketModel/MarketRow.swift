/// One instrument in the market universe: the merged `Instrument` (REST facts and the live
/// `instrument` table, field by field) and when and which way it last changed.
public struct MarketRow: Sendable, Hashable {
  public let id: InstrumentID
  public internal(set) var instrument: Instrument
  /// When a row last changed any field (the caller's monotonic clock, ms); nil when only
  /// REST has spoken.
  public internal(set) var changedAt: Int64?
  /// When a venue's REST tickers last gave the row its prices (the caller's monotonic clock,
  /// ms): a row with no live update since is as old as that (`MarketUniverse.merge(restTickers:)`).
  public internal(set) var restAt: Int64?
  /// Which way `lastPrice` went on its last change.
  public internal(set) var move: PriceMove = .none
  /// When `lastPrice` last changed (the caller's monotonic clock, ms).
  public internal(set) var movedAt: Int64?
  /// Live updates merged since the row was created.
  public internal(set) var updates = 0
  /// The row's usual time between updates (ms): a moving average of the gaps seen.
  public internal(set) var usualIntervalMs: Double?
  /// When a `markPrice` last arrived (the caller's monotonic clock, ms; nil when only REST has
  /// given one), and the usual time between marks (ms), for the portfolio's mark ages.
  public internal(set) var markAt: Int64?
  public internal(set) var markIntervalMs: Double?

  public init(id: InstrumentID, instrument: Instrument) {
    self.id = id
    self.instrument = instrument
  }

  /// The kind of market, from `typ`, with a future's expiry.
  public var kind: MarketKind { instrument.kind }

  /// Whether the row is an index (a published price, not traded): its type says so (`MR…`), or
  /// its symbol starts with `.` (`.BXBT`) as BitMEX's indices do, whatever REST said.
  public var isIndex: Bool {
    kind == .index || id.symbol.description.hasPrefix(".")
  }

  /// Merges `update`, noting the time and the price's direction when it changed.
  mutating func merge(_ update: InstrumentUpdate, now: Int64) {
    let before = instrument.lastPrice
    instrument.merge(update)
    if let last = changedAt, now > last {
      let gap = Double(now - last)
      usualIntervalMs = usualIntervalMs.map { 0.8 * $0 + 0.2 * gap } ?? gap
    }
    changedAt = now
    updates &+= 1
    if update.markPrice != nil { noteMark(now: now) }
    if let after = update.lastPrice, let before, after != before {
      move = after > before ? .up : .down
      movedAt = now
    }
  }

  /// Notes a mark arriving at `now`, learning the marks' rhythm.
  mutating func noteMark(now: Int64) {
    if let last = markAt, now > last {
      let gap = Double(now - last)
      markIntervalMs = markIntervalMs.map { 0.8 * $0 + 0.2 * gap } ?? gap
    }
    markAt = now
  }

  /// Whether the mark is old news: none for three times its usual interval (at least `floorMs`).
  /// Never for a mark without a rhythm yet.
  public func isMarkQuiet(now: Int64, floorMs: Int64 = 5_000) -> Bool {
    guard let markAt, let usual = markIntervalMs else { return false }
    return now - markAt > max(floorMs, Int64(3 * usual))
  }

  /// Whether the row has gone quiet: no update for three times its usual interval (and at
  /// least `floorMs`), so the screen dims it with its age. Never for a row without a rhythm yet.
  public func isQuiet(now: Int64, floorMs: Int64 = 5_000) -> Bool {
    guard let changedAt, let usual = usualIntervalMs else { return false }
    return now - changedAt > max(floorMs, Int64(3 * usual))
  }
}
