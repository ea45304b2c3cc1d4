import BitMEX
import MarketModel
import Testing

/// BitMEX's tables as the venue-neutral subscriptions, and its error frames read into what they
/// mean for the connection.
@Suite struct BitMEXWireTests {
  private let wire = BitMEXWire(url: "wss://ws.bitmex.com/realtime")

  @Test(arguments: [
    (BookTable.top25, "ETHUSD", ["orderBookL2_25:ETHUSD", "trade:ETHUSD", "instrument", "liquidation"]),
    (BookTable.full, "XBTUSD", ["orderBookL2:XBTUSD", "trade:XBTUSD", "instrument", "liquidation"]),
    (BookTable.top100, "XBTUSD", ["orderBookL2_100:XBTUSD", "trade:XBTUSD", "instrument", "liquidation"]),
  ])
  func thePlanIsTheTablesTradetermAlwaysSubscribed(book: BookTable, symbol: String, topics: [String]) {
    let subscriptions = BitMEXWire.plan(book: book).subscriptions(symbol: symbol)
    #expect(subscriptions.compactMap(BitMEXWire.topic).map(\.description) == topics)
    // Every table reads back into the subscription it stands for.
    #expect(topics.compactMap { Topic($0).flatMap(BitMEXWire.subscription) } == subscriptions)
  }

  /// The cross-venue screen's BitMEX instrument: its own tables and instrument row, not the
  /// `instrument` and `liquidation` tables of every symbol (issue 28: BitMEX's all-symbol
  /// `instrument` was a sixth of the screen's messages, none of them shown).
  @Test func aSingleInstrumentsPlanIsItsOwnTablesAlone() {
    let subscriptions = BitMEXWire.singleInstrumentPlan(book: .top25).subscriptions(symbol: "XBTUSD")
    #expect(
      subscriptions.compactMap(BitMEXWire.topic).map(\.description) == [
        "orderBookL2_25:XBTUSD", "trade:XBTUSD", "instrument:XBTUSD",
      ])
    #expect(
      wire.subscribeFrames(subscriptions) == [
        #"{"op":"subscribe","args":["orderBookL2_25:XBTUSD","trade:XBTUSD","instrument:XBTUSD"]}"#
      ])
  }

  @Test func subscribeAndUnsubscribeAreOneFrameEach() {
    let subscriptions = BitMEXWire.plan(book: .top25).subscriptions(symbol: "XBTUSD")
    #expect(
      wire.subscribeFrames(subscriptions) == [
        #"{"op":"subscribe","args":["orderBookL2_25:XBTUSD","trade:XBTUSD","instrument","liquidation"]}"#
      ])
    #expect(wire.unsubscribeFrames([subscriptions[1]]) == [#"{"op":"unsubscribe","args":["trade:XBTUSD"]}"#])
    // A channel BitMEX has no table for is not sent at all.
    #expect(wire.subscribeFrames([Subscription(.heartbeat)]) == [])
    #expect(wire.subscribeFrames([Subscription(.book, "XBTUSD", depth: 10)]) == [])
  }

  @Test func tablesTradetermDoesNotSubscribeStandForNothing() {
    #expect(BitMEXWire.subscription(Topic(table: "announcement", symbol: nil)) == nil)
    #expect(BitMEXWire.subscription(Topic(table: "orderBook10", symbol: "XBTUSD")) == nil)
  }

  @Test(arguments: [
    (
      ServerError(status: 400, message: "You are already subscribed to this topic: trade:XBTUSD"),
      VenueError(.alreadySubscribed, "You are already subscribed to this topic: trade:XBTUSD")
    ),
    (
      ServerError(
        status: 400, message: "Unknown or expired symbol.", requestArgs: ["orderBookL2_25:XBTUSDX"]),
      VenueError(
        .unknownSymbol, "Unknown or expired symbol.", refused: Subscription(.book, "XBTUSDX", depth: 25))
    ),
    (
      ServerError(
        status: 400, message: "Unknown table: liquidation", requestArgs: ["trade:XBTUSD", "liquidation"]),
      VenueError(.unknownChannel, "Unknown table: liquidation", refused: Subscription(.liquidations))
    ),
    (
      ServerError(status: 400, message: "not for you", requestArgs: ["instrument"]),
      VenueError(.other, "not for you", refused: Subscription(.ticker))
    ),
    (
      ServerError(status: 429, message: "Rate limit exceeded, retry in 1 seconds.", retryAfter: 1),
      VenueError(.rateLimited, "Rate limit exceeded, retry in 1 seconds.", retryAfter: 1)
    ),
    (
      ServerError(status: 400, message: "Unknown table: tradeBin5dm"),
      VenueError(.unknownChannel, "Unknown table: tradeBin5dm")
    ),
  ])
  func errorFramesMeanWhatTheirWordsSay(error: ServerError, expected: VenueError) {
    #expect(BitMEXWire.venueError(error) == expected)
  }
}
