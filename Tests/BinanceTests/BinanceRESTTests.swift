import Binance
import Testing
import VenueCore

@Suite struct BinanceRESTTests {
  static let cases: [(BinanceMarket, RESTIntent, [String])] = [
    (.spot, .instruments, ["/api/v3/exchangeInfo"]),
    (.usdm, .instruments, ["/fapi/v1/exchangeInfo"]),
    (.spot, .bookSnapshot("BTCUSDT", depth: 1000), ["/api/v3/depth?symbol=BTCUSDT&limit=1000"]),
    // USDⓈ-M takes only 5, 10, 20, 50, 100, 500 or 1000 levels.
    (.usdm, .bookSnapshot("BTCUSDT", depth: 25), ["/fapi/v1/depth?symbol=BTCUSDT&limit=50"]),
    (.usdm, .bookSnapshot("BTCUSDT", depth: 9999), ["/fapi/v1/depth?symbol=BTCUSDT&limit=1000"]),
    (
      .spot, .candles("BTCUSDT", intervalMs: 60_000, limit: 5000, beforeMs: 1_764_158_400_000),
      ["/api/v3/klines?symbol=BTCUSDT&interval=1m&endTime=1764158399999&limit=1000"]
    ),
    (
      .usdm, .candles("BTCUSDT", intervalMs: 14_400_000, limit: 5000, beforeMs: 1_764_158_400_000),
      ["/fapi/v1/klines?symbol=BTCUSDT&interval=4h&endTime=1764158399999&limit=1500"]
    ),
    (.spot, .candles("BTCUSDT", intervalMs: 120_000, limit: 5, beforeMs: 1), []),
    (.usdm, .recentTrades("BTCUSDT", limit: 20), ["/fapi/v1/trades?symbol=BTCUSDT&limit=20"]),
  ]

  @Test(arguments: cases)
  func requests(market: BinanceMarket, intent: RESTIntent, expected: [String]) {
    #expect(BinanceAdapter(market: market).restRequests(for: intent).map(\.target) == expected)
  }
}
