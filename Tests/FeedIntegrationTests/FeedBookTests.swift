import BitMEX
import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import TestSupport
import Testing

/// The real libcurl feed against ExchangeSim on loopback: the book the UI builds from it stays
/// exactly the exchange's through deltas, bad frames, integrity faults, early updates, symbol
/// switches and a huge partial.
@Suite struct FeedBookTests {
  /// Subscribe, partial, then deltas: with the market paused, the client's book is exactly the
  /// simulator's top 25, and every table is live.
  @Test func partialThenDeltasGiveTheSimulatorsBook() throws {
    try Integration.withSim(Integration.simConfig(seed: 301)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      #expect(feed.bookPartials == 1)
      feed.waitUntil("20 book deltas") { $0.bookDeltas["XBTUSD", default: 0] >= 20 }

      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      let theirs = sim.bookSnapshot(symbol: "XBTUSD", depth: 25)
      #expect(feed.book().bids == theirs.bids)
      #expect(feed.book().asks == theirs.asks)
      #expect(feed.book().bids.count == 25 && feed.book().asks.count == 25)
      #expect(feed.state.tradeSync == .live)
      #expect(feed.state.instrumentSync == .live)
      #expect(feed.state.faultCount == 0)
      #expect(feed.state.droppedBeforePartial == 0)
      #expect(feed.decodeErrors == 0)
      #expect(feed.status?.lastMessageAt[Subscription(.book, "XBTUSD", depth: 25)] != nil)
      #expect(sim.stats.upgradesAccepted == 1)
      #expect(sim.stats.subscribeRequests == 1)
    }
  }

  /// Frames that are not JSON, binary, of the wrong shape or cut short are counted in
  /// `FeedUpdate.decodeErrors` and skipped: same connection, no fault, the book intact.
  @Test func garbageFramesAreCountedAndSkipped() throws {
    try Integration.withSim(Integration.simConfig(seed: 302)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      let kinds: [GarbageFrame] = [.notJSON, .binary, .wrongShape, .truncated]
      for (n, kind) in kinds.enumerated() {
        sim.sendGarbage(kind)
        feed.waitUntil("decode error \(n + 1) (\(kind))") { $0.decodeErrors >= n + 1 }
      }
      #expect(feed.decodeErrors == kinds.count)
      #expect(feed.decodeErrorMessages.count == kinds.count)
      #expect(feed.decodeErrorMessages.contains("binary frame of 7 bytes"))

      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      #expect(feed.isLive)
      #expect(feed.state.faultCount == 0)
      #expect(feed.bookPartials == 1)
      #expect(sim.stats.sent("garbage") == kinds.count)
      #expect(sim.stats.upgradesAccepted == 1)
    }
  }

  /// A text frame that is not UTF-8 is a protocol error (RFC 6455 §8.1: close 1007), not a bad
  /// message: the feed drops the connection, reconnects, and rebuilds the book from a fresh
  /// partial.
  @Test func invalidUTF8FailsTheConnectionAndTheFeedRecovers() throws {
    try Integration.withSim(Integration.simConfig(seed: 303)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      sim.sendGarbage(.invalidUTF8)
      feed.waitUntil("a new connection, a fresh partial, LIVE") {
        sim.stats.upgradesAccepted == 2 && $0.bookPartials == 2 && $0.isLive
      }
      #expect(feed.status?.attempt == 1)
      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      #expect(feed.state.faultCount == 0)
    }
  }

