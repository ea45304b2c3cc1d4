import MarketModel
import Trading

/// The portfolio's table: one row per position — symbol and name, side, quantity in the
/// instrument's units, average entry, mark (and last, labelled), market value, unrealised P&L and
/// its % (green/red), realised P&L, the mark's age, where the row came from — then the totals
/// per settlement currency and in USD at the rates every screen shares (`Rates`), with the XBT
/// rate's instrument, price and age. Columns are dropped by priority to fit
/// 80 columns. A row whose mark is stale is dimmed with its age; a row that cannot be valued
/// (unknown, expired, waiting) says so in place of its numbers.
public struct PortfolioView: Sendable {
  public var valuation: PortfolioValuation
  /// The first position row shown (scrolling).
  public var first: Int
  public var ascii: Bool

  public init(valuation: PortfolioValuation, first: Int = 0, ascii: Bool = false) {
    self.valuation = valuation
    self.first = first
    self.ascii = ascii
  }

  /// A column, its width (with its gap) and its priority (higher stays longer).
  public enum Column: CaseIterable, Sendable {
    case symbol, name, side, quantity, entry, mark, last, value, unrealised, currency, percent, realised, age,
      source

    var width: Int {
      switch self {
      case .symbol: 9
      case .name: 10
      case .side: 6
      case .quantity: 10
      case .entry: 10
      case .mark: 10
      case .last: 10
      case .value: 17
      case .unrealised: 12
      case .currency: 6
      case .percent: 8
      case .realised: 12
      case .age: 6
      case .source: 6
      }
    }

    var priority: Int {
      switch self {
      case .symbol, .unrealised: 10
      case .quantity, .mark, .currency: 9
      case .percent, .side: 8
      case .entry, .age: 7
      case .source: 6
      case .value: 5
      case .realised: 4
      case .name: 3
      case .last: 2
      }
    }

    var title: String {
      switch self {
      case .symbol: "symbol"
      case .name: "name"
      case .side: "side"
      case .quantity: "qty"
      case .entry: "avg entry"
      case .mark: "mark"
      case .last: "last"
      case .value: "mkt value"
      case .unrealised: "unreal P&L"
      case .currency: "ccy"
      case .percent: "P&L %"
      case .realised: "realised"
      case .age: "age"
      case .source: "src"
      }
    }

    var leftAligned: Bool {
      self == .symbol || self == .name || self == .side || self == .source || self == .currency
    }
  }

  /// The columns that fit `width`, in table order: the lowest priorities go first. The amounts'
  /// currency is always said: by the market value (`123.45 USDT`) when it fits, else by a narrow
  /// `ccy` column (at 80 columns the value went and left bare numbers of XBT and USDT). The
  /// symbol column is `symbolWidth` wide (wider for another venue's `kraken:BTC/USD`).
  public static func columns(fitting width: Int, symbolWidth: Int = 9) -> [Column] {
    func total(_ columns: [Column]) -> Int {
      columns.map { $0 == .symbol ? symbolWidth : $0.width }.reduce(0, +)
    }
    func fit(_ columns: [Column]) -> [Column] {
      var shown = columns
      while total(shown) > width, shown.count > 1 {
        let drop = shown.enumerated().min { $0.element.priority < $1.element.priority }!
        shown.remove(at: drop.offset)
      }
      return shown
    }
    let withValue = fit(Column.allCases.filter { $0 != .currency })
    return withValue.contains(.value) ? withValue : fit(Column.allCases.filter { $0 != .value })
  }

  /// The symbol column's width: room for the longest `venue:SYMBOL` of another venue than BitMEX
  /// (BitMEX's symbols stand alone, as before venues), within 9 and 24.
  public var symbolWidth: Int {
    let longest = valuation.lines.map { $0.id.description.count }.max() ?? 0
    return max(Column.symbol.width, min(24, longest + 1))
  }

  /// `column`'s width here.
  func width(_ column: Column) -> Int { column == .symbol ? symbolWidth : column.width }

