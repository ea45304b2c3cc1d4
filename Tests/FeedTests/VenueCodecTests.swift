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

  /// A liquidation of any symbol on an all-market stream completes the one subscription of every
  /// symbol's; on a per-symbol topic (Bybit), that symbol's. A refusal naming the channel is an
  /// auxiliary channel's refusal, never an unknown symbol.
  @Test func liquidationsAndTheirRefusal() {
    let all = SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades], allSymbols: [.liquidations])
    let perSymbol = SubscriptionPlan(bookDepth: 50, perSymbol: [.book, .trades, .liquidations])
    var inputs: [FeedInput] = []
    VenueCodec.read(.liquidations(symbol: "ETHUSDT", liquidations: 0..<1), plan: all, into: &inputs)
    VenueCodec.read(.liquidations(symbol: "BTCUSDT", liquidations: 0..<2), plan: perSymbol, into: &inputs)
    #expect(
      inputs == [.snapshot(Subscription(.liquidations)), .snapshot(Subscription(.liquidations, "BTCUSDT"))])
    inputs.removeAll()
    VenueCodec.read(
      .venueError("channel:liquidation-orders doesn't exist", channel: .liquidations), plan: all,
      into: &inputs)
    #expect(
      inputs == [
        .error(
          VenueError(
            .unknownChannel, "channel:liquidation-orders doesn't exist", refused: Subscription(.liquidations))
        )
      ])
  }
}
