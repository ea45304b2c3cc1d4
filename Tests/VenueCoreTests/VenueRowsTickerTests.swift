import Testing
import VenueCore
import WireJSON

/// The reading every venue's REST tickers share (`VenueRows(tickers:)`): one row a symbol, the
/// named decimals, the venue's own fields after; a bad row is an error naming it and the others
/// are kept.
@Suite struct VenueRowsTickerTests {
  static let names: VenueTicker.RESTNames = [("px", \.last), ("vol", \.volume24h)]

  @Test func everyRowIsReadAndABadOneIsNamed() throws {
    let body = try WireValue.parse(
      Array(
        #"[{"id":"A","px":"1.5","vol":"10","t":"7"},{"px":"2"},{"id":"B","px":"x"},{"id":"","px":"1"},{"id":"C","t":"late"},{"id":"D"}]"#
          .utf8))
    let rows = VenueRows<SymbolTicker>(tickers: try #require(body.array), symbolKey: "id", names: Self.names)
    {
      row, t throws(RESTBodyError) in
      t.timeMs = try VenueTicker.millis(row["t"], "t")
    }
    var a = VenueTicker()
    a.last = FixedDecimal("1.5")
    a.volume24h = FixedDecimal("10")
    a.timeMs = 7
    #expect(rows.rows == [SymbolTicker("A", a), SymbolTicker("D", VenueTicker())])
    #expect(
      rows.errors == [
        "?: no id", #"B: px "x" is not a number"#, ": no id", #"C: t "late" is not whole milliseconds"#,
      ])
  }
}
