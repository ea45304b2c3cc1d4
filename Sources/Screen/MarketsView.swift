import MarketModel

/// The markets list: a header of the columns that fit (the sorted one with its arrow) and one
/// row per instrument — symbol, last price with ▲/▼ by its last move, 24 h change, 24 h USD
/// volume, then spread, mark, basis (mark − index) and a dated future's basis a year, funding,
/// open interest and type as width allows.
///
/// A row whose price moved less than `flashMs` ago flashes (bold and underlined, green up, red
/// down: never in reverse video, the cursor's own); the cursor row is reversed and kept in view;
/// a row quiet for three times its usual interval is dimmed and its age column says for how long.
/// A row only a venue's REST tickers have priced always shows its age, dimmed past
/// `MarketUniverse.restFreshMs`.
/// `rows` come sorted and filtered by the caller.
public struct MarketsView: Sendable {
  public var rows: [MarketRow]
  /// Which of `rows` to show, in order (positions in `rows`); nil shows them all as they are.
  public var order: [Int]?
  /// The USD rates (shared with the portfolio), for volumes and open interest settled in Bitcoin
  /// and USDT.
  public var rates: Rates
  /// The index of the selected row in the rows shown.
  public var cursor: Int
  /// The column the rows are sorted by (its header carries the arrow); nil when they keep an
  /// order of their own (the favourites, in the order starred).
  public var sort: MarketsColumn?
  public var descending: Bool
  /// The rows' clock (monotonic ms, as `MarketRow.movedAt`), for the flash.
  public var nowMs: Int64
  /// Wall-clock ms, for a future's time to expiry.
  public var wallMs: Int64
  /// How long a move flashes; 0 turns flashing off.
  public var flashMs: Int64
  /// Starred instruments: their symbol carries a star.
  public var starred: Set<InstrumentID>
  public var ascii: Bool

  public init(
    rows: [MarketRow], order: [Int]? = nil, rates: Rates, cursor: Int, sort: MarketsColumn? = .volume,
    descending: Bool = true,
    nowMs: Int64 = 0, wallMs: Int64 = 0, flashMs: Int64 = 300, starred: Set<InstrumentID> = [],
    ascii: Bool = false
  ) {
    self.rows = rows
    self.order = order
    self.rates = rates
    self.cursor = cursor
    self.sort = sort
    self.descending = descending
    self.nowMs = nowMs
    self.wallMs = wallMs
    self.flashMs = flashMs
    self.starred = starred
    self.ascii = ascii
  }

  /// How many rows are shown.
  public var count: Int { order?.count ?? rows.count }

  /// The `n`th row shown.
  public func row(_ n: Int) -> MarketRow { rows[order?[n] ?? n] }

  /// The index of the first row shown in `height` list rows (the cursor kept in view).
  public func firstVisible(height: Int) -> Int {
    SymbolPicker.firstVisible(selected: cursor, count: count, rows: height)
  }

  /// The symbol column's width for the rows shown in `height` list rows: room for the longest
  /// of them (its star too), within 12 and `MarketsColumn.maxSymbolWidth`, so that OKX's
  /// `ETH-USDT-SWAP` is never cut (a fixed 12 cut it to `ETH-USDT-SW`).
  public func symbolWidth(height: Int) -> Int {
    let first = firstVisible(height: height)
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    var longest = 0
    for index in first..<min(count, first + max(0, height)) {
      longest = max(longest, text(.symbol, row(index), glyphs).columns)
    }
    return max(MarketsColumn.symbol.width, min(MarketsColumn.maxSymbolWidth, longest + 1))
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard area.width >= 20, area.height >= 2 else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let listRows = area.height - 1
    let symbolWidth = symbolWidth(height: listRows)
    func width(_ column: MarketsColumn) -> Int { column == .symbol ? symbolWidth : column.width }
    let columns = MarketsColumn.fitting(
      area.width, venues: rows.contains { $0.id.venue != .bitmex }, symbolWidth: symbolWidth)
    // The header.
    var x = area.x
    for column in columns {
      var title = column.title
      if column == sort { title += String(descending ? glyphs.down : glyphs.up) }
      put(
        &grid, title, column, width: width(column), x: x, y: area.y,
        style: Style(.muted, bold: column == sort),
        area: area)
      x += width(column)
    }
    let first = firstVisible(height: listRows)
    for n in 0..<min(listRows, max(0, count - first)) {
      let index = first + n
      let y = area.y + 1 + n
      let row = self.row(index)
      let flashing = flashMs > 0 && row.movedAt.map { nowMs - $0 < flashMs } == true
      x = area.x
      for column in columns {
        var style = Style.plain
        if column == .last || column == .symbol, flashing {
          // Colour, bold and underline (underline shows without colour): reverse is the cursor's.
          style = Style(row.move == .up ? .up : .down, bold: true, underline: true)
        } else if column == .change, let change = row.instrument.change24h, change != 0 {
          style = Style(change > 0 ? .up : .down)
        } else if column == .last, row.move != .none {
          style = Style(row.move == .up ? .up : .down)
        }
        put(
          &grid, text(column, row, glyphs), column, width: width(column), x: x, y: y, style: style,
          area: area, row: row)
        x += width(column)
      }
      if quiet(row) || (row.restAge(now: nowMs) ?? 0) > MarketUniverse.restFreshMs {
        grid.restyle(Rect(x: area.x, y: y, width: area.width, height: 1)) { $0.dim = true }
      }
      if index == cursor {
        grid.restyle(Rect(x: area.x, y: y, width: area.width, height: 1)) { $0.reverse = true }
      }
    }
  }

