import OKX
import Testing
import VenueCore

@Suite struct OKXRESTTests {
  static let cases: [(RESTIntent, [String])] = [
    // One request per instrument type.
    (
      .instruments,
      [
        "/api/v5/public/instruments?instType=SPOT", "/api/v5/public/instruments?instType=SWAP",
        "/api/v5/public/instruments?instType=FUTURES",
      ]
    ),
    (.bookSnapshot("BTC-USDT", depth: 1000), ["/api/v5/market/books?instId=BTC-USDT&sz=400"]),
    (
      .candles("BTC-USDT-SWAP", intervalMs: 86_400_000, limit: 1000, beforeMs: 1_764_158_400_000),
      ["/api/v5/market/candles?instId=BTC-USDT-SWAP&bar=1Dutc&after=1764158400000&limit=300"]
    ),
    (
      .candles("BTC-USDT", intervalMs: 3_600_000, limit: 24, beforeMs: 1_764_158_400_000),
      ["/api/v5/market/candles?instId=BTC-USDT&bar=1H&after=1764158400000&limit=24"]
    ),
    (.candles("BTC-USDT", intervalMs: 1, limit: 24, beforeMs: 1_764_158_400_000), []),
    (.recentTrades("BTC-USD-SWAP", limit: 1000), ["/api/v5/market/trades?instId=BTC-USD-SWAP&limit=500"]),
  ]

  @Test(arguments: cases)
  func requests(intent: RESTIntent, expected: [String]) {
    #expect(OKXAdapter().restRequests(for: intent).map(\.target) == expected)
  }
}
