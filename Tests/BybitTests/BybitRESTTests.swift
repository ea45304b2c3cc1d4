import Bybit
import Testing
import VenueCore

@Suite struct BybitRESTTests {
  static let cases: [(BybitCategory, RESTIntent, [String])] = [
    (.spot, .instruments, ["/v5/market/instruments-info?category=spot"]),
    (.inverse, .instruments, ["/v5/market/instruments-info?category=inverse&limit=1000"]),
    (
      .spot, .bookSnapshot("BTCUSDT", depth: 1000),
      ["/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=200"]
    ),
    (
      .linear, .bookSnapshot("BTCUSDT", depth: 1000),
      ["/v5/market/orderbook?category=linear&symbol=BTCUSDT&limit=500"]
    ),
    (
      .linear, .candles("BTCUSDT", intervalMs: 86_400_000, limit: 200, beforeMs: 1_764_158_400_000),
      ["/v5/market/kline?category=linear&symbol=BTCUSDT&interval=D&end=1764158399999&limit=200"]
    ),
    (.linear, .candles("BTCUSDT", intervalMs: 90_000, limit: 200, beforeMs: 1_764_158_400_000), []),
    (
      .spot, .recentTrades("BTCUSDT", limit: 500),
      ["/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=60"]
    ),
    (
      .inverse, .recentTrades("BTCUSD", limit: 500),
      ["/v5/market/recent-trade?category=inverse&symbol=BTCUSD&limit=500"]
    ),
  ]

  @Test(arguments: cases)
  func requests(category: BybitCategory, intent: RESTIntent, expected: [String]) {
    #expect(BybitAdapter(category: category).restRequests(for: intent).map(\.target) == expected)
  }
}
