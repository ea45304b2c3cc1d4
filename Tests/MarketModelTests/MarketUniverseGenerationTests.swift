import Kraken
import MarketModel
import Testing
import VenueCore

/// `MarketUniverse.generation` moves with every change of the rows or the table's state, and
/// only then: the markets list's every-venue list is made again exactly when one of its venues'
/// lists moved.
@Suite struct MarketUniverseGenerationTests {
  @Test func eachChangeMovesItAndNothingElseDoes() {
    var u = MarketUniverse(venue: .kraken)
    var last = u.generation
    func moved(_ why: String) {
      #expect(u.generation != last, "\(why)")
      last = u.generation
    }
    func still(_ why: String) { #expect(u.generation == last, "\(why)") }

    u.merge(rest: [])
    still("no REST rows")
    u.merge(rest: [InstrumentUpdate(symbol: "BTC/USD")])
    moved("a REST row")
    var t = VenueTicker()
    t.last = FixedDecimal("98000.1")
    u.merge(restTickers: [SymbolTicker("BTC/USD", t)], specs: [:], now: 1)
    moved("REST tickers")
    var none = VenueBatch()
    u.apply(none, now: 2)
    still("a batch without tickers")
    none.tickers.append(t)
    none.events.append(.ticker(symbol: "ETH/USD", ticker: 0))
    u.apply(none, now: 3)
    moved("a live ticker")
    let spec = InstrumentSpec(
      key: InstrumentKey(venue: .kraken, symbol: "SOL/USD"), kind: .spot, base: "SOL", quote: "USD",
      settle: "USD", tickSize: FixedDecimal("0.01")!, lotSize: FixedDecimal("0.1")!, contract: .base)
    u.merge(specs: [spec])
    moved("REST instruments")
    u.resetTables([Subscription(.ticker)])
    moved("the tickers' table waiting again")
    u.apply(MarketBatch(), now: 4)
    still("a BitMEX batch without instrument rows")
  }
}
