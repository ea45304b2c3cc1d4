import BitMEX
import MarketModel
import TestSupport
import Testing

@testable import Session

/// A venue that ends every connection after a while (Binance: 24 h) never gets to: the machine
/// replaces the connection itself a little before, as a reconnect that is no failure. Times by
/// hand, in seconds.
@Suite struct ConnectionMachineLifetimeTests {
  private static let url = "wss://fstream.binance.com/public/stream?streams=btcusdt@depth@0ms"
  private static let plan = SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades])
  private static let topics = plan.subscriptions(symbol: "BTCUSDT")

  /// The heartbeat and watchdogs out of the way of a day-long test (the server pings).
  private static func config(lifetime: Double?) -> FeedConfig {
    var config = FeedConfig()
    config.heartbeatIdle = 1e9
    config.pongTimeout = 1e9
    config.staleTableAfter = nil
    config.partialTimeout = nil
    config.connectionLifetime = lifetime
    return config
  }

  /// Started at 0, connected at 1, LIVE at 2.
  private static func live(lifetime: Double?) -> ConnectionMachine {
    var machine = ConnectionMachine(
      url: url, symbol: "BTCUSDT", plan: plan, config: config(lifetime: lifetime), random: FixedRandom())
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    for topic in topics { _ = machine.partialReceived(topic, now: 2) }
    #expect(machine.state == .live)
    return machine
  }

  /// Whether `actions` replace the connection.
  private static func replaces(_ actions: [ConnectionAction]) -> Bool {
    actions.contains(.close(code: 1000, reason: "connection lifetime"))
      || actions.contains(.connect(url: url))
  }

  @Test func aDayLongConnectionIsReplacedTenMinutesBeforeTheVenueEndsIt() {
    var machine = Self.live(lifetime: 86_400)
    // Connected at 1: replaced at 1 + 24 h - 10 min, and not before.
    #expect(!Self.replaces(machine.tick(now: 85_800)))
    #expect(machine.state == .live)
    let actions = machine.tick(now: 85_801)
    #expect(
      actions.prefix(2) == [.close(code: 1000, reason: "connection lifetime"), .connect(url: Self.url)])
    // A reconnect, not a failure: no retry counted, no error to show, no wait.
    #expect(machine.state == .connecting)
    #expect(machine.attempt == 0)
    #expect(machine.lastError == nil)
    // The new connection has a lifetime of its own.
    _ = machine.connected(now: 85_802)
    for topic in Self.topics { _ = machine.partialReceived(topic, now: 85_803) }
    #expect(machine.state == .live)
    #expect(machine.connectionsOpened == 2)
    #expect(!Self.replaces(machine.tick(now: 171_601)))
    #expect(Self.replaces(machine.tick(now: 171_602)))
  }

  /// A short lifetime (a test's simulator) is cut a tenth early, not ten minutes.
  @Test func aShortLifetimeIsReplacedATenthEarly() {
    var machine = Self.live(lifetime: 60)
    #expect(!Self.replaces(machine.tick(now: 54.9)))
    #expect(
      machine.tick(now: 55).prefix(2) == [
        .close(code: 1000, reason: "connection lifetime"), .connect(url: Self.url),
      ])
  }

  @Test func aVenueWithoutALifetimeKeepsItsConnection() {
    var machine = Self.live(lifetime: nil)
    for day in 1...3 {
      #expect(!Self.replaces(machine.tick(now: MonotonicTime(seconds: Double(day) * 86_400))))
    }
    #expect(machine.state == .live)
    #expect(machine.connectionsOpened == 1)
  }
}
