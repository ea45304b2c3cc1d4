import Kraken
import Testing
import VenueCore

@Suite struct KrakenRESTTests {
  static let cases: [(RESTIntent, [String])] = [
    (.instruments, ["/0/public/AssetPairs"]),
    (.bookSnapshot("BTC/USD", depth: 25), ["/0/public/Depth?pair=BTCUSD&count=25"]),
    (.bookSnapshot("BTC/USD", depth: 5000), ["/0/public/Depth?pair=BTCUSD&count=500"]),
    (
      .candles("BTC/USD", intervalMs: 3_600_000, limit: 10, beforeMs: 1_764_158_400_000),
      ["/0/public/OHLC?pair=BTCUSD&interval=60&since=1764122400"]
    ),
    // Kraken has no 3-minute bars.
    (.candles("BTC/USD", intervalMs: 180_000, limit: 10, beforeMs: 1_764_158_400_000), []),
    (.recentTrades("ETH/USD", limit: 0), ["/0/public/Trades?pair=ETHUSD&count=1"]),
  ]

  @Test(arguments: cases)
  func requests(intent: RESTIntent, expected: [String]) {
    #expect(KrakenAdapter().restRequests(for: intent).map(\.target) == expected)
  }
}
