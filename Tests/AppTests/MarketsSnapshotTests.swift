import BitMEX
import MarketModel
import Testing

@testable import App

/// `--once --markets` on a hand-built universe: rows by 24 h USD volume (ties by key), kind names
/// as scripts read them, what is not known as `-` and `null`, a wide or hostile symbol kept to its
/// column and line.
@Suite struct MarketsSnapshotTests {
  static func universe() -> MarketUniverse {
    var universe = MarketUniverse()
    var xbt = ValuationAgreementTests.xbtusd(mark: 50_000, last: 50_000.5)
    xbt.prevPrice24h = 48_000
    xbt.volume24h = 2_000_000
    var index = ValuationAgreementTests.index(last: 49_990)
    index.symbol = ".BXBT"
    // A symbol from outside: wide characters, and a control character.
    var odd = InstrumentUpdate(symbol: "币\u{7}X")
    odd.typ = "OCECCS"
    _ = universe.merge(rest: [ValuationAgreementTests.ethusd(), odd, index, xbt])
    return universe
  }

  static let snapshot = MarketsSnapshot(
    universe: universe(), status: "LIVE", mode: .demo, timeMs: BookSnapshotTests.at,
    bitcoinSources: VenueAbout.bitmex.bitcoinSources)

  @Test func rowsGoByUSDVolumeThenByKey() {
    #expect(Self.snapshot.rows.map(\.id.symbol.description) == ["XBTUSD", "ETHUSD", ".BXBT", "币\u{7}X"])
  }

  @Test func theTextIsATableWhoseColumnsLineUpOnATerminal() {
    let lines = Self.snapshot.output(json: false).split(separator: "\n").map(String.init)
    #expect(lines[0] == "markets  4  DEMO LIVE")
    #expect(
      lines[1] == "symbol                    last     24h %   vol 24h $      OI $  type")
    #expect(
      lines[2] == "XBTUSD                50,000.5    +4.17%        2.0M         -  perpetual", "\(lines)")
    #expect(lines[4] == ".BXBT                49,990.00         -           -         -  index", "\(lines)")
    // Two columns for the wide character, one for the `?` that stands for the bell.
    #expect(lines[5] == "币?X                         -         -           -         -  other", "\(lines)")
    #expect(lines.count == 6)
  }

  @Test func theJSONNamesEveryFieldAndNullForWhatIsNotKnown() throws {
    let json = Self.snapshot.json
    #expect(
      json.hasPrefix(
        #"{"venue":"bitmex","status":"LIVE","mode":"demo","time":"2026-11-26T15:25:00.094Z","markets":[{"#))
    #expect(
      json.hasSuffix(
        #"{"venue":"bitmex","symbol":"币\u0007X","kind":"other","typ":"OCECCS","state":null,"last":null,"#
          + #""change24hPct":null,"volume24hUSD":null,"bid":null,"ask":null,"spreadBps":null,"mark":null,"#
          + #""basis":null,"basisAnnualPct":null,"fundingRate":null,"openInterestUSD":null,"tickSize":null,"#
          + #""lotSize":null,"multiplier":null,"isInverse":null,"quoteCurrency":null,"settlCurrency":null}]}"#
      ),
      "\(json)")
    #expect(
      json.contains(#""symbol":"XBTUSD","kind":"perpetual","typ":"FFWCSX","state":"Open","last":50000.5,"#))
    #expect(json.contains(#""symbol":".BXBT","kind":"index","#))
    #expect(!json.contains("nan") && !json.contains("\n"))
  }

  /// One spelling of the kinds: the JSON's word, which the markets list's Type column starts from
  /// (its `-` for a kind not known, and a future's time to expiry, are the column's own).
  @Test func theKindsNames() {
    let kinds: [MarketKind] = [
      .perpetual, .future(expiryMs: nil), .future(expiryMs: 5), .spot, .index, .other,
    ]
    #expect(kinds.map(\.name) == ["perpetual", "future", "future", "spot", "index", "other"])
  }
}
