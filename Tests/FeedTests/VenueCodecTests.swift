import MarketModel
import Testing

@testable import Feed

/// What a venue's events mean for the connection machine.
@Suite struct VenueCodecTests {
  private static let plan = SubscriptionPlan(bookDepth: 10, perSymbol: [.book, .trades, .ticker])

  /// A ticker completes the symbol's `ticker` subscription as trades complete theirs (a venue
  /// whose URL names its streams acknowledges none: Binance's ticker would otherwise be given up
  /// on as "no partial within 10 s" while it flows), never a bare sign of life.
  @Test func aTickerCompletesItsSubscription() {
    var inputs: [FeedInput] = []
    VenueCodec.read(.ticker(symbol: "BTC/USD", ticker: 0), plan: Self.plan, into: &inputs)
    #expect(inputs == [.snapshot(Subscription(.ticker, "BTC/USD"))])
  }

  /// A mark price stream subscribed apart (Binance USDⓈ-M `@markPrice`) comes as a ticker of the
  /// mark, index and funding only: it completes the `mark` subscription, a full ticker the
  /// `ticker` one.
  @Test func aMarkOnlyTickerIsTheMarkStreams() {
    let plan = SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades, .ticker, .mark])
    var mark = VenueTicker(partial: true)
    mark.markPrice = FixedDecimal(mantissa: 6_180_010, scale: 2)
    var full = VenueTicker()
    full.last = FixedDecimal(mantissa: 6_180_000, scale: 2)
    var inputs: [FeedInput] = []
    VenueCodec.read(.ticker(symbol: "BTCUSDT", ticker: 0), plan: plan, tickers: [mark, full], into: &inputs)
    VenueCodec.read(.ticker(symbol: "BTCUSDT", ticker: 1), plan: plan, tickers: [mark, full], into: &inputs)
    #expect(
      inputs == [.snapshot(Subscription(.mark, "BTCUSDT")), .snapshot(Subscription(.ticker, "BTCUSDT"))])
    // Without a mark subscription of its own, a mark is the ticker's.
    inputs.removeAll()
    VenueCodec.read(.ticker(symbol: "BTCUSDT", ticker: 0), plan: Self.plan, tickers: [mark], into: &inputs)
    #expect(inputs == [.snapshot(Subscription(.ticker, "BTCUSDT"))])
  }
}
