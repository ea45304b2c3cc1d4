import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// The hostile server of issue 24, round 3 (findings 1, 2 and 9): the real libcurl feed against
/// ExchangeSim with a fault on. A malformed instrument row, an instrument partial of over 16 MB,
/// a refused or silent auxiliary table, a server that answers pings and nothing else.
@Suite struct FeedHostileServerTests {
  static let allInstruments = Subscription(.ticker)
  static let liquidations = Subscription(.liquidations)

  /// A malformed row first in the all-symbols instrument partial: skipped, counted and named;
  /// every other instrument kept and the book LIVE on the first connection.
  @Test(arguments: SimFaults.BadInstrumentRow.allCases)
  func aMalformedInstrumentRowIsSkipped(kind: SimFaults.BadInstrumentRow) throws {
    var config = Integration.simConfig(seed: 2401)
    config.faults.badInstrumentRow = kind
    try Integration.withSim(config) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE with the instrument list") { $0.isLive && $0.session.markets.sync == .live }
      #expect(feed.session.markets.count == config.instruments.count + config.universe.count)
      #expect(feed.state.instrumentSync == .live, "XBTUSD's own row was kept")
      #expect(feed.session.skippedRows == 1)
      let words = try #require(feed.session.lastSkippedRow)
      #expect(words.hasPrefix("instrument row 1 ("), "\(words)")
      #expect(feed.decodeErrors == 0, "no message was lost")
      #expect(sim.stats.upgradesAccepted == 1)
    }
  }

  /// An all-symbols instrument partial of over 16 MB (20,000 instruments): taken whole.
  @Test func anInstrumentPartialOfOver16MBIsTaken() throws {
    var config = Integration.simConfig(seed: 2402)
    config.faults.extraInstruments = 20_000
    try Integration.withSim(config) { sim in
      // The heartbeat of production: a debug build takes seconds to write and read 20 MB, and the
      // simulator answers no ping while it writes.
      var feedConfig = Integration.feedConfig()
      feedConfig.heartbeatIdle = 5
      feedConfig.pongTimeout = 30
      feedConfig.partialTimeout = 60
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD", config: feedConfig)
      defer { feed.stop() }
      feed.waitUntil(timeout: 60, "LIVE with 20,000 more instruments") {
        $0.isLive && $0.session.markets.count > 20_000
      }
      #expect(
        sim.stats.bytesSent > 16 << 20, "the partial alone is over 16 MiB: \(sim.stats.bytesSent) bytes")
      #expect(feed.decodeErrors == 0)
      #expect(sim.stats.upgradesAccepted == 1)
    }
  }

  /// A server without the liquidation table: LIVE on the first connection, the table said to be
  /// unavailable in the server's words, and no reconnect for it.
  @Test func aRefusedLiquidationTableLeavesTheFeedLive() throws {
    var config = Integration.simConfig(seed: 2403)
    config.faults.refusedTables = ["liquidation": "Unknown table: liquidation"]
    try Integration.withSim(config) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE without liquidations") {
        $0.isLive && $0.status?.unavailable[Self.liquidations] != nil
      }
      #expect(feed.session.liquidationsUnavailable == "Unknown table: liquidation")
      #expect(feed.connectionState == .live)
      let appended = feed.state.tape.appended
      feed.holds(for: 1, "LIVE on one connection") { $0.isLive && sim.stats.upgradesAccepted == 1 }
      #expect(feed.state.tape.appended > appended, "the tape moves")
    }
  }

  /// A server that never sends the instrument partial: LIVE on the book and tape at once, the
  /// instrument given up on after its limit, and no reconnect.
  @Test func aMissingInstrumentPartialIsGivenUpOn() throws {
    var config = Integration.simConfig(seed: 2404)
    config.faults.withheldPartials = ["instrument"]
    try Integration.withSim(config) { sim in Self.givesUpOnTheInstrument(sim) }
  }

  // The checks run in a function of their own, not in the closure: the compiler (6.3.1) crashes
  // on this closure's body otherwise.
  private static func givesUpOnTheInstrument(_ sim: ExchangeSim) {
    var feedConfig = Integration.feedConfig()
    feedConfig.auxiliaryPartialTimeout = 2
    let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD", config: feedConfig)
    defer { feed.stop() }
    feed.waitUntil("LIVE on the book and tape") { $0.session.requiredTablesLive }
    #expect(!feed.isLive, "--once still waits for the instrument")
    #expect(feed.session.instrumentUnavailable == nil, "not given up on yet")
    feed.waitUntil(timeout: 5, "the instrument given up on") { $0.isLive }
    #expect(feed.session.instrumentUnavailable == "no partial within 2 s")
    #expect(feed.connectionState == .live)
    #expect(sim.stats.upgradesAccepted == 1)
  }

  /// A server that answers pings and sends nothing else: STALE once every table has been silent
  /// for the stale limit, the book dimmed (waiting for a fresh partial) and resubscribed.
  @Test func pongsAloneAreNotLive() throws {
    var config = Integration.simConfig(seed: 2405)
    config.faults.pongsOnlyAfter = 1
    try Integration.withSim(config) { sim in Self.goesStaleOverPongs(sim) }
  }

  private static func goesStaleOverPongs(_ sim: ExchangeSim) {
    var feedConfig = Integration.feedConfig()
    feedConfig.staleTableAfter = 1
    feedConfig.partialTimeout = 30
    let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD", config: feedConfig)
    defer { feed.stop() }
    feed.waitUntil("LIVE") { $0.isLive }
    let subscribes = sim.stats.subscribeRequests
    feed.waitUntil(timeout: 5, "STALE with every table resubscribed") {
      if case .stale(let topics) = $0.connectionState { return topics.count == 4 }
      return false
    }
    #expect(!feed.session.bookIsLive, "the book is dimmed")
    #expect(sim.stats.textPings > 0, "the heartbeat was answered all along")
    // The request is on its way when the status says STALE: wait for the simulator to read it.
    feed.waitUntil(timeout: 5, "the tables subscribed again") { _ in sim.stats.subscribeRequests > subscribes
    }
    #expect(sim.stats.upgradesAccepted == 1)
  }
}
