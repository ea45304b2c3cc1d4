import App
import MarketModel
import Screen

/// What `--once --markets` prints: every instrument of the markets list, by 24 h USD volume, with
/// its derived columns (as JSON lines in an array with `--json`, else a table).
struct MarketsSnapshot {
  /// The venue whose list this is (the universe's), the state, the mode and the time.
  var header: SnapshotHeader
  var rows: [MarketRow]
  /// The USD rates, as the dashboard's (the snapshot shows prices, not ages: taken as of the
  /// universe's last change).
  var rates: Rates

  init(universe: MarketUniverse, status: String, mode: RunMode, timeMs: Int64?) {
    header = SnapshotHeader(venue: universe.venue.core, status: status, mode: mode, timeMs: timeMs)
    rates = Rates(universe: universe, nowMs: universe.changedAt ?? 0, connected: true)
    let rates = rates
    rows = universe.rows.sorted { a, b in
      let (x, y) = (
        a.instrument.volume24hUSD(rates: rates) ?? -1, b.instrument.volume24hUSD(rates: rates) ?? -1
      )
      return x == y ? a.id < b.id : x > y
    }
  }

  /// `perpetual`, `future`, `spot`, `index` or `other`.
  static func kind(_ kind: MarketKind) -> String {
    switch kind {
    case .perpetual: "perpetual"
    case .future: "future"
    case .spot: "spot"
    case .index: "index"
    case .other: "other"
    }
  }

  /// The text form: a status line, then one row per instrument.
  var text: String {
    var out = "markets  \(rows.count)  \(TerminalText.sanitized(header.label))\n"
    out +=
      "symbol".padding(14) + "last".leftPad(16) + "24h %".leftPad(10) + "vol 24h $".leftPad(12)
      + "OI $".leftPad(10) + "  type\n"
    for row in rows {
      let i = row.instrument
      // One line per row: a newline (or any control) in a server's symbol is shown as `?`.
      out += TerminalText.sanitized(row.id.symbol.description).padding(14)
      out += NumberFormat.price(i.lastPrice, decimals: i.priceDecimals).leftPad(16)
      out += (i.change24h.map { NumberFormat.percent($0) } ?? "-").leftPad(10)
      out += (i.volume24hUSD(rates: rates).map(NumberFormat.compact) ?? "-").leftPad(12)
      out += (i.openInterestUSD(rates: rates).map(NumberFormat.compact) ?? "-").leftPad(10)
      out += "  " + Self.kind(row.kind) + "\n"
    }
    return out
  }

  /// The JSON form (`--json`): `{"venue":…,"status":…,"mode":…,"time":…,"markets":[{…},…]}`,
  /// one object per instrument, each with its own `venue`.
  var json: String {
    func number(_ v: Double?) -> String { v.map(Format.json) ?? "null" }
    func string(_ v: String?) -> String { v.map(TerminalText.jsonLiteral) ?? "null" }
    let items = rows.map { row -> String in
      let i = row.instrument
      let fields: [(String, String)] = [
        ("venue", TerminalText.jsonLiteral(row.id.venue.name)),
        ("symbol", TerminalText.jsonLiteral(row.id.symbol.description)),
        ("kind", TerminalText.jsonLiteral(Self.kind(row.kind))), ("typ", string(i.typ)),
        ("state", string(i.state)),
        ("last", number(i.lastPrice)), ("change24hPct", number(i.change24hPercent)),
        ("volume24hUSD", number(i.volume24hUSD(rates: rates))), ("bid", number(i.bidPrice)),
        ("ask", number(i.askPrice)), ("spreadBps", number(i.spreadBps)), ("mark", number(i.markPrice)),
        ("basis", number(i.basis)), ("basisAnnualPct", number(i.basisAnnualPercent)),
        ("fundingRate", number(i.fundingRate)),
        ("openInterestUSD", number(i.openInterestUSD(rates: rates))),
        ("tickSize", number(i.tickSize)),
        ("lotSize", number(i.lotSize)), ("multiplier", number(i.multiplier)),
        ("isInverse", i.isInverse.map { $0 ? "true" : "false" } ?? "null"),
        ("quoteCurrency", string(i.quoteCurrency)), ("settlCurrency", string(i.settlCurrency)),
      ]
      return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
    return
      "{\(header.jsonFields),\"markets\":[\(items.joined(separator: ","))]}"
  }
}

extension String {
  /// The string padded with spaces on the right to `width`.
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
