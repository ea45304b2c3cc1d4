import MarketModel
import TestSupport
import Testing

@testable import Session

/// A bridged book's REST snapshot under the venue's limits, with times by hand: asked at once
/// while none is in force; held while one is (429, 418), and asked by the machine itself when it
/// ends; the book's snapshot timeout waits with it rather than reconnect.
@Suite struct ConnectionMachineRESTLimitTests {
  private static let url = "wss://fstream.binance.com/public/stream?streams=btcusdt@depth@0ms"
  private static let plan = SubscriptionPlan(bookDepth: nil, perSymbol: [.book])
  private static let book = Subscription(.book, "BTCUSDT")

  /// Connected at 1, waiting for the book's snapshot; heartbeat and watchdog out of the way; the
  /// snapshot timeout 30 s.
  private static func connected() -> ConnectionMachine {
    var config = FeedConfig()
    config.heartbeatIdle = 1e9
    config.pongTimeout = 1e9
    config.staleTableAfter = nil
    var machine = ConnectionMachine(
      url: url, symbol: "BTCUSDT", plan: plan, config: config, random: FixedRandom())
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    return machine
  }

  @Test func aSnapshotIsAskedAtOnceWithoutALimit() {
    var machine = Self.connected()
    #expect(machine.snapshotWanted(Self.book, now: 2) == [.fetchSnapshot(Self.book)])
  }

  @Test func a429HoldsTheSnapshotForItsRetryAfterThenAsks() {
    var machine = Self.connected()
    _ = machine.snapshotWanted(Self.book, now: 2)
    _ = machine.restLimited(.rateLimited, retryAfter: 45, venue: "Binance", refused: Self.book, now: 3)
    let limit = RESTLimit(.rateLimited, venue: "Binance", until: 48)
    #expect(machine.status.restLimit == limit)
    // The book asked again meanwhile (a new connection's reset): held, not fetched.
    #expect(machine.snapshotWanted(Self.book, now: 10) == [])
    // Past the snapshot timeout (1 + 30): no reconnect, the book waits for the limit.
    #expect(!machine.tick(now: 40).contains { if case .close = $0 { true } else { false } })
    #expect(!machine.tick(now: 47.9).contains(.fetchSnapshot(Self.book)))
    #expect(machine.state == .syncing)
    let ends = machine.tick(now: 48)
    #expect(ends.first == .fetchSnapshot(Self.book))
    #expect(ends.contains { if case .emit(let s) = $0 { s.restLimit == nil } else { false } })
    // Asked once, and its timeout starts again from then: no reconnect before 48 + 30.
    #expect(ends.filter { $0 == .fetchSnapshot(Self.book) }.count == 1)
    #expect(!machine.tick(now: 77).contains(.close(code: 1000, reason: "no partial")))
    #expect(machine.tick(now: 78).contains(.close(code: 1000, reason: "no partial")))
  }

  @Test func aBanOutlivesTheConnection() {
    var machine = Self.connected()
    _ = machine.restLimited(.banned, retryAfter: 120, venue: "Binance", refused: Self.book, now: 2)
    _ = machine.closed(code: nil, reason: "gone", now: 3)
    _ = machine.tick(now: 3.25)
    _ = machine.connected(now: 4)
    #expect(machine.snapshotWanted(Self.book, now: 4.1) == [])
    #expect(machine.status.restLimit?.kind == .banned)
    #expect(machine.tick(now: 122).first == .fetchSnapshot(Self.book))
  }

  /// A bogus `Retry-After` never parks the feed for more than `maxRetryAfter`; none said waits a
  /// minute.
  @Test func retryAfterIsBounded() {
    var machine = Self.connected()
    _ = machine.restLimited(.rateLimited, retryAfter: 1e12, venue: "Binance", refused: Self.book, now: 2)
    #expect(machine.status.restLimit?.until == MonotonicTime(nanoseconds: 0) + (2 + 3600))
    var other = Self.connected()
    _ = other.restLimited(.rateLimited, retryAfter: nil, venue: "Binance", refused: Self.book, now: 2)
    #expect(other.status.restLimit?.until == MonotonicTime(nanoseconds: 0) + 62)
  }
}
