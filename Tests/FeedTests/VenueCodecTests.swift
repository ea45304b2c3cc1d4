import MarketModel
import Testing

@testable import Feed

/// What a venue's events mean for the connection machine.
@Suite struct VenueCodecTests {
  private static let plan = SubscriptionPlan(bookDepth: 10, perSymbol: [.book, .trades, .ticker])

  /// A ticker completes the symbol's `ticker` subscription, as trades complete theirs (a venue
  /// may acknowledge none: it is never left waiting for a partial, and called unavailable while
  /// its tickers come), never a bare sign of life.
  @Test func aTickerCompletesItsSubscription() {
    var inputs: [FeedInput] = []
    VenueCodec.read(.ticker(symbol: "BTC/USD", ticker: 0), plan: Self.plan, into: &inputs)
    #expect(inputs == [.snapshot(Subscription(.ticker, "BTC/USD"))])
  }
}
