import MarketModel
import Testing

@testable import Session

/// What a session counts as live when an auxiliary table is missing, and how it keeps the rows
/// the decoder skipped (issue 24, findings 1 and 2).
@Suite struct MarketSessionAuxiliaryTests {
  static let xbt: Symbol = "XBTUSD"
  static let allInstruments = Subscription(.ticker)
  static let liquidations = Subscription(.liquidations)

  /// The book's and the tape's partials, without the instrument's.
  static func bookAndTape() -> MarketBatch {
    var b = MarketSessionTests.partials()
    b.events.removeLast()
    b.instruments = []
    return b
  }

  static func live(unavailable: [Subscription: String] = [:]) -> FeedUpdate {
    FeedUpdate(status: FeedStatus(state: .live, symbol: "XBTUSD", unavailable: unavailable))
  }

  @Test func theBadgeIsLiveOnTheBookAndTapeAloneAndOnceWaitsForTheInstrument() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.bookAndTape(), now: 1)
    #expect(session.requiredTablesLive)
    #expect(!session.isLive, "the instrument is still on its way")
    #expect(!session.instrumentIsLive)
  }

  @Test func anInstrumentTableGivenUpOnSettlesIt() {
    var session = MarketSession(symbol: Self.xbt)
    let words = "Unknown table: instrument"
    _ = session.ingest(Self.live(unavailable: [Self.allInstruments: words]), Self.bookAndTape(), now: 1)
    #expect(session.isLive)
    #expect(session.instrumentUnavailable == words)
    #expect(session.liquidationsUnavailable == nil)
  }

  @Test func liquidationsUnavailableSaysWhy() {
    var session = MarketSession(symbol: Self.xbt)
    let words = "Unknown table: liquidation"
    _ = session.ingest(
      Self.live(unavailable: [Self.liquidations: words]), MarketSessionTests.partials(), now: 1)
    #expect(session.isLive)
    #expect(session.liquidationsUnavailable == words)
  }

  /// An all-symbols image without this symbol's row (its row was malformed and skipped) is the
  /// whole table: nothing more is coming for it, so the session does not wait for it.
  @Test func anAllSymbolsImageWithoutOurRowSettlesTheInstrument() {
    var session = MarketSession(symbol: Self.xbt)
    var b = Self.bookAndTape()
    b.instruments = [InstrumentUpdate(symbol: "ETHUSD")]
    b.events.append(.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<1)))
    b.skippedRows = 1
    b.lastSkippedRow = "instrument row 1 (XBTUSD): expected a number"
    let step = session.ingest(Self.live(), b, now: 2)
    #expect(session.isLive)
    #expect(!session.instrumentIsLive, "the header has no data of its own: it stays dimmed")
    #expect(step.skippedRows == 1 && step.changedAnything)
    #expect(session.skippedRows == 1)
    #expect(session.lastSkippedRow == "instrument row 1 (XBTUSD): expected a number")
    #expect(session.lastSkippedRowAt == 2)
    #expect(session.markets.count == 1)
  }
}
