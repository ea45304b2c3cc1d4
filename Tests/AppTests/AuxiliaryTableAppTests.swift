import BitMEX
import MarketModel
import Screen
import Session
import Testing

@testable import App

/// What the screen says when an auxiliary table is missing or a row was skipped (issue 24,
/// findings 1 and 2): LIVE on the book and tape, and only the pane that needs the table says why.
@Suite struct AuxiliaryTableAppTests {
  static let now = MonotonicTime(seconds: 100)
  static let wallMs: Int64 = 1_795_000_000_000
  static let liquidations = Subscription(.liquidations)
  static let allInstruments = Subscription(.ticker)

  /// The book's and the tape's partials, as the wire carries them.
  static let partials = [
    #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":["#
      + #"{"symbol":"XBTUSD","id":1,"side":"Sell","size":500,"price":98001},"#
      + #"{"symbol":"XBTUSD","id":2,"side":"Buy","size":700,"price":98000}]}"#,
    #"{"table":"trade","action":"partial","filter":{"symbol":"XBTUSD"},"data":["#
      + #"{"timestamp":"2026-11-26T12:00:00.000Z","symbol":"XBTUSD","side":"Buy","size":100,"price":98000.5}]}"#,
  ]

  /// A live dashboard at 120x40 with the book and tape live, the instrument never sent, and
  /// the feed's status `unavailable`.
  static func state(unavailable: [Subscription: String] = [:], activity: Bool = false) throws -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .live, width: 120, height: 40, ascii: false, color: true)
    s.activityVisible = activity
    let status = FeedStatus(state: .live, symbol: "XBTUSD", unavailable: unavailable, messagesPerSecond: 20)
    _ = App.update(&s, .feed(FeedUpdate(status: status), now: now, wallMs: wallMs))
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for line in partials { try decoder.decode(line, into: &batch) }
    _ = App.update(&s, .feed(FeedUpdate(), now: now, wallMs: wallMs), batch: batch)
    return s
  }

  @Test func theBadgeIsLiveWhileTheInstrumentIsOnItsWay() throws {
    let s = try Self.state()
    #expect(s.market.requiredTablesLive && s.market.instrumentSync == .awaitingPartial)
    #expect(DashboardView.badge(s).label == "LIVE")
    let text = DashboardView.render(s).text
    #expect(text.contains("no data yet"), "the header says it has no prices yet:\n\(text)")
  }

  @Test func theActivityPaneSaysWhyItHasNoLiquidations() throws {
    let s = try Self.state(unavailable: [Self.liquidations: "Unknown table: liquidation"], activity: true)
    #expect(DashboardView.badge(s).label == "LIVE")
    let text = DashboardView.render(s).text
    // In the title, and in full on the pane's first rows (two at this width).
    #expect(text.contains("Activity  liquidations unavailable"), "\(text)")
    #expect(text.contains("liquidations unavailable: Unknown table:"), "\(text)")
    #expect(text.contains("│ liquidation "), "\(text)")
  }

  @Test func theStatusLineSaysWhyTheInstrumentIsMissing() throws {
    let s = try Self.state(unavailable: [Self.allInstruments: "no partial within 10 s"])
    #expect(DashboardView.badge(s).label == "LIVE")
    #expect(StatusNote.text(s)?.contains("instrument table unavailable: no partial within 10 s") == true)
  }

  @Test func theStatusLineNamesASkippedRow() throws {
    var s = try Self.state()
    var batch = MarketBatch()
    var decoder = BitMEXDecoder()
    try decoder.decode(
      #"{"table":"instrument","action":"partial","data":[{"symbol":"BADPRICEUSD","lastPrice":"x"},"#
        + #"{"symbol":"XBTUSD","lastPrice":98000.5}]}"#, into: &batch)
    _ = App.update(&s, .feed(FeedUpdate(), now: Self.now, wallMs: Self.wallMs), batch: batch)
    let note = try #require(StatusNote.text(s))
    #expect(note.hasPrefix("skipped instrument row 1 (BADPRICEUSD): "), "\(note)")
    #expect(s.session.skippedRows == 1)
    #expect(s.market.instrumentSync == .live, "the good rows were kept")
  }
}
