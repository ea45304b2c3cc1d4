import MarketModel

/// The symbol picker: a filter and a selection over the known symbols.
public struct PickerState: Sendable, Hashable {
  public var filter = ""
  public var selected = 0
  public var symbols: [String]
  /// The picker chooses the split view's second book (`|` with no second instrument), not the
  /// market on screen: Enter opens the pick beside it (`App.openSplitPicked`).
  public var secondBook = false

  public init(symbols: [String], secondBook: Bool = false) {
    self.symbols = symbols
    self.secondBook = secondBook
  }

  /// The symbols matching the filter (case-insensitive substring): those that start with it
  /// first, each group in the list's own order (favourites, then by volume).
  public var matches: [String] {
    guard !filter.isEmpty else { return symbols }
    let f = filter.uppercased()
    let hits = symbols.filter { $0.uppercased().contains(f) }
    return hits.filter { $0.uppercased().hasPrefix(f) } + hits.filter { !$0.uppercased().hasPrefix(f) }
  }

  /// `symbols` in the picker's order: the favourites first (in the order starred), then by 24 h
  /// USD volume (largest first; indices, which trade nothing, and unknown volumes last), ties
  /// alphabetical (issue 29: it opened on an alphabetical list of indices).
  public static func ordered(
    _ symbols: [String], favourites: [InstrumentID], universe: MarketUniverse, rates: Rates
  ) -> [String] {
    let starred = favourites.map(\.symbol.description)
    let rank = Dictionary(starred.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    let volume = Dictionary(
      symbols.map { s in
        (
          s,
          Symbol(s).flatMap { universe.row($0) }.flatMap {
            $0.isIndex ? nil : $0.instrument.volume24hUSD(rates: rates)
          } ?? -1
        )
      }, uniquingKeysWith: { a, _ in a })
    return symbols.sorted { a, b in
      switch (rank[a], rank[b]) {
      case (let x?, let y?): return x < y
      case (_?, nil): return true
      case (nil, _?): return false
      default:
        let (va, vb) = (volume[a] ?? -1, volume[b] ?? -1)
        return va != vb ? va > vb : a < b
      }
    }
  }
}