  /// An update for a level the book does not hold is an integrity fault: the UI posts one
  /// `.resync`, the feed unsubscribes and subscribes that topic on the same connection
  /// (RESYNCING meanwhile), and the fresh partial makes the book right again. No loop.
  @Test func unknownLevelResyncsOnceWithAFreshPartial() throws {
    // A longer partial delay keeps RESYNCING easy to observe.
    try Integration.withSim(Integration.simConfig(seed: 304, partialDelay: 0.2)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }

      sim.sendUnknownLevelUpdate(symbol: "XBTUSD")
      feed.waitUntil("a fault, a resync, a fresh partial, LIVE") {
        $0.faults.count == 1 && $0.bookPartials == 2 && $0.isLive
      }
      let topic = Subscription(.book, "XBTUSD", depth: 25)
      let fault = try #require(feed.faults.first)
      #expect(fault.subscription == topic)
      #expect(fault.fault.isSimulatorsUnknownLevel, "\(fault.fault)")
      #expect(feed.resyncsPosted == [topic])
      #expect(feed.saw { $0 == .resyncing([topic]) })

      feed.holds(for: 0.3, "LIVE without another fault") { $0.faults.count == 1 && $0.isLive }
      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      #expect(feed.resyncsPosted.count == 1)
      #expect(feed.state.faultCount == 1)
      #expect(sim.stats.unsubscribeRequests == 1)
      #expect(sim.stats.subscribeRequests == 2)
      #expect(sim.stats.upgradesAccepted == 1)
      #expect(feed.status?.attempt == 0)
    }
  }

  /// A book update that arrives before the partial is dropped (counted in
  /// `MarketState.droppedBeforePartial`), never merged; the partial then gives the exact book.
  @Test func updateBeforePartialIsIgnored() throws {
    var config = Integration.simConfig(seed: 305)
    config.faults.updateBeforePartial = true
    try Integration.withSim(config) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      #expect(feed.state.droppedBeforePartial == 1)
      #expect(feed.bookPartials == 1)

      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      #expect(feed.state.droppedBeforePartial == 1)
      #expect(feed.state.faultCount == 0)
      #expect(sim.stats.upgradesAccepted == 1)
    }
  }

  /// Switching symbol at run time unsubscribes the old topics and subscribes the new ones on the
  /// same connection; the new symbol's book goes live and no delta of the old one follows.
  @Test func symbolSwitchSubscribesTheNewTopicsOnTheSameConnection() throws {
    try Integration.withSim(Integration.simConfig(seed: 306)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("XBTUSD LIVE") { $0.isLive }
      feed.waitUntil("XBTUSD deltas") { $0.bookDeltas["XBTUSD", default: 0] >= 5 }

      feed.switchSymbol(to: "ETHUSD")
      feed.waitUntil("ETHUSD LIVE") { $0.status?.symbol == "ETHUSD" && $0.bookPartials == 1 && $0.isLive }
      let topics = BitMEXWire.plan(book: .top25).subscriptions(symbol: "ETHUSD")
      #expect(Set(feed.status?.lastMessageAt.keys.map { $0 } ?? []) == Set(topics))

      // Everything from here on is ETHUSD.
      let xbtDeltas = feed.bookDeltas["XBTUSD", default: 0]
      let ethDeltas = feed.bookDeltas["ETHUSD", default: 0]
      feed.waitUntil("20 more ETHUSD deltas") { $0.bookDeltas["ETHUSD", default: 0] >= ethDeltas + 20 }
      #expect(feed.bookDeltas["XBTUSD", default: 0] == xbtDeltas)

      sim.pauseMarket()
      feed.waitUntil("the ETHUSD book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      #expect(feed.state.symbol == "ETHUSD")
      #expect(feed.state.tradeSync == .live)
      #expect(feed.state.instrumentSync == .live)
      #expect(feed.state.faultCount == 0)
      #expect(sim.stats.connectionsAccepted == 1)
      #expect(sim.stats.upgradesAccepted == 1)
      #expect(sim.stats.unsubscribeRequests == 1)
      #expect(sim.stats.subscribeRequests == 2)
    }
  }

  /// `--depth full` on a book of 10,000 levels per side: a partial of ~20,000 rows arrives in
  /// one message, and the book matches the simulator's level for level.
  @Test func tenThousandLevelPartial() throws {
    try Integration.withSim(Integration.simConfig(seed: 307, levels: 10_000)) { sim in
      // Production heartbeat timings: building a 1.3 MB image keeps the (debug-built)
      // simulator's only event-loop thread busy for longer than the fast test settings'
      // 0.3 s pong timeout, which would reconnect in a loop.
      var config = Integration.feedConfig()
      config.heartbeatIdle = 5
      config.pongTimeout = 5
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD", book: .full, config: config)
      defer { feed.stop() }
      feed.waitUntil(timeout: 15, "LIVE with the full book") { $0.isLive }
      #expect(feed.bookPartials == 1)
      #expect(feed.state.bookTable == .full)
      #expect(sim.stats.bytesSent > 1_000_000)

      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim) }
      #expect(feed.state.book.count(.buy) == 10_000)
      #expect(feed.state.book.count(.sell) == 10_000)
      #expect(feed.state.faultCount == 0)
      #expect(feed.decodeErrors == 0)
    }
  }
}
