import Binance
import Testing
import VenueCore

@Suite struct BinanceAdapterTests {
  @Test func spotStreamsTravelInOneURL() {
    let c = BinanceAdapter(market: .spot).connections(for: [
      Subscription(.book, "BTCUSDT"), Subscription(.bbo, "BTCUSDT"), Subscription(.trades, "BTCUSDT"),
      Subscription(.ticker),
    ])
    #expect(
      c.map(\.url) == [
        "wss://stream.binance.com:9443/stream?streams=btcusdt@depth@100ms/btcusdt@bookTicker/btcusdt@trade/!miniTicker@arr"
      ])
  }

  /// USDⓈ-M routes by path: each stream is asked of the path that serves it.
  @Test func usdmStreamsAreRoutedByPath() {
    let c = BinanceAdapter(market: .usdm).connections(for: [
      Subscription(.book, "BTCUSDT"), Subscription(.trades, "BTCUSDT"), Subscription(.bbo, "BTCUSDT"),
      Subscription(.mark, "BTCUSDT"), Subscription(.liquidations), Subscription(.ticker),
    ])
    #expect(
      c.map(\.url) == [
        "wss://fstream.binance.com/public/stream?streams=btcusdt@depth@0ms/btcusdt@bookTicker",
        "wss://fstream.binance.com/market/stream?streams=btcusdt@aggTrade/btcusdt@markPrice@1s/!forceOrder@arr/!ticker@arr",
      ])
    #expect(c[0].subscriptions.map(\.channel) == [.book, .bbo])
  }

  @Test func limitsAndREST() {
    let spot = BinanceAdapter(market: .spot)
    #expect(spot.limits.connectionLifetime == 86_400)
    #expect(spot.limits.messagesPerSecond == 5)
    #expect(BinanceAdapter(market: .usdm).limits.messagesPerSecond == 10)
    #expect(spot.depthSnapshotPath(symbol: "BTCUSDT") == "/api/v3/depth?symbol=BTCUSDT&limit=1000")
    #expect(
      BinanceAdapter(market: .usdm).depthSnapshotPath(symbol: "BTCUSDT")
        == "/fapi/v1/depth?symbol=BTCUSDT&limit=1000")
    if case .serverPings = spot.heartbeat {} else { Issue.record("Binance's liveness is the server's pings") }
  }
}
