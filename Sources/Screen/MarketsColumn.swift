import MarketModel

/// A column of the markets list: its title, width, and the value it sorts by.
public enum MarketsColumn: Int, Sendable, Hashable, CaseIterable {
  case symbol
  case last
  /// How long a quiet row has gone without an update (blank while the row keeps its rhythm).
  case age
  case change
  case volume
  case spread
  case mark
  /// Mark minus index, in price units.
  case basis
  /// A dated future's basis a year, in percent.
  case basisAnnual
  case funding
  case openInterest
  case kind
  /// The venue's name (`kraken`): shown only on a list holding another venue than BitMEX.
  case venue

  /// The header's text (with the sort arrow, it fits the column), with its unit: amounts in USD
  /// (`$`), the spread in basis points of mid (`bp`), funding and yearly basis in percent.
  public var title: String {
    switch self {
    case .symbol: "Symbol"
    case .last: "Last"
    case .age: "Age"
    case .change: "24h %"
    case .volume: "Vol $24h"
    case .spread: "Spread bp"
    case .mark: "Mark"
    case .basis: "Basis"
    case .basisAnnual: "Basis/y"
    case .funding: "Funding"
    case .openInterest: "OI $"
    case .kind: "Type"
    case .venue: "Venue"
    }
  }

  /// Cells the column takes, its separating space included.
  public var width: Int {
    switch self {
    case .symbol: 12
    case .last: 15
    case .age: 6
    case .change: 9
    case .volume: 10
    case .spread: 10
    case .mark: 14
    case .basis: 10
    case .basisAnnual: 9
    case .funding: 10
    case .openInterest: 9
    case .kind: 14
    case .venue: 14
    }
  }

  /// The columns that fit `width` cells, in screen order: the first five always (80 columns
  /// show symbol, last, age, 24 h %, volume and more), then the others while they fit; the
  /// venue only with `venues` (a list of another venue than BitMEX: BitMEX's list stays as it was).
  /// The symbol column is `symbolWidth` wide (`MarketsView.symbolWidth`: its longest symbol).
  public static func fitting(_ width: Int, venues: Bool = false, symbolWidth: Int = 12) -> [MarketsColumn] {
    var used = 0
    var out: [MarketsColumn] = []
    for column in allCases where venues || column != .venue {
      let w = column == .symbol ? symbolWidth : column.width
      guard used + w <= width || out.count < 5 else { continue }
      out.append(column)
      used += w
    }
    return out
  }

  /// The widest the symbol column grows: a symbol of `Symbol.maxLength` (23) and its star.
  public static let maxSymbolWidth = 25

  /// The value `row` sorts by in this column (nil sorts last); `symbol` and `kind` sort by text.
  /// Age sorts by the time of the last update (live or REST), older rows higher (descending:
  /// stalest first).
  public func sortValue(_ row: MarketRow, rates: Rates) -> Double? {
    let i = row.instrument
    switch self {
    case .symbol, .kind, .venue: return nil
    case .last: return i.lastPrice
    // A row REST priced is as old as its REST answer (`MarketRow.restAt`).
    case .age: return [row.changedAt, row.restAt].compactMap { $0 }.max().map { -Double($0) }
    case .change: return i.change24h
    case .volume: return i.volume24hUSD(rates: rates)
    case .spread: return i.spreadBps
    case .mark: return i.markPrice
    case .basis: return i.basis
    case .basisAnnual: return i.basisAnnualPercent
    case .funding: return i.fundingPercent
    case .openInterest: return i.openInterestUSD(rates: rates)
    }
  }

  /// The text `row` sorts by in the text columns.
  public func sortText(_ row: MarketRow) -> String {
    switch self {
    case .kind: MarketsColumn.kindText(row.kind, nowMs: nil)
    case .venue: row.id.venue.name
    default: row.id.symbol.description
    }
  }

  /// `perpetual`, `future 119d` (its time to expiry when known: whole days from a day on, so
  /// it fits the column whole; `future 5h30m` on its last day), `spot`, `index`.
  static func kindText(_ kind: MarketKind, nowMs: Int64?) -> String {
    switch kind {
    case .future(let expiry?):
      kind.name + " " + Self.expiryText(ms: max(0, expiry - (nowMs ?? expiry)))
    // A column's `-`: the kind is not known.
    case .other: "-"
    case .perpetual, .future(nil), .spot, .index: kind.name
    }
  }

  /// A time to expiry: `119d` from a day on (the hours do not matter there and `119d04h` did not
  /// fit the Type column), else as `NumberFormat.duration` writes it (`5h30m`).
  static func expiryText(ms: Int64) -> String {
    ms >= 86_400_000 ? "\(ms / 86_400_000)d" : NumberFormat.duration(ms: ms)
  }
}
