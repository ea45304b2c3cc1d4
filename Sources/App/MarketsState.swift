import MarketModel
import Screen

/// The markets screen's slice of the state: the selected row (by identity, so it stays on its
/// instrument while the order changes), the sort, and the filter.
public struct MarketsState: Sendable, Hashable {
  /// Which kinds of market the list shows (`f` cycles).
  public enum KindFilter: Int, Sendable, Hashable, CaseIterable {
    /// Every traded market (indices are not: the exchange sends them on the all-symbols
    /// `instrument` table, but they are prices, not markets).
    case all
    case perpetuals
    case futures
    case spot
    /// The indices only (`.BXBT`…).
    case indices
    /// The starred rows, in the order they were starred.
    case favourites

    /// The title's word for it.
    public var label: String {
      switch self {
      case .all: "all"
      case .perpetuals: "perpetuals"
      case .futures: "futures"
      case .spot: "spot"
      case .indices: "indices"
      case .favourites: "favourites"
      }
    }

    /// Whether `row` passes.
    public func admits(_ row: MarketRow) -> Bool {
      if row.isIndex { return self == .indices }
      switch (self, row.kind) {
      case (.all, _), (.perpetuals, .perpetual), (.futures, .future), (.spot, .spot): return true
      default: return false
      }
    }

    /// The next filter in the cycle.
    public var next: KindFilter { Self.allCases[(rawValue + 1) % Self.allCases.count] }
  }

  /// Which venues' instruments the list shows (`v` cycles): the venue on screen's (live from its
  /// feed), every venue's, or one other venue's (both from the venues' REST tickers).
  public enum VenueFilter: Sendable, Hashable {
    case onScreen
    case all
    case only(InstrumentID.Venue)
  }

  /// The selected instrument; nil selects the first row.
  public var selected: InstrumentID?
  public var sort: MarketsColumn = .volume
  public var descending = true
  /// Case-insensitive text the symbol must contain.
  public var filter = ""
  /// Typing goes to the filter (after `/`, until Enter or Esc).
  public var filtering = false
  public var kinds: KindFilter = .all
  /// Every instrument of one asset together (`g`): the assets by their instruments' summed USD
  /// volume, each one's instruments by their own, largest first; the sort column is set aside
  /// while it is on.
  public var byAsset = false
  public var venues: VenueFilter = .onScreen
  /// Starred instruments, in the order the user starred them (`*`; kept across runs).
  public var favourites: [InstrumentID] = []
  /// The registered venues in the registration's order (`tradeterm venues`' order, BitMEX's
  /// first): rows of several venues list in it; a venue not in it after them, by name.
  public var venueOrder: [InstrumentID.Venue] = []

  public init() {}

  /// Each row's venue's place in `venueOrder`. The rows of one venue come together (a combined
  /// list is each venue's in turn), so a venue is looked up once a run of its rows.
  func venueRanks(_ rows: [MarketRow]) -> [Int] {
    var ranks: [Int] = []
    ranks.reserveCapacity(rows.count)
    var last: (venue: InstrumentID.Venue, rank: Int)?
    for row in rows {
      if last?.venue != row.id.venue {
        last = (row.id.venue, venueOrder.firstIndex(of: row.id.venue) ?? venueOrder.count)
      }
      ranks.append(last!.rank)
    }
    return ranks
  }

  /// `universe`'s rows that pass the filters, in the sort's order (missing values last, ties by
  /// symbol); the favourites in the order they were starred. USD columns sort at `rates`.
  public func ordered(_ universe: MarketUniverse, rates: Rates) -> [MarketRow] {
    order(universe, rates: rates).map { universe.rows[$0] }
  }