  /// Whether `row` is shown as quiet (dimmed, with its age): never while the whole list is
  /// frozen (`flashMs` 0: the screen dims everything and says why).
  private func quiet(_ row: MarketRow) -> Bool {
    flashMs > 0 && row.isQuiet(now: nowMs)
  }

  /// Left-aligned text columns, right-aligned numbers, each in its width less a space: text
  /// is cut, a number that does not fit is shortened (`NumberFormat.fit`), never cut.
  private func put(
    _ grid: inout Grid, _ text: String, _ column: MarketsColumn, width: Int, x: Int, y: Int, style: Style,
    area: Rect, row: MarketRow? = nil
  ) {
    let room = width - 1
    let leftAligned = column == .symbol || column == .kind || column == .venue
    var fitted = text
    if text.columns > room {
      if let row, !leftAligned, column != .age {
        let number = value(column, row)
        fitted = NumberFormat.fit(text, width: room, value: number.value, suffix: number.suffix)
      } else {
        fitted = String(text.prefix(room))
      }
    }
    let start = leftAligned ? x : x + room - fitted.columns
    _ = grid.put(fitted, x: start, y: y, style: style, clip: area)
  }

  /// The number a cell shows and what follows it (for a shorter form when it does not fit).
  func value(_ column: MarketsColumn, _ row: MarketRow) -> (value: Double?, suffix: String) {
    let i = row.instrument
    switch column {
    case .last:
      let glyphs = Glyphs.forTerminal(ascii: ascii)
      let arrow =
        switch row.move {
        case .up: String(glyphs.up)
        case .down: String(glyphs.down)
        case .none: " "
        }
      return (i.lastPrice, arrow)
    case .change: return (i.change24h.map { $0 * 100 }, "%")
    case .volume: return (i.volume24hUSD(rates: rates), "")
    case .spread: return (i.spreadBps, "")
    case .mark: return (i.markPrice, "")
    case .basis: return (i.basis, "")
    case .basisAnnual: return (i.basisAnnualPercent, "%")
    case .funding: return (i.fundingPercent, "%")
    case .openInterest: return (i.openInterestUSD(rates: rates), "")
    case .symbol, .age, .kind, .venue: return (nil, "")
    }
  }

  /// A cell's text.
  func text(_ column: MarketsColumn, _ row: MarketRow, _ glyphs: Glyphs) -> String {
    let i = row.instrument
    let decimals = i.priceDecimals
    switch column {
    case .symbol:
      return (starred.contains(row.id) ? (ascii ? "*" : "★") : "") + row.id.symbol.description
    case .last:
      let arrow: String =
        switch row.move {
        case .up: String(glyphs.up)
        case .down: String(glyphs.down)
        case .none: " "
        }
      return NumberFormat.price(i.lastPrice, decimals: decimals) + arrow
    case .age:
      // A row only REST has priced is as old as its REST answer, always said.
      if let age = row.restAge(now: nowMs) { return NumberFormat.duration(ms: age) }
      guard quiet(row), let changedAt = row.changedAt else { return "" }
      return NumberFormat.duration(ms: nowMs - changedAt)
    case .change:
      return i.change24h.map { NumberFormat.percent($0) } ?? NumberFormat.unknown
    case .volume:
      return i.volume24hUSD(rates: rates).map(NumberFormat.compact) ?? NumberFormat.unknown
    case .spread:
      return i.spreadBps.map { NumberFormat.fixed($0, decimals: 1) } ?? NumberFormat.unknown
    case .mark:
      return NumberFormat.price(i.markPrice, decimals: decimals)
    case .basis:
      return i.basis.map { NumberFormat.fixed($0, decimals: decimals, plusSign: true) }
        ?? NumberFormat.unknown
    case .basisAnnual:
      return i.basisAnnualPercent.map { NumberFormat.fixed($0, decimals: 1, plusSign: true) + "%" }
        ?? NumberFormat.unknown
    case .funding:
      return i.fundingPercent.map { NumberFormat.fixed($0, decimals: 4, plusSign: true) + "%" }
        ?? NumberFormat.unknown
    case .openInterest:
      return i.openInterestUSD(rates: rates).map(NumberFormat.compact) ?? NumberFormat.unknown
    case .kind:
      return MarketsColumn.kindText(row.kind, nowMs: wallMs)
    case .venue:
      return row.id.venue.name
    }
  }
}
