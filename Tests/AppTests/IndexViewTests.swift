import BitMEX
import MarketModel
import Screen
import Session
import Testing

@testable import App

/// An index opens as an index (issue 29, point 12): a price and a chart, no book and no ticket.
/// BitMEX answers an index's book subscription with an empty partial and posts its price to the
/// trade feed as side-less prints of size 0.
@Suite struct IndexViewTests {
  static let wallMs: Int64 = 1_700_000_000_000

  static func feed(_ s: inout AppState, _ json: String, at seconds: Double = 2) {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try? decoder.decode(Array(json.utf8), into: &batch)
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: seconds), wallMs: wallMs), batch: batch)
  }

  /// `.BXBT` live: its row (`MRCXXX`), an empty book partial, two prints.
  static func index() -> AppState {
    var s = AppState(symbol: ".BXBT", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: ".BXBT")), now: .init(seconds: 1), wallMs: wallMs)
    )
    feed(
      &s,
      #"{"table":"instrument","action":"partial","keys":["symbol"],"data":[{"symbol":".BXBT","typ":"MRCXXX","underlying":"XBT","quoteCurrency":"USD","tickSize":0.01,"lastPrice":99207.12}]}"#
    )
    feed(
      &s,
      #"{"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],"filter":{"symbol":".BXBT"},"data":[]}"#
    )
    feed(
      &s,
      #"{"table":"trade","action":"partial","keys":[],"filter":{"symbol":".BXBT"},"data":[{"timestamp":"2023-11-14T22:13:20.000Z","symbol":".BXBT","side":"","size":0,"price":99200.5,"tickDirection":"PlusTick","trdMatchID":"00000000-0000-0000-0000-000000000000"}]}"#
    )
    feed(
      &s,
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2023-11-14T22:13:25.000Z","symbol":".BXBT","side":"","size":0,"price":99207.12,"tickDirection":"PlusTick","trdMatchID":"00000000-0000-0000-0000-000000000000"}]}"#,
      at: 3)
    return s
  }

  static func screen(_ s: AppState) -> String { DashboardView.render(s).text }

  @Test func anIndexSaysItHasNoBookAndItsTapeIsPrints() {
    let s = Self.index()
    let screen = Self.screen(s)
    #expect(screen.contains("Book: none, an index"), "\(screen)")
    #expect(screen.contains("an index: a published price, no book"), "\(screen)")
    var wide = s
    wide.width = 200
    #expect(
      Self.screen(wide).contains(".BXBT is an index: a price the venue publishes, not traded, so no book"))
    #expect(screen.contains("Index prints"), "\(screen)")
    // No buy/sell bar over prints that have neither side nor size.
    #expect(!screen.contains("1m B"), "\(screen)")
    #expect(screen.contains("99,207.12"), "\(screen)")
  }

  /// No book traffic is what an index has: the book pane is not aged as a silent book.
  @Test func anIndexsBookIsNotSilent() {
    var s = Self.index()
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 60), wallMs: Self.wallMs + 58_000))
    let screen = Self.screen(s)
    #expect(screen.contains("Book: none, an index") && !screen.contains("an index  "), "\(screen)")
    #expect(!screen.contains(" old "), "\(screen)")
    // The status line's age is the last print's (at 3 s), not a book's that never comes.
    #expect(DashboardView.render(s).line(s.height - 1).contains("age 57s"), "\(screen)")
  }

  @Test func theTicketRefusesAnIndex() {
    var s = Self.index()
    _ = App.update(&s, .key(.character("o")))
    #expect(s.ticket == nil)
    #expect(StatusNote.text(s)?.contains(".BXBT is an index: a published price, not traded") == true)
  }

  /// A traded instrument keeps its book title and its bar.
  @Test func aTradedInstrumentIsNotAnIndex() {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    Self.feed(
      &s,
      #"{"table":"instrument","action":"partial","keys":["symbol"],"data":[{"symbol":"XBTUSD","typ":"FFWCSX","tickSize":0.5}]}"#
    )
    let screen = Self.screen(s)
    #expect(!screen.contains("an index") && screen.contains("Book"), "\(screen)")
  }
}
