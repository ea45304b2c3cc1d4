import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// The all-symbols `instrument` subscription over the real feed: the markets list fills from
/// one partial and follows the updates, the watched symbol's header reads its row of the same
/// table, and the list outlives symbol switches and reconnects.
@Suite struct FeedMarketsTests {
  static func config(seed: UInt64) -> SimConfig {
    var config = Integration.simConfig(seed: seed)
    config.universe = SimUniverse.extras(for: config)
    config.universeRate = 5
    return config
  }

  @Test func theMarketsListFillsAndFollowsTheSimulatorsUniverse() throws {
    try Integration.withSim(Self.config(seed: 1_301)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      let markets = feed.session.markets
      #expect(markets.sync == .live)
      #expect(markets.count == sim.listing.count)
      #expect(Set(markets.rows.map(\.id.symbol.description)) == Set(sim.listing.map(\.symbol)))
      // The header's instrument comes from the same table.
      #expect(feed.state.instrument.lastPrice != nil)
      #expect(feed.state.instrumentSync == .live)

      // Updates move rows other than the watched one.
      feed.waitUntil("a universe row's price to move") { harness in
        harness.session.markets.rows.contains { $0.id.symbol != "XBTUSD" && $0.move != .none }
      }

      // A symbol switch keeps the list, and the new symbol goes LIVE with its own header.
      feed.switchSymbol(to: "ETHUSD")
      feed.waitUntil("ETHUSD LIVE") { $0.isLive && $0.state.symbol == "ETHUSD" }
      #expect(feed.state.instrument.lastPrice != nil)
      #expect(feed.session.markets.count == sim.listing.count)

      // A dropped connection: the list waits for a fresh partial, then is live again.
      sim.dropConnections()
      feed.waitUntil("reconnected and LIVE") { sim.stats.upgradesAccepted == 2 && $0.isLive }
      #expect(feed.session.markets.sync == .live)
      #expect(feed.session.markets.count == sim.listing.count)
    }
  }
}
