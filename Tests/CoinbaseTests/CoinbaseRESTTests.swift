import Coinbase
import Testing
import VenueCore

@Suite struct CoinbaseRESTTests {
  static let cases: [(RESTIntent, [String])] = [
    (.instruments, ["/api/v3/brokerage/market/products"]),
    (
      .bookSnapshot("BTC-USD", depth: 100),
      ["/api/v3/brokerage/market/product_book?product_id=BTC-USD&limit=100"]
    ),
    // 350 bars at most; start and end in seconds.
    (
      .candles("BTC-USD", intervalMs: 60_000, limit: 1000, beforeMs: 1_764_158_400_000),
      [
        "/api/v3/brokerage/market/products/BTC-USD/candles?start=1764137400&end=1764158399&granularity=ONE_MINUTE&limit=350"
      ]
    ),
    // No four-hour granularity.
    (.candles("BTC-USD", intervalMs: 14_400_000, limit: 10, beforeMs: 1_764_158_400_000), []),
    (.recentTrades("ETH-USDC", limit: 50), ["/api/v3/brokerage/market/products/ETH-USDC/ticker?limit=50"]),
    // A symbol in the path is encoded.
    (.recentTrades("A/B", limit: 1), ["/api/v3/brokerage/market/products/A%2FB/ticker?limit=1"]),
  ]

  @Test(arguments: cases)
  func requests(intent: RESTIntent, expected: [String]) {
    #expect(CoinbaseAdapter().restRequests(for: intent).map(\.target) == expected)
  }
}