  /// The positions in `universe.rows` of `ordered(universe)`: what a frame draws from, without
  /// copying a row. Each row's sort key is worked out once, then the positions are sorted.
  public func order(_ universe: MarketUniverse, rates: Rates) -> [Int] {
    let needle = filter.uppercased()
    let rows = universe.rows
    func passes(_ row: MarketRow) -> Bool {
      needle.isEmpty || row.id.symbol.description.uppercased().contains(needle)
    }
    if kinds == .favourites {
      return favourites.compactMap { universe.index(of: $0) }.filter { passes(rows[$0]) }
    }
    var positions: [Int] = []
    positions.reserveCapacity(rows.count)
    for i in rows.indices where kinds.admits(rows[i]) && passes(rows[i]) { positions.append(i) }
    let descending = self.descending
    // The keys side by side, read once: a comparison reading `rows[a].id` copied the whole row.
    // The venues by their registration's order, then each venue's symbols.
    let ids = rows.map(\.id)
    let ranks = venueRanks(rows)
    func before(_ a: Int, _ b: Int) -> Bool { ranks[a] != ranks[b] ? ranks[a] < ranks[b] : ids[a] < ids[b] }
    if byAsset { return Self.groupedByAsset(positions, rows, rates: rates, before: before) }
    switch sort {
    case .symbol:
      positions.sort { a, b in descending ? before(b, a) : before(a, b) }
    case .venue:
      // The venues in the registration's order, as everywhere else (their names would put
      // binance before bitmex); each venue's symbols in order.
      positions.sort { a, b in ranks[a] == ranks[b] ? ids[a] < ids[b] : (ranks[a] < ranks[b]) != descending }
    case .kind:
      let text = rows.map { sort.sortText($0) }
      positions.sort { a, b in
        text[a] == text[b] ? before(a, b) : (text[a] < text[b]) != descending
      }
    default:
      let value = rows.map { sort.sortValue($0, rates: rates) }
      positions.sort { a, b in
        switch (value[a], value[b]) {
        case (let x?, let y?) where x != y: return (x < y) != descending
        case (nil, _?): return false
        case (_?, nil): return true
        default: return before(a, b)
        }
      }
    }
    return positions
  }

  /// `positions` (in `rows`) grouped by asset: each row's asset is its underlying as every venue
  /// spells it (`AssetCode`: XBT is BTC), a row without one its own group under its symbol; the
  /// groups by their rows' summed 24 h USD volume, largest first (ties by asset), each group's
  /// rows by their own (a row without a volume last, ties by instrument).
  static func groupedByAsset(
    _ positions: [Int], _ rows: [MarketRow], rates: Rates, before: (Int, Int) -> Bool
  ) -> [Int] {
    var asset: [Int: String] = [:]
    var volume: [Int: Double?] = [:]
    var total: [String: Double] = [:]
    for i in positions {
      let name =
        rows[i].instrument.fields.underlying.flatMap(AssetCode.init)?.description
        ?? rows[i].id.symbol.description
      let usd = rows[i].instrument.volume24hUSD(rates: rates)
      asset[i] = name
      volume[i] = .some(usd)
      total[name, default: 0] += usd ?? 0
    }
    return positions.sorted { a, b in
      let (x, y) = (asset[a]!, asset[b]!)
      if x != y { return total[x]! != total[y]! ? total[x]! > total[y]! : x < y }
      switch (volume[a]!, volume[b]!) {
      case (let v?, let w?) where v != w: return v > w
      case (nil, _?): return false
      case (_?, nil): return true
      default: return before(a, b)
      }
    }
  }

  /// The index of the selected row in `rows` (0 when it is not there).
  public func cursor(in rows: [MarketRow]) -> Int {
    guard let selected else { return 0 }
    return rows.firstIndex { $0.id == selected } ?? 0
  }

  /// The index of the selected row in `order` (positions in `universe.rows`; 0 when not there).
  public func cursor(in order: [Int], of universe: MarketUniverse) -> Int {
    guard let selected, let position = universe.index(of: selected) else { return 0 }
    return order.firstIndex(of: position) ?? 0
  }

  /// Selects the first row of `order` (positions in `universe.rows`) when nothing shown is
  /// selected: the cursor then names an instrument, and stays on it when the list re-sorts (with
  /// no selection it stayed on the first row, whichever instrument came there).
  public mutating func pinSelection(in order: [Int], of universe: MarketUniverse) {
    if let selected, let position = universe.index(of: selected), order.contains(position) { return }
    selected = order.first.map { universe.rows[$0].id }
  }

  /// Moves the selection `by` rows within `rows`.
  public mutating func move(by n: Int, in rows: [MarketRow]) {
    guard !rows.isEmpty else { return }
    let index = min(max(0, cursor(in: rows) + n), rows.count - 1)
    selected = rows[index].id
  }

  /// Stars `id`, or unstars it when it is starred.
  public mutating func toggleFavourite(_ id: InstrumentID) {
    if let i = favourites.firstIndex(of: id) {
      favourites.remove(at: i)
    } else {
      favourites.append(id)
    }
  }
}
