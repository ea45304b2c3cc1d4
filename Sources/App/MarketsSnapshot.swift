import MarketModel
import Screen
import VenueCore

/// What `--once --markets` prints: every instrument of the markets list, by 24 h USD volume, with
/// its derived columns (as JSON lines in an array with `--json`, else a table).
public struct MarketsSnapshot: Sendable {
  /// The venue whose list this is (the universe's), the state, the mode and the time.
  public var header: SnapshotHeader
  public var rows: [MarketRow]
  /// The USD rates, as the dashboard's (the snapshot shows prices, not ages: taken as of the
  /// universe's last change).
  public var rates: Rates

  /// `bitcoinSources`: the venue's (`VenueAbout.bitcoinSources`), for the rates.
  public init(
    universe: MarketUniverse, status: String, mode: RunMode, timeMs: Int64?, bitcoinSources: [Symbol]
  ) {
    header = SnapshotHeader(venue: universe.venue, status: status, mode: mode, timeMs: timeMs)
    rates = Rates(
      universe: universe, nowMs: universe.changedAt ?? 0, connected: true, bitcoinSources: bitcoinSources)
    let rates = rates
    rows = universe.rows.sorted { a, b in
      let (x, y) = (
        a.instrument.volume24hUSD(rates: rates) ?? -1, b.instrument.volume24hUSD(rates: rates) ?? -1
      )
      return x == y ? a.id < b.id : x > y
    }
  }

  /// The text form: a status line, then one row per instrument.
  public var text: String {
    var out = "markets  \(rows.count)  \(TerminalText.sanitized(header.label))\n"
    out +=
      "symbol".padRight(14) + "last".padLeft(16) + "24h %".padLeft(10) + "vol 24h $".padLeft(12)
      + "OI $".padLeft(10) + "  type\n"
    for row in rows {
      let i = row.instrument
      // One line per row: a newline (or any control) in a server's symbol is shown as `?`; a
      // wide character takes two of the column's places, as on screen.
      out += TerminalText.sanitized(row.id.symbol.description).padRight(14)
      out += NumberFormat.price(i.lastPrice, decimals: i.priceDecimals).padLeft(16)
      out += (i.change24h.map { NumberFormat.percent($0) } ?? "-").padLeft(10)
      out += (i.volume24hUSD(rates: rates).map(NumberFormat.compact) ?? "-").padLeft(12)
      out += (i.openInterestUSD(rates: rates).map(NumberFormat.compact) ?? "-").padLeft(10)
      out += "  " + row.kind.name + "\n"
    }
    return out
  }

  /// What `--once --markets` prints: the JSON form and a newline, or the text form made safe
  /// line by line (symbols and names come from the exchange).
  public func output(json: Bool) -> String {
    json ? self.json + "\n" : TerminalText.sanitized(text, keepingNewlines: true)
  }

  /// The JSON form (`--json`): `{"venue":…,"status":…,"mode":…,"time":…,"markets":[{…},…]}`,
  /// one object per instrument, each with its own `venue`.
  public var json: String {
    func number(_ v: Double?) -> String { JSONNumber.text(v) }
    func string(_ v: String?) -> String { v.map(TerminalText.jsonLiteral) ?? "null" }
    let items = rows.map { row -> String in
      let i = row.instrument
      let fields: [(String, String)] = [
        ("venue", TerminalText.jsonLiteral(row.id.venue.name)),
        ("symbol", TerminalText.jsonLiteral(row.id.symbol.description)),
        ("kind", TerminalText.jsonLiteral(row.kind.name)), ("typ", string(i.typ)),
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
