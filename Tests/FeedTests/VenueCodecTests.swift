import MarketModel
import Testing

@testable import Feed

/// What a venue's events mean for the connection machine.
@Suite struct VenueCodecTests {
  private static let plan = SubscriptionPlan(bookDepth: 10, perSymbol: [.book, .trades, .ticker])

  /// A ticker is data of the symbol's `ticker` subscription (a sign that subscription lives, as
  /// trades are of theirs), never a bare sign of life.
  @Test func aTickerIsDataOfItsSubscription() {
    var inputs: [FeedInput] = []
    VenueCodec.read(.ticker(symbol: "BTC/USD", ticker: 0), plan: Self.plan, into: &inputs)
    #expect(inputs == [.data(Subscription(.ticker, "BTC/USD"))])
  }
}
