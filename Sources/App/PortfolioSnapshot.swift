import MarketModel
import Screen
import Trading
import VenueCore

/// What `--once --portfolio` prints: every position valued at the live marks and the totals, as
/// JSON (`--json`), CSV (`--csv`, one row per position, then one per currency total and the USD
/// total), or a table (the screen's text). Amounts are in whole settlement currency (XBT, USDT),
/// at full precision; the screen rounds the same numbers. Every output names the venue the
/// positions are valued on: JSON at the top and in each position, CSV in a last column (last, so
/// that a spreadsheet's columns from before keep their places).
public struct PortfolioSnapshot: Sendable {
  /// The venue whose marks value the positions (the universe's), the state, the mode and the time.
  public var header: SnapshotHeader
  public var valuation: PortfolioValuation

  public init(header: SnapshotHeader, valuation: PortfolioValuation) {
    self.header = header
    self.valuation = valuation
  }

  /// The venue the positions are on.
  public var venue: Venue { header.venue }

  private static func number(_ v: Double?) -> String { JSONNumber.text(v) }
  private static func string(_ v: String?) -> String { v.map(TerminalText.jsonLiteral) ?? "null" }

  /// `long`, `short` or `flat`, by the sign of the contracts held.
  static func side(_ line: PortfolioLine) -> String {
    line.tally.contracts > 0 ? "long" : line.tally.contracts < 0 ? "short" : "flat"
  }

  /// The line's valuation status in one or two words (`not watched`).
  static func status(_ line: PortfolioLine) -> String {
    switch line.status {
    case .ok: "ok"
    case .waiting: "waiting"
    case .unknown: "unknown"
    case .expired: "expired"
    case .unsupported: "unsupported"
    case .notWatched: "not watched"
    }
  }

  /// The fields of one position on `venue`, in order, as (name, JSON value, CSV value).
  static func fields(_ line: PortfolioLine, venue: Venue) -> [(String, String, String)] {
    func both(_ name: String, _ v: Double?) -> (String, String, String) {
      (name, number(v), v.map(JSONNumber.text) ?? "")
    }
    func text(_ name: String, _ v: String?) -> (String, String, String) {
      (name, string(v), csv(v ?? ""))
    }
    return [
      text("symbol", line.symbol.description), text("name", line.name), text("source", line.source.rawValue),
      text("status", status(line)), text("statusText", line.status == .ok ? nil : line.status.label),
      text("side", side(line)), both("quantity", line.units ?? line.tally.contracts),
      text("unit", line.spec?.unitName), both("contracts", line.tally.contracts),
      both("avgEntry", line.tally.averageEntry), both("mark", line.mark), both("last", line.last),
      both("markAgeMs", line.markAgeMs.map(Double.init)),
      ("stale", line.stale ? "true" : "false", line.stale ? "true" : "false"),
      text("currency", line.currency), both("marketValue", line.whole(line.marketValue)),
      both("cost", line.whole(line.cost)), both("unrealisedPnl", line.whole(line.unrealised)),
      both("pnlPct", line.pnlPercent), both("realisedPnl", line.whole(line.tally.realised)),
      // The row's own venue (a paper position of another venue than the one watched).
      both("fees", line.whole(line.tally.fees)),
      text("venue", line.id.venue == .bitmex ? venue.rawValue : line.id.venue.name),
    ]
  }

  /// The sums of one settlement currency, as (name, value), in the JSON's order.
  static func totalFields(_ t: CurrencyTotal) -> [(String, Double?)] {
    [
      ("netValue", t.netValue), ("unrealisedPnl", t.unrealised), ("realisedPnl", t.realised),
      ("fees", t.fees),
      ("totalPnl", t.totalPnL), ("pnlPct", t.pnlPercent),
    ]
  }