  /// The rows the totals take (one per currency, the USD line, the note line).
  public var totalsHeight: Int { valuation.totals.count + 2 }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard area.width >= 20, area.height >= 3 else { return }
    let columns = Self.columns(fitting: area.width, symbolWidth: symbolWidth)
    var x = area.x
    for column in columns {
      put(&grid, column.title, column, x: x, y: area.y, style: Style(.muted), area: area)
      x += width(column)
    }
    let totalsRows = min(totalsHeight, max(0, area.height - 2))
    let listRows = max(0, area.height - 1 - totalsRows)
    let lines = valuation.lines
    let start = min(max(0, first), max(0, lines.count - listRows))
    for n in 0..<min(listRows, max(0, lines.count - start)) {
      let line = lines[start + n]
      let y = area.y + 1 + n
      x = area.x
      if line.status != .ok {
        for column in columns {
          switch column {
          case .symbol, .name, .side, .quantity, .entry, .source:
            put(&grid, text(column, line), column, x: x, y: y, style: .plain, area: area, line: line)
          default: break
          }
          x += width(column)
        }
        // The reason, in place of the numbers.
        let offset = columns.prefix { $0 != .mark && $0 != .last && $0 != .value && $0 != .unrealised }
          .map { width($0) }.reduce(0, +)
        let srcWidth = columns.contains(.source) ? Column.source.width : 0
        let room = Rect(x: area.x + offset, y: y, width: max(0, area.width - offset - srcWidth), height: 1)
        _ = grid.put(line.status.label, x: room.x, y: y, style: Style(.warning), clip: room)
        continue
      }
      for column in columns {
        var style = Style.plain
        if column == .unrealised || column == .percent, let u = line.unrealised, u != 0 {
          style = Style(u > 0 ? .buy : .sell)
        } else if column == .realised, line.tally.realised != 0 {
          style = Style(line.tally.realised > 0 ? .buy : .sell)
        } else if column == .age, line.stale {
          style = Style(.warning)
        }
        put(&grid, text(column, line), column, x: x, y: y, style: style, area: area, line: line)
        x += width(column)
      }
      if line.stale { grid.restyle(Rect(x: area.x, y: y, width: area.width, height: 1)) { $0.dim = true } }
    }
    if lines.isEmpty, listRows > 0 {
      _ = grid.put(
        "no positions: give --positions FILE ([[positions]] symbol, quantity, entry) or fill a paper order (o)",
        x: area.x, y: area.y + 1, style: Style(.muted), clip: area)
    }
    // The totals at the bottom.
    var y = area.y + area.height - totalsRows
    for text in totalsText(width: area.width).prefix(totalsRows) {
      _ = grid.put(text.0, x: area.x, y: y, style: text.1, clip: area)
      y += 1
    }
  }

  /// The totals' lines and their styles, fitted to `width`: the short form (net exposure — the
  /// positions' signed market value, not equity — total P&L and %) when the long one (with
  /// unrealised, realised and fees) does not fit.
  public func totalsText(width: Int = .max) -> [(String, Style)] {
    func pct(_ p: Double?) -> String {
      " (" + (p.map { NumberFormat.fixed($0, decimals: 2, plusSign: true) + "%" } ?? "-") + ")"
    }
    var out: [(String, Style)] = []
    for total in valuation.totals {
      let d = Self.decimals(total.currency)
      var short = "Total \(total.currency)".padRight(11)
      short += "exposure " + NumberFormat.fixed(total.netValue, decimals: d)
      short +=
        "  P&L " + NumberFormat.fixed(total.totalPnL, decimals: d, plusSign: true) + pct(total.pnlPercent)
      var long = short + "  unreal " + NumberFormat.fixed(total.unrealised, decimals: d, plusSign: true)
      long += "  realised " + NumberFormat.fixed(total.realised, decimals: d, plusSign: true)
      if total.fees != 0 { long += "  fees " + NumberFormat.fixed(total.fees, decimals: d) }
      let stale = total.stale ? "  STALE MARK" : ""
      let text = long.count + stale.count <= width ? long + stale : short + stale
      out.append((text, Style(total.totalPnL > 0 ? .buy : total.totalPnL < 0 ? .sell : .normal, bold: true)))
    }
    // With a USD total of its own (a pair quoted in USD) the grand total is named apart from it.
    let usdQuoted = valuation.totals.contains { $0.currency == "USD" }
    var usd = (usdQuoted ? "All in USD" : "Total USD").padRight(11)
    if let net = valuation.usdNetValue, let pnl = valuation.usdTotalPnL {
      usd += "exposure " + NumberFormat.fixed(net, decimals: 2)
      usd += "  P&L " + NumberFormat.fixed(pnl, decimals: 2, plusSign: true) + pct(valuation.usdPnLPercent)
    } else {
      usd += "- (no XBT price yet)"
    }
    let rateNote = Self.rateNote(valuation.rates)
    usd += usd.count + rateNote.long.count <= width ? rateNote.long : rateNote.short
    if valuation.stale { usd += "  STALE" }
    out.append((usd, Style(.accent, bold: true)))
    var note: [String] = []
    if valuation.stale { note.append("totals include a stale mark") }
    if valuation.notValued > 0 { note.append("\(valuation.notValued) not valued") }
    // Where a mark is not the venue's mark price, say what it is (a spot pair's last trade).
    for line in valuation.lines {
      if let source = line.markSource, line.status == .ok {
        note.append("\(line.id) marked at its \(source == .last ? "last trade" : "book's mid")")
      }
    }
    out.append((note.joined(separator: "; "), Style(.warning)))
    return out
  }

  /// Where the USD totals' rates come from, long and short: `  USD at SYMBOL mark 98,000.50/XBT,
  /// 2s old; USDT at par` and `  @ SYMBOL mark 98,000.50, 2s` (the price's age; `REST` when only
  /// REST has given it, its age unknown). Empty without a Bitcoin rate.
  public static func rateNote(_ rates: Rates) -> (long: String, short: String) {
    guard let rate = rates.bitcoin else { return ("", "") }
    let price = NumberFormat.fixed(rate.usd, decimals: 2)
    let age = rate.ageMs.map { NumberFormat.age(ms: $0) } ?? "REST"
    var long = "  USD at \(rate.label) \(price)/XBT, " + (rate.ageMs == nil ? "from REST" : "\(age) old")
    if rates.stablecoinsAtPar { long += "; USDT at par" }
    return (long, "  @ \(rate.label) \(price), \(age)")
  }

  /// The decimals `value` needs, up to 8 (a size whose contract is not known: `0.25`, `25,000`).
  static func decimalsShown(_ value: Double) -> Int {
    var scale = 1.0
    for d in 0..<8 {
      let scaled = abs(value) * scale
      if abs(scaled - scaled.rounded()) <= 1e-9 * max(1, scaled) { return d }
      scale *= 10
    }
    return 8
  }

  /// Decimals for amounts of `currency`.
  public static func decimals(_ currency: String) -> Int { currency == "XBT" ? 8 : 2 }

  /// A cell's text.
  func text(_ column: Column, _ line: PortfolioLine) -> String {
    let decimals = line.spec?.priceDecimals ?? 2
    let currency = line.currency ?? ""
    let d = Self.decimals(currency)
    switch column {
    case .symbol: return line.id.description
    case .name: return line.name ?? ""
    case .side:
      let q = line.tally.contracts
      return q > 0 ? "Long" : q < 0 ? "Short" : "Flat"
    case .quantity:
      let units = line.units ?? line.tally.contracts
      return NumberFormat.fixed(units, decimals: line.spec?.unitDecimals ?? Self.decimalsShown(units))
    case .entry: return NumberFormat.price(line.tally.averageEntry, decimals: decimals)
    case .mark: return NumberFormat.price(line.mark, decimals: decimals)
    case .last: return NumberFormat.price(line.last, decimals: decimals)
    case .value:
      return line.whole(line.marketValue).map { NumberFormat.fixed($0, decimals: d) + " " + currency } ?? "-"
    case .unrealised:
      return line.whole(line.unrealised).map { NumberFormat.fixed($0, decimals: d, plusSign: true) } ?? "-"
    case .percent:
      return line.pnlPercent.map { NumberFormat.fixed($0, decimals: 2, plusSign: true) + "%" } ?? "-"
    case .realised:
      return line.whole(line.tally.realised).map { NumberFormat.fixed($0, decimals: d, plusSign: true) }
        ?? "-"
    case .currency: return currency
    case .age: return line.markAgeMs.map { NumberFormat.age(ms: $0) } ?? "-"
    case .source: return line.source.rawValue
    }
  }

  /// The number a cell shows and what follows it (for a shorter form when it does not fit).
  func value(_ column: Column, _ line: PortfolioLine) -> (value: Double?, suffix: String) {
    switch column {
    case .quantity: return (line.units ?? line.tally.contracts, "")
    case .entry: return (line.tally.averageEntry, "")
    case .mark: return (line.mark, "")
    case .last: return (line.last, "")
    case .value: return (line.whole(line.marketValue), " " + (line.currency ?? ""))
    case .unrealised: return (line.whole(line.unrealised), "")
    case .percent: return (line.pnlPercent, "%")
    case .realised: return (line.whole(line.tally.realised), "")
    case .symbol, .name, .side, .age, .source, .currency: return (nil, "")
    }
  }

  /// Left-aligned text columns, right-aligned numbers, each in its width less a space: text
  /// is cut, a number that does not fit is shortened (`NumberFormat.fit`), never cut.
  private func put(
    _ grid: inout Grid, _ text: String, _ column: Column, x: Int, y: Int, style: Style, area: Rect,
    line: PortfolioLine? = nil
  ) {
    let room = width(column) - 1
    var fitted = text
    if text.columns > room {
      if let line, !column.leftAligned, column != .age {
        let number = value(column, line)
        fitted = NumberFormat.fit(text, width: room, value: number.value, suffix: number.suffix)
      } else {
        fitted = String(text.prefix(room))
      }
    }
    let start = column.leftAligned ? x : x + room - fitted.columns
    _ = grid.put(fitted, x: start, y: y, style: style, clip: area)
  }
}
