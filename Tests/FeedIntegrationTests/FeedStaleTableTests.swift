import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// One table silent while the others flow (issue 10): the stale-table watchdog resubscribes that
/// table alone, and only that table waits for a fresh partial. The trade tape and the instrument
/// must keep moving through it, and the status must not say LIVE while the book waits.
@Suite struct FeedStaleTableTests {
  @Test func aBookOnlyResyncLeavesTheTapeMoving() throws {
    try Integration.withSim(Integration.simConfig(seed: 1001)) { sim in
      bookOnlyResync(sim)
    }
  }

  private func bookOnlyResync(_ sim: ExchangeSim) {
    do {
      var config = Integration.feedConfig()
      config.staleTableAfter = 0.5
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD", config: config)
      defer { feed.stop() }
      feed.waitUntil("LIVE with trades on the tape") { $0.isLive && $0.state.tape.count > 0 }
      let partialsBefore = feed.bookPartials

      // The book goes silent; trades and the instrument go on.
      sim.silenceTables(["orderBookL2_25"])
      let book = Subscription(.book, "XBTUSD", depth: 25)
      feed.waitUntil(timeout: 5, "the silent book reported stale") { $0.connectionState == .stale([book]) }
      // While the book waits for its partial the feed is not LIVE, and neither is the book.
      #expect(!feed.isLive)
      feed.waitUntil(timeout: 5, "the resubscribed book's fresh partial") { $0.bookPartials > partialsBefore }
      sim.silenceTables([])

      // Only the book was reset: the tape and the instrument never stopped being live.
      #expect(feed.state.tradeSync == .live)
      #expect(feed.state.instrumentSync == .live)
      let appended = feed.state.tape.appended
      feed.waitUntil(timeout: 5, "new trades on the tape after the book's resync") {
        $0.state.tape.appended >= appended + 5
      }
      feed.waitUntil(timeout: 5, "LIVE again") { $0.isLive }
      #expect(feed.state.tradeSync == .live)
      #expect(feed.state.faultCount == 0)
      #expect(sim.stats.upgradesAccepted == 1, "a table resync must not reconnect")
    }
  }
}