  /// The JSON form (`--json`): the header, the positions, the totals per currency and in USD.
  public var json: String {
    let v = valuation
    let positions = v.lines.map { line in
      "{" + Self.fields(line, venue: venue).map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
    let totals = v.totals.map { t in
      "{\"currency\":\(TerminalText.jsonLiteral(t.currency)),"
        + Self.totalFields(t).map { "\"\($0.0)\":\(Self.number($0.1))" }.joined(separator: ",")
        + ",\"positions\":\(t.positions),\"stale\":\(t.stale)}"
    }
    let rate =
      v.rate.map {
        "{\"source\":\(TerminalText.jsonLiteral($0.label)),\"usdPerXBT\":\(JSONNumber.text($0.usd)),\"stale\":\($0.stale),\"usdt\":\"1:1\"}"
      } ?? "null"
    let usd =
      "{\"netValue\":\(Self.number(v.usdNetValue)),\"totalPnl\":\(Self.number(v.usdTotalPnL)),\"pnlPct\":\(Self.number(v.usdPnLPercent))}"
    return
      "{\(header.jsonFields),\"positions\":[\(positions.joined(separator: ","))],"
      + "\"totals\":[\(totals.joined(separator: ","))],\"usd\":\(usd),\"usdRate\":\(rate),"
      + "\"notValued\":\(v.notValued),\"stale\":\(v.stale)}"
  }

  /// A text cell: made safe for a spreadsheet, then quoted as RFC 4180 asks when it holds a
  /// comma, quote or newline. A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
  /// return is a formula to a spreadsheet (a server's `=HYPERLINK(…)` would be a live link):
  /// it gets a leading `'`, as OWASP's CSV-injection advice says, and reads as text.
  static func csv(_ s: String) -> String {
    var clean = TerminalText.sanitized(s)
    if let first = clean.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
      clean = "'" + clean
    }
    guard clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return clean }
    return "\"" + clean.replacingAll("\"", with: "\"\"") + "\""
  }

  /// The CSV form (`--csv`): a header row, one row per position, then a `TOTAL` row per
  /// currency and the USD total.
  public var csv: String {
    let names = Self.fields(valuation.lines.first ?? Self.emptyLine, venue: venue).map(\.0)
    var out = names.joined(separator: ",") + "\n"
    for line in valuation.lines {
      out += Self.fields(line, venue: venue).map(\.2).joined(separator: ",") + "\n"
    }
    // The totals: the currency in `currency`, the sums in the matching columns.
    for t in valuation.totals {
      var row = [String](repeating: "", count: names.count)
      row[0] = "TOTAL"
      row[names.firstIndex(of: "venue")!] = Self.csv(venue.rawValue)
      row[names.firstIndex(of: "currency")!] = t.currency
      row[names.firstIndex(of: "stale")!] = t.stale ? "true" : "false"
      row[names.firstIndex(of: "marketValue")!] = JSONNumber.text(t.netValue)
      row[names.firstIndex(of: "unrealisedPnl")!] = JSONNumber.text(t.unrealised)
      row[names.firstIndex(of: "realisedPnl")!] = JSONNumber.text(t.realised)
      row[names.firstIndex(of: "fees")!] = JSONNumber.text(t.fees)
      row[names.firstIndex(of: "pnlPct")!] = t.pnlPercent.map(JSONNumber.text) ?? ""
      out += row.joined(separator: ",") + "\n"
    }
    var row = [String](repeating: "", count: names.count)
    row[0] = "TOTAL"
    row[names.firstIndex(of: "venue")!] = Self.csv(venue.rawValue)
    row[names.firstIndex(of: "currency")!] = "USD"
    row[names.firstIndex(of: "name")!] = Self.csv(
      valuation.rate.map { "at \($0.label) \(JSONNumber.text($0.usd))" } ?? "no XBT price")
    row[names.firstIndex(of: "stale")!] = valuation.stale ? "true" : "false"
    row[names.firstIndex(of: "marketValue")!] = valuation.usdNetValue.map(JSONNumber.text) ?? ""
    row[names.firstIndex(of: "unrealisedPnl")!] = valuation.usdSum(\.unrealised).map(JSONNumber.text) ?? ""
    row[names.firstIndex(of: "realisedPnl")!] = valuation.usdSum(\.realised).map(JSONNumber.text) ?? ""
    row[names.firstIndex(of: "pnlPct")!] = valuation.usdPnLPercent.map(JSONNumber.text) ?? ""
    out += row.joined(separator: ",") + "\n"
    return out
  }

  /// What `--once --portfolio` prints: the JSON form and a newline, the CSV form, or the text
  /// form made safe line by line.
  public func output(json: Bool, csv: Bool) -> String {
    json ? self.json + "\n" : csv ? self.csv : TerminalText.sanitized(text, keepingNewlines: true)
  }

  private static let emptyLine = PortfolioLine(
    symbol: "-", source: .file, status: .waiting, spec: nil, tally: PositionTally(), stale: true)

  /// The text form: the screen's table, 160 columns wide.
  public var text: String {
    let height = valuation.lines.count + valuation.totals.count + 4
    var grid = Grid(width: 160, height: height)
    PortfolioView(valuation: valuation).render(into: &grid, area: grid.bounds)
    var out = "portfolio  \(valuation.lines.count)  \(TerminalText.sanitized(header.label))\n"
    for y in 0..<height { out += grid.line(y).trimmingTrailingSpaces() + "\n" }
    return out
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }

  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
