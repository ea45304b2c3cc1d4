import Binance
import ExchangeSim
import Feed
import MarketModel
import Session
import Testing

/// The markets list live on Binance: its streams are named in the URL, so the watch of the
/// list's tickers opens the stream of every instrument's ticker on a connection of its own, at
/// the path Binance routes it to (`!ticker@arr` on USDⓈ-M's `/market`, where `/public` would send
/// nothing; `!miniTicker@arr` on spot), and closes it with the list. The market's own connections
/// are not touched: the book stays LIVE on its first snapshot.
@Suite(.serialized) struct BinanceLiveTickersTests {
  @Test(arguments: [BinanceMarket.spot, .usdm])
  func theListsTickersComeOnTheAllMarketStream(market: BinanceMarket) throws {
    try Integration.withSim(Integration.simConfig(seed: 93)) { sim in
      let simMarket: BinanceSimMarket = market == .spot ? .spot : .usdm
      let adapter = BinanceAdapter(
        market: market, host: sim.binanceHost(simMarket), restHost: sim.binanceRESTHost(simMarket))
      let perSymbol: [MarketChannel] = market == .spot ? [.book, .trades] : [.book, .trades, .ticker, .mark]
      let h = VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: perSymbol),
        policy: .bridge(SnapshotBridgeSync(bridge: market.bridge)), symbol: "BTCUSDT",
        restHost: adapter.restHost)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive }
      #expect(h.feed.tickerConnectionURL == nil)
      #expect(h.otherTickers.isEmpty)
      h.feed.post(.watchTickers(["ETHUSDT", "BTCUSDT"]))
      let path = market == .spot ? "/stream?streams=!miniTicker@arr" : "/market/stream?streams=!ticker@arr"
      #expect(h.feed.tickerConnectionURL == sim.binanceHost(simMarket) + path)
      h.waitUntil(timeout: 10, "other symbols' tickers") { $0.otherTickers.contains("ETHUSDT") }
      // A watch of other rows keeps the one connection; none closes it.
      h.feed.post(.watchTickers(["XRPUSDT"]))
      #expect(h.feed.tickerConnectionURL == sim.binanceHost(simMarket) + path)
      h.feed.post(.watchTickers([]))
      #expect(h.feed.tickerConnectionURL == nil)
      #expect(h.isLive)
      #expect(h.snapshotsFetched == 1)
      #expect(h.statusesSeen.last?.reconnects == 0)
    }
  }
}
