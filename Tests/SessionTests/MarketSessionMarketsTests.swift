import BitMEX
import MarketModel
import Session
import Testing

/// The session keeps the markets list next to the watched market: one all-symbols `instrument`
/// table feeds both.
@Suite struct MarketSessionMarketsTests {
  static func partial(_ symbols: [Symbol], last: Double) -> MarketBatch {
    var batch = MarketBatch()
    for symbol in symbols {
      var row = InstrumentUpdate(symbol: symbol)
      row.typ = "FFWCSX"
      row.lastPrice = last
      batch.instruments.append(row)
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<symbols.count))]
    return batch
  }

  @Test func oneTableFeedsTheHeaderAndTheList() {
    var session = MarketSession(symbol: "XBTUSD")
    var update = FeedUpdate()
    update.resetTopics = BitMEXWire.plan(book: .top25).subscriptions(symbol: "XBTUSD")
    let step = session.ingest(update, Self.partial(["XBTUSD", "ETHUSD", "SOLUSDT"], last: 10), now: 2.0)
    #expect(step.marketsChanged == 3)
    #expect(session.markets.sync == .live)
    #expect(session.markets.count == 3)
    #expect(session.markets.row("SOLUSDT")?.changedAt == 2_000)
    #expect(session.market.instrument.lastPrice == 10)
    #expect(session.market.instrumentSync == .live)

    // A switch keeps the list, and the new symbol's header starts from its row of the table,
    // which stays subscribed (no fresh partial comes for it).
    _ = session.switchSymbol(to: "ETHUSD")
    #expect(session.markets.count == 3)
    #expect(session.market.instrumentSync == .live)
    #expect(session.market.instrument.lastPrice == 10)
    // A symbol the table does not hold waits for data.
    _ = session.switchSymbol(to: "DOGEUSD")
    #expect(session.market.instrumentSync == .awaitingPartial)
    _ = session.switchSymbol(to: "ETHUSD")

    // A new connection resets the table: it waits for a fresh partial.
    var reconnect = FeedUpdate()
    reconnect.resetTopics = BitMEXWire.plan(book: .top25).subscriptions(symbol: "ETHUSD")
    _ = session.ingest(reconnect, MarketBatch(), now: 3.0)
    #expect(session.markets.sync == .awaitingPartial)
  }

  @Test func restFactsMergeIntoTheList() {
    var session = MarketSession(symbol: "XBTUSD")
    var row = InstrumentUpdate(symbol: "ADAUSDT")
    row.tickSize = 0.00001
    session.merge(markets: [row])
    #expect(session.markets.row("ADAUSDT")?.instrument.tickSize == 0.00001)
    #expect(session.markets.sync == .awaitingPartial)
  }
}
