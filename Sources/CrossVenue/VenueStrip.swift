import VenueCore

/// The venue strip: one row per chosen instrument — its state (LIVE / SYNCING / STALE / DOWN),
/// its book's age, best bid and ask, integrity counts, and why it is not in the consolidated
/// book. Rows follow the views' order.
public struct VenueStrip: Sendable {
  /// One instrument's row.
  public struct Row: Sendable, Hashable {
    public var key: InstrumentKey
    public var state: VenueState
    /// The book's age at `now` (nanoseconds), nil before a first snapshot.
    public var ageNs: Int64?
    /// The venue's own best bid and ask (not bucketed), nil when a side is empty.
    public var bestBid: FixedDecimal?
    public var bestAsk: FixedDecimal?
    public var integrity: IntegrityCounts
    /// Why the book is left out of the consolidation; nil when it is merged.
    public var exclusion: Exclusion?

    public init(
      key: InstrumentKey, state: VenueState, ageNs: Int64?, bestBid: FixedDecimal?, bestAsk: FixedDecimal?,
      integrity: IntegrityCounts, exclusion: Exclusion?
    ) {
      self.key = key
      self.state = state
      self.ageNs = ageNs
      self.bestBid = bestBid
      self.bestAsk = bestAsk
      self.integrity = integrity
      self.exclusion = exclusion
    }
  }

  public private(set) var rows: [Row] = []

  public init() {}

  /// The rows of `views` at `now`. With `consolidated` (updated from the same views), each row's
  /// exclusion is the book's, which knows more (another base asset, a conversion that does not
  /// fit); without it, the state's own.
  public mutating func update(_ views: [VenueView], now: Int64, consolidated: ConsolidatedBook? = nil) {
    rows.removeAll(keepingCapacity: true)
    for (i, view) in views.enumerated() {
      var (state, exclusion) = view.assess(now: now)
      if let book = consolidated, book.venues.count == views.count {
        state = book.venues[i].state
        exclusion = book.venues[i].exclusion
      }
      rows.append(
        Row(
          key: view.key, state: state, ageNs: view.ageNs(now: now),
          // At the tick's decimals: a venue that writes trailing zeros does not show them.
          bestBid: view.book.best(.bid)?.price.trimmed(toScale: view.spec.priceScale),
          bestAsk: view.book.best(.ask)?.price.trimmed(toScale: view.spec.priceScale),
          integrity: view.integrity,
          exclusion: exclusion))
    }
  }
}
