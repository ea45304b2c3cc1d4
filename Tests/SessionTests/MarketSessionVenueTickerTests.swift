import Kraken
import MarketModel
import Session
import Testing

/// A venue session's tickers feed the header (the watched symbol's instrument, live) and the
/// markets list of the session's venue (every symbol's row).
@Suite struct MarketSessionVenueTickerTests {
  private static func ticker(_ last: String) -> VenueTicker {
    var t = VenueTicker()
    t.last = FixedDecimal(last)!
    return t
  }

  @Test func oneTickerFrameFeedsTheHeaderAndTheList() {
    var session = MarketSession(
      symbol: "BTC/USD", bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 10,
      venue: .kraken)
    _ = session.ingest(
      FeedUpdate(status: FeedStatus(state: .live, symbol: "BTC/USD")), VenueBatch(), now: 1.0)
    var batch = VenueBatch()
    batch.appendTicker(Self.ticker("63005.0"), symbol: "BTC/USD")
    batch.appendTicker(Self.ticker("3100.25"), symbol: "ETH/USD")
    let step = session.ingest(FeedUpdate(), batch, now: 2.0)
    #expect(step.changes.instrumentChanged && step.marketsChanged == 2)
    #expect(session.instrumentIsLive && session.instrumentDataAt == 2.0)
    #expect(session.market.instrument.lastPrice == 63005.0)
    #expect(session.markets.venue == .kraken)
    #expect(session.markets.rows.map(\.id.description) == ["kraken:BTC/USD", "kraken:ETH/USD"])
    // A switch to a symbol the list holds starts its header from the row.
    _ = session.switchSymbol(to: "ETH/USD")
    #expect(session.market.instrument.lastPrice == 3100.25)
  }
}
