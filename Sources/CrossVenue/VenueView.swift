import VenueCore

/// One chosen instrument as the cross-venue views read it: its spec (key, assets, contract
/// descriptor), its book and where the book's sync stands, when it last changed, its integrity
/// counts and how old it may grow before it is stale. A value the caller fills from its session
/// each frame; the views only read it (the book is shared, never copied: `PriceBook` is a value
/// whose storage is only copied when changed).
public struct VenueView: Sendable {
  /// The instrument: its key, kind, base and quote assets, steps and contract descriptor.
  public var spec: InstrumentSpec
  /// The instrument's book, in the venue's units (ticks and lots at the spec's scales).
  public var book: PriceBook
  /// Where the book's sync stands (a book that is not `.live` is never merged).
  public var sync: BookSyncState
  /// When the book last changed (local monotonic nanoseconds), nil before the first snapshot.
  public var lastAppliedAt: Int64?
  /// When the connection carrying the book was last heard from (any frame, a heartbeat), in
  /// local monotonic nanoseconds; nil when the caller does not say. Some venues' books go silent
  /// while nothing changes (Binance's diff streams on an unchanged book): the book is as fresh as
  /// the later of the two.
  public var lastHeardAt: Int64?
  /// The book's integrity counts (checks made, failed, resyncs asked for).
  public var integrity: IntegrityCounts
  /// How long after `freshAt` the book is stale, in nanoseconds.
  public var staleAfterNs: Int64
  /// Whether the connection carrying the book is up; false is shown as DOWN.
  public var linkUp: Bool
  /// Quote currency per whole settlement asset, for a quanto contract's base quantity (BitMEX
  /// ETHUSD: USD per XBT); nil when not known (a quanto instrument is then left out, and says so).
  public var settleRate: FixedDecimal?
  /// The instrument's facts have not come from its venue yet: `spec` stands in for them and is
  /// never used to convert; the book is left out until they come (`Exclusion.factsPending`).
  public var factsPending = false

  public init(
    spec: InstrumentSpec, book: PriceBook, sync: BookSyncState, lastAppliedAt: Int64?,
    lastHeardAt: Int64? = nil, integrity: IntegrityCounts = IntegrityCounts(), staleAfterNs: Int64,
    linkUp: Bool = true, settleRate: FixedDecimal? = nil
  ) {
    self.spec = spec
    self.book = book
    self.sync = sync
    self.lastAppliedAt = lastAppliedAt
    self.lastHeardAt = lastHeardAt
    self.integrity = integrity
    self.staleAfterNs = staleAfterNs
    self.linkUp = linkUp
    self.settleRate = settleRate
  }

  /// The instrument's key (`venue:SYMBOL`).
  public var key: InstrumentKey { spec.key }

  /// When the book was last known to be current: the later of its last change and the last
  /// frame heard on its connection; nil before the first snapshot.
  public var freshAt: Int64? {
    guard let applied = lastAppliedAt else { return nil }
    guard let heard = lastHeardAt else { return applied }
    return max(applied, heard)
  }

  /// How old the book is at `now` (nanoseconds, never negative), nil before the first snapshot.
  public func ageNs(now: Int64) -> Int64? {
    guard let fresh = freshAt else { return nil }
    let (age, overflow) = now.subtractingReportingOverflow(fresh)
    return overflow ? (now < fresh ? 0 : .max) : max(0, age)
  }
}
