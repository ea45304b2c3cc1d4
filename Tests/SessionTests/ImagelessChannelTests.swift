import BitMEX
import MarketModel
import Testing

@testable import Session

/// A venue's liquidations have no image and may be quiet for minutes
/// (`FeedConfig.imagelessChannels`): never given up on for their silence, still made unavailable
/// by a refusal that names them, and never holding LIVE back.
@Suite struct ImagelessChannelTests {
  private static let book = Subscription(.book, "XBTUSD", depth: 25)
  private static let trade = Subscription(.trades, "XBTUSD")
  private static let ticker = Subscription(.ticker)
  private static let liquidations = Subscription(.liquidations)

  /// A machine LIVE at 1.5 on the book, trades and ticker, its liquidations silent, then kept
  /// alive (book data and pongs) until `until` seconds.
  private static func quietMachine(imageless: Bool, until: Int = 100) -> ConnectionMachine {
    var config = FeedConfig()
    if imageless { config.imagelessChannels = [.liquidations] }
    var machine = ConnectionMachine(
      url: "wss://ws.example/realtime", symbol: "XBTUSD", plan: BitMEXWire.plan(book: .top25), config: config)
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    for topic in [book, trade, ticker] { _ = machine.partialReceived(topic, now: 1.5) }
    #expect(machine.state == .live)
    for second in 2...until {
      let now = MonotonicTime(seconds: Double(second))
      _ = machine.message(topic: book, now: now)
      _ = machine.pong(now: now)
      _ = machine.tick(now: now)
    }
    return machine
  }

  @Test func aQuietLiquidationStreamIsNeverGivenUpOn() {
    let machine = Self.quietMachine(imageless: true)
    #expect(machine.status.unavailable.isEmpty)
    #expect(machine.state == .live)
    // The control: with an image awaited, the same silence gives it up after 10 s.
    let awaiting = Self.quietMachine(imageless: false)
    #expect(awaiting.status.unavailable[Self.liquidations] == "no partial within 10 s")
  }

  /// A refusal naming the liquidations makes them unavailable with the venue's words; the book
  /// and the trades go on, LIVE.
  @Test func aRefusalStillDegradesTheLiquidationsAlone() {
    var machine = Self.quietMachine(imageless: true, until: 5)
    let words = "Wrong URL or channel:liquidation-orders doesn't exist"
    let actions = machine.serverError(
      VenueError(.unknownChannel, words, refused: Subscription(.liquidations)), now: 6)
    #expect(!actions.contains { if case .close = $0 { true } else { false } })
    #expect(machine.status.unavailable == [Self.liquidations: words])
    #expect(machine.state == .live)
  }
}
