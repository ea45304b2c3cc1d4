import BitMEX
import MarketModel
import Testing

@testable import Session

/// The one UI-side core every front end shares: what a drain resets, what counts as live, and
/// how old each table's data is.
@Suite struct MarketSessionTests {
  static let xbt: Symbol = "XBTUSD"
  static let book = Subscription(.book, xbt, depth: 25)
  static let trade = Subscription(.trades, "XBTUSD")
  static let instrument = Subscription(.ticker, "XBTUSD")

  /// A batch with the three partials (a two-level book, one trade, the instrument).
  static func partials() -> MarketBatch {
    var b = MarketBatch()
    b.bookRows = [
      BookRow(symbol: xbt, id: 1, side: .buy, size: 5, price: 100),
      BookRow(symbol: xbt, id: 2, side: .sell, size: 5, price: 101),
    ]
    b.trades = [Trade(timeMs: 1, symbol: xbt, side: .buy, size: 1, price: 100)]
    var i = InstrumentUpdate(symbol: xbt)
    i.lastPrice = 100
    b.instruments = [i]
    b.events = [
      .book(BookMessage(table: .top25, action: .partial, filterSymbol: xbt, rows: 0..<2)),
      .trades(TableSlice(action: .partial, filterSymbol: xbt, rows: 0..<1)),
      .instrument(TableSlice(action: .partial, filterSymbol: xbt, rows: 0..<1)),
    ]
    // Its book rows mapped to price levels, as BitMEX's decoder hands them over.
    var ids = BitMEXBookIDs()
    ids.map(&b)
    return b
  }

  static func trades(_ count: Int, from time: Int64) -> MarketBatch {
    var b = MarketBatch()
    b.trades = (0..<count).map {
      Trade(timeMs: time + Int64($0), symbol: xbt, side: .sell, size: 1, price: 100)
    }
    b.events = [.trades(TableSlice(action: .insert, filterSymbol: nil, rows: 0..<count))]
    return b
  }

  static func live() -> FeedUpdate { FeedUpdate(status: FeedStatus(state: .live, symbol: "XBTUSD")) }

  @Test func aResetOfTheBookLeavesTheTapeAndTheInstrumentLive() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.partials(), now: 1)
    #expect(session.isLive)
    let step = session.ingest(FeedUpdate(resetTopics: [Self.book]), MarketBatch(), now: 2)
    #expect(step.resetTopics == [Self.book])
    #expect(session.market.bookSync == .awaitingPartial)
    #expect(session.market.tradeSync == .live && session.market.instrumentSync == .live)
    #expect(!session.isLive, "a table waiting for its partial is not live, whatever the status says")
    #expect(session.tapeIsLive && !session.bookIsLive)
    let more = session.ingest(FeedUpdate(), Self.trades(3, from: 10), now: 3)
    #expect(more.changes.liveTrades == 3, "the tape keeps taking trades while the book waits")
    #expect(session.market.tape.count == 4)
  }

  @Test func aNewConnectionResetsEveryTableAndTheOldDataKeepsItsAge() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.partials(), now: 1)
    let all = BitMEXWire.plan(book: .top25).subscriptions(symbol: "XBTUSD")
    _ = session.ingest(
      FeedUpdate(status: FeedStatus(state: .syncing, symbol: "XBTUSD"), resetTopics: all), MarketBatch(),
      now: 5)
    #expect(!session.bookIsLive && !session.tapeIsLive && !session.instrumentIsLive)
    // Trades before the new partial are dropped, and the old data's age is its real age.
    _ = session.ingest(FeedUpdate(), Self.trades(2, from: 20), now: 6)
    #expect(session.market.tape.count == 1)
    #expect(session.tapeDataAt == 1 && session.bookDataAt == 1)
  }

  @Test func topicsOfAnotherSymbolResetNothing() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.partials(), now: 1)
    _ = session.ingest(
      FeedUpdate(resetTopics: [Subscription(.book, "ETHUSD", depth: 25)]), MarketBatch(), now: 2)
    #expect(session.isLive)
  }

  @Test func aBookSilentWhileTheTapeMovesIsSilentAfterTheLimit() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.partials(), now: 1)
    #expect(!session.bookIsSilent(now: 10, limit: 5), "nothing moved after the book")
    _ = session.ingest(FeedUpdate(), Self.trades(1, from: 10), now: 4)
    #expect(!session.bookIsSilent(now: 5.9, limit: 5))
    #expect(session.bookIsSilent(now: 6, limit: 5))
  }

  @Test func faultsBecomeResyncCommandsOfTheirTopic() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.partials(), now: 1)
    var bad = MarketBatch()
    bad.bookRows = [BookRow(symbol: Self.xbt, id: 99, side: .sell, size: 5, price: nil)]
    bad.events = [.book(BookMessage(table: .top25, action: .update, filterSymbol: nil, rows: 0..<1))]
    var ids = BitMEXBookIDs()
    ids.map(&bad)
    let step = session.ingest(FeedUpdate(), bad, now: 2)
    #expect(step.commands == [.resync(Self.book)])
    #expect(session.resyncs == 1)
  }

  /// A run that draws nothing (`--once`) keeps no changed prices, after a rewind and a symbol
  /// switch too (each starts a new market); one that draws keeps them.
  @Test(arguments: [true, false])
  func changedPricesAreKeptOnlyWhenTracked(tracks: Bool) {
    var session = MarketSession(symbol: Self.xbt)
    session.tracksChangedPrices = tracks
    var ids = BitMEXBookIDs()
    func update() -> MarketBatch {
      var b = MarketBatch()
      b.bookRows = [BookRow(symbol: Self.xbt, id: 1, side: .buy, size: 7, price: nil)]
      b.events = [.book(BookMessage(table: .top25, action: .update, filterSymbol: nil, rows: 0..<1))]
      ids.map(&b)
      return b
    }
    for round in 0..<2 {
      // The partials with their book unmapped, for this map to follow the book from its partial.
      var partials = Self.partials()
      partials.bookLevels = []
      partials.events[0] = .book(
        BookMessage(table: .top25, action: .partial, filterSymbol: Self.xbt, rows: 0..<2))
      ids = BitMEXBookIDs()
      ids.map(&partials)
      _ = session.ingest(Self.live(), partials, now: 1)
      _ = session.ingest(FeedUpdate(), update(), now: 2)
      #expect(session.market.book.bids.best?.size == 7, "round \(round)")
      #expect(session.market.changedPrices == (tracks ? [100] : []), "round \(round)")
      #expect(session.market.tracksChangedPrices == tracks, "round \(round)")
      _ = session.ingest(FeedUpdate(rewound: true), MarketBatch(), now: 3)
      #expect(session.market.tracksChangedPrices == tracks, "after the rewind, round \(round)")
    }
    _ = session.switchSymbol(to: "ETHUSD")
    #expect(session.market.tracksChangedPrices == tracks, "after the switch")
  }

  @Test func switchingSymbolStartsAnEmptyMarket() {
    var session = MarketSession(symbol: Self.xbt)
    _ = session.ingest(Self.live(), Self.partials(), now: 1)
    #expect(session.switchSymbol(to: "ETHUSD") == [.switchSymbol("ETHUSD")])
    #expect(session.market.symbol == "ETHUSD" && session.market.book.isEmpty && session.bookDataAt == nil)
    #expect(session.switchSymbol(to: "ETHUSD") == [])
  }
}
