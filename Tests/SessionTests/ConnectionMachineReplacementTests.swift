import BitMEX
import MarketModel
import TestSupport
import Testing

@testable import Session

/// Make-before-break: before the venue ends a connection (its lifetime, or a `serverShutdown`
/// notice) a replacement opens beside it and the machine switches once it has caught up; the
/// status stays LIVE throughout. Times by hand, in seconds.
@Suite struct ConnectionMachineReplacementTests {
  private static let url = "wss://stream.binance.com:9443/stream?streams=btcusdt@depth@100ms/btcusdt@trade"
  private static let plan = SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades])
  private static let topics = plan.subscriptions(symbol: "BTCUSDT")

  private static func config(lifetime: Double?, replace: Bool = true) -> FeedConfig {
    var config = FeedConfig()
    config.heartbeatIdle = 1e9
    config.pongTimeout = 1e9
    config.staleTableAfter = nil
    config.partialTimeout = nil
    config.connectionLifetime = lifetime
    config.replaceBeforeBreak = replace
    return config
  }

  /// Started at 0, connected at 1, LIVE at 2; a day's lifetime: replaced from 85,801.
  private static func live(lifetime: Double? = 86_400, replace: Bool = true) -> ConnectionMachine {
    var machine = ConnectionMachine(
      url: url, symbol: "BTCUSDT", plan: plan, config: config(lifetime: lifetime, replace: replace),
      random: FixedRandom())
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    for topic in topics { _ = machine.partialReceived(topic, now: 2) }
    #expect(machine.state == .live)
    return machine
  }

  /// The statuses `actions` emit.
  private static func emitted(_ actions: [ConnectionAction]) -> [FeedStatus] {
    actions.compactMap { if case .emit(let status) = $0 { status } else { nil } }
  }

  @Test func theReplacementOpensBesideTheLiveConnectionAndIsSwitchedToOnceCaughtUp() {
    var machine = Self.live()
    #expect(!machine.tick(now: 85_800).contains(.connectReplacement(url: Self.url)))
    let opening = machine.tick(now: 85_801)
    #expect(opening.contains(.connectReplacement(url: Self.url)))
    // The live connection is kept: no close, no reset, no new connection of its own.
    #expect(!opening.contains { if case .close = $0 { true } else { false } })
    #expect(!opening.contains { if case .resetTables = $0 { true } else { false } })
    #expect(machine.state == .live)
    #expect(machine.isReplacing)
    // Its frames are held while it catches up: the machine waits.
    #expect(
      machine.replacementConnected(now: 85_802).filter { if case .scheduleWake = $0 { false } else { true } }
        .isEmpty)
    #expect(machine.state == .live)
    let switching = machine.replacementCaughtUp(now: 85_803)
    #expect(switching.first == .switchToReplacement)
    #expect(!switching.contains { if case .resetTables = $0 { true } else { false } })
    #expect(Self.emitted(switching).allSatisfy { $0.state == .live })
    #expect(machine.state == .live)
    #expect(!machine.isReplacing)
    #expect(machine.connectionsOpened == 2)
    #expect(machine.attempt == 0)
    // The replacement has a day of its own from the switch.
    #expect(!machine.tick(now: 171_602).contains(.connectReplacement(url: Self.url)))
    #expect(machine.tick(now: 171_603).contains(.connectReplacement(url: Self.url)))
  }

  /// A replacement that fails is tried again; one that never catches up gives way, at half the
  /// margin, to the plain reconnect before the venue's end.
  @Test func aReplacementThatNeverCatchesUpGivesWayToAPlainReconnect() {
    var machine = Self.live()
    _ = machine.tick(now: 85_801)
    _ = machine.replacementLost(reason: "connection refused", now: 85_801.5)
    #expect(!machine.isReplacing)
    #expect(machine.state == .live)
    #expect(machine.pendingWake.map { $0 <= 85_802 } == true)
    #expect(machine.tick(now: 85_802).contains(.connectReplacement(url: Self.url)))
    _ = machine.replacementConnected(now: 85_802.5)
    // Not caught up by 85,801 + 300 s: replaced the plain way, the replacement closed first.
    #expect(!machine.tick(now: 86_100.9).contains { if case .close = $0 { true } else { false } })
    let fallback = machine.tick(now: 86_101)
    #expect(
      fallback.prefix(3) == [
        .closeReplacement(reason: "not caught up"), .close(code: 1000, reason: "connection lifetime"),
        .connect(url: Self.url),
      ])
    #expect(machine.state == .connecting)
    #expect(machine.lastError == nil)
    #expect(!machine.isReplacing)
    // A late word from the closed replacement changes nothing.
    #expect(machine.replacementCaughtUp(now: 86_102).isEmpty)
  }

  /// Nothing on screen to keep (the book still syncing): the plain reconnect, as before.
  @Test func aConnectionNotLiveIsReplacedThePlainWay() {
    var machine = ConnectionMachine(
      url: Self.url, symbol: "BTCUSDT", plan: Self.plan, config: Self.config(lifetime: 86_400),
      random: FixedRandom())
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    #expect(machine.state == .syncing)
    let actions = machine.tick(now: 85_801)
    #expect(
      actions.prefix(2) == [.close(code: 1000, reason: "connection lifetime"), .connect(url: Self.url)])
  }

  /// An I/O layer that cannot splice gets the plain reconnect.
  @Test func withoutMakeBeforeBreakTheConnectionIsReplacedThePlainWay() {
    var machine = Self.live(replace: false)
    let actions = machine.tick(now: 85_801)
    #expect(
      actions.prefix(2) == [.close(code: 1000, reason: "connection lifetime"), .connect(url: Self.url)])
    #expect(!actions.contains(.connectReplacement(url: Self.url)))
  }

  /// Binance's `serverShutdown`: the same replacement, at once, with half the margin to catch up.
  @Test func aShutdownNoticeStartsTheReplacementEarly() {
    var machine = Self.live()
    let actions = machine.shutdownNotice(now: 100)
    #expect(actions.contains(.connectReplacement(url: Self.url)))
    #expect(machine.state == .live)
    // A second notice while it is under way changes nothing.
    #expect(machine.shutdownNotice(now: 101).isEmpty)
    _ = machine.replacementConnected(now: 101)
    #expect(machine.replacementCaughtUp(now: 102).first == .switchToReplacement)
    // Not caught up in time after a notice: the plain way at 100 + 300.
    var late = Self.live()
    _ = late.shutdownNotice(now: 100)
    _ = late.replacementConnected(now: 101)
    #expect(
      late.tick(now: 400).prefix(2) == [
        .closeReplacement(reason: "not caught up"), .close(code: 1000, reason: "server shutdown notice"),
      ])
  }

  /// The connection it was to replace is gone: so is the replacement.
  @Test func theReplacementClosesWithTheConnection() {
    var machine = Self.live()
    _ = machine.tick(now: 85_801)
    _ = machine.replacementConnected(now: 85_802)
    let actions = machine.closed(code: 1006, reason: "", now: 85_803)
    #expect(actions.first == .closeReplacement(reason: "connection gone"))
    #expect(!machine.isReplacing)
    var stopped = Self.live()
    _ = stopped.tick(now: 85_801)
    #expect(stopped.stop(now: 85_802).first == .closeReplacement(reason: "connection gone"))
  }

  /// Within a short lifetime (a test's simulator): a tenth of it early, half of that to catch up.
  @Test func aShortLifetimeLeavesHalfItsTenthToCatchUp() {
    var machine = Self.live(lifetime: 20)
    #expect(!machine.tick(now: 18.9).contains(.connectReplacement(url: Self.url)))
    #expect(machine.tick(now: 19).contains(.connectReplacement(url: Self.url)))
    _ = machine.replacementConnected(now: 19.1)
    #expect(machine.tick(now: 19.9).isEmpty)
    #expect(machine.tick(now: 20).contains(.close(code: 1000, reason: "connection lifetime")))
  }
}
