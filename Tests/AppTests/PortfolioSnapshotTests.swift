import BitMEX
import MarketModel
import Testing
import Trading

@testable import App

/// `--once --portfolio` on hand-built marks: positions and totals as JSON, CSV and the screen's
/// table; stale marks flagged in every form; a position with no instrument left unvalued, never a
/// number made up; a cell a spreadsheet would run as a formula made text.
@Suite struct PortfolioSnapshotTests {
  /// XBTUSD marked at 50,000 and ETHUSD at 1,000, from the all-symbols partial when `live`, else
  /// from REST alone (the table not live: every mark stale).
  static func universe(live: Bool) -> MarketUniverse {
    var universe = MarketUniverse()
    let rows = [ValuationAgreementTests.xbtusd(mark: 50_000, last: 50_010), ValuationAgreementTests.ethusd()]
    if live {
      var batch = MarketBatch()
      batch.instruments = rows
      batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<rows.count))]
      universe.apply(batch, now: 1_000)
    } else {
      _ = universe.merge(rest: rows)
    }
    return universe
  }

  static func snapshot(live: Bool, held: [HeldPosition]) -> PortfolioSnapshot {
    let valuation = Portfolio.value(
      held: held, fills: [], universe: universe(live: live), nowMs: 2_000, wallMs: 2_000, connected: true,
      bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    return PortfolioSnapshot(
      header: SnapshotHeader(venue: .bitmex, status: "LIVE", mode: .demo, timeMs: BookSnapshotTests.at),
      valuation: valuation)
  }

  /// 10,000 XBTUSD long from 40,000 (inverse): 0.2 XBT at 50,000, 0.05 XBT of P&L.
  static let long = HeldPosition(symbol: "XBTUSD", quantity: 10_000, entry: 40_000)

  @Test func theJSONValuesAPositionAndSumsItsCurrencyAndUSD() {
    let json = Self.snapshot(live: true, held: [Self.long]).json
    #expect(
      json.hasPrefix(
        #"{"venue":"bitmex","status":"LIVE","mode":"demo","time":"2026-11-26T15:25:00.094Z","positions":[{"#
          + #""symbol":"XBTUSD","name":"XBT/USD","source":"file","status":"ok","statusText":null,"side":"long","#
      ),
      "\(json)")
    #expect(json.contains(#""currency":"XBT","marketValue":0.2,"#), "\(json)")
    #expect(json.contains(#""unrealisedPnl":0.05,"#), "\(json)")
    #expect(json.contains(#""stale":false"#) && !json.contains(#""stale":true"#), "\(json)")
    #expect(json.contains(#""usd":{"netValue":10000,"#), "\(json)")
    #expect(!json.contains("nan") && !json.contains("\n"))
  }

  /// Marks not from a live table are stale: the position, its currency's total and the whole
  /// say so in the JSON and in the CSV's `stale` column.
  @Test func staleMarksAreFlaggedInEveryForm() throws {
    let s = Self.snapshot(live: false, held: [Self.long])
    #expect(s.json.contains(#""markAgeMs":"#))
    #expect(s.json.hasSuffix(#""notValued":0,"stale":true}"#), "\(s.json)")
    let rows = s.csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let column = try #require(rows[0].firstIndex(of: "stale"))
    #expect(rows.dropFirst().map { String($0[column]) } == ["true", "true", "true"], "\(s.csv)")
  }

  /// A symbol no instrument has: listed as unknown with nothing valued (no 0 that would read as
  /// a price), counted as not valued; the USD total says it has no rate.
  @Test func aPositionWithoutAnInstrumentIsNotValued() {
    let s = Self.snapshot(live: true, held: [HeldPosition(symbol: "NOPE", quantity: 3, entry: 1)])
    #expect(s.json.contains(#""symbol":"NOPE","#))
    #expect(s.json.contains(#""status":"unknown","#), "\(s.json)")
    #expect(s.json.contains(#""mark":null,"last":null,"#), "\(s.json)")
    #expect(s.json.contains(#""marketValue":null,"#), "\(s.json)")
    #expect(s.json.contains(#""notValued":1,"#), "\(s.json)")
  }

  @Test func theCSVHasAHeaderARowPerPositionAndTheTotals() {
    let csv = Self.snapshot(live: true, held: [Self.long]).output(json: false, csv: true)
    let lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines[0]
        == "symbol,name,source,status,statusText,side,quantity,unit,contracts,avgEntry,mark,last,markAgeMs,"
        + "stale,currency,marketValue,cost,unrealisedPnl,pnlPct,realisedPnl,fees,venue")
    #expect(lines[1].hasPrefix("XBTUSD,XBT/USD,file,ok,,long,10000,"), "\(lines[1])")
    #expect(lines[1].hasSuffix(",bitmex"), "\(lines[1])")
    #expect(lines[2].hasPrefix("TOTAL,,,,,,,,,,,,,false,XBT,0.2,,0.05,"), "\(lines[2])")
    #expect(lines[3].hasPrefix("TOTAL,at "), "\(lines[3])")
    #expect(lines[3].contains(",false,USD,10000,"), "\(lines[3])")
    #expect(lines.count == 5 && lines[4].isEmpty)
  }

  /// OWASP's CSV-injection advice: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
  /// return gets a leading `'`; a comma, quote or newline quotes the cell (quotes doubled).
  @Test func aCellASpreadsheetWouldRunIsText() {
    #expect(PortfolioSnapshot.csv("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
    #expect(PortfolioSnapshot.csv("-1") == "'-1")
    #expect(PortfolioSnapshot.csv("@SUM") == "'@SUM")
    #expect(PortfolioSnapshot.csv("a,b") == "\"a,b\"")
    #expect(PortfolioSnapshot.csv("XBT/USD") == "XBT/USD")
    // A newline is a control: shown as `?`, the row stays one line.
    #expect(PortfolioSnapshot.csv("a\nb") == "a?b")
  }

  @Test func theTextIsTheScreensTableUnderAStatusLine() {
    let text = Self.snapshot(live: true, held: [Self.long]).output(json: false, csv: false)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0] == "portfolio  1  DEMO LIVE")
    #expect(lines.contains { $0.contains("XBTUSD") }, "\(text)")
    #expect(lines.allSatisfy { $0.last != " " })
  }
}
