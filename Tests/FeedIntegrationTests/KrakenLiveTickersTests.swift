import ExchangeSim
import Feed
import Kraken
import MarketModel
import Session
import Testing

/// The markets list's live tickers over the real libcurl WebSocket against the simulator's
/// Kraken dialect: `watchTickers` subscribes the other pairs' `ticker` on the feed's connection
/// and their rows in the markets list become live; the book is not touched and LIVE stays.
@Suite(.serialized) struct KrakenLiveTickersTests {
  private static let symbol = "BTC/USD"

  @Test func watchedTickersMakeTheOtherPairsRowsLive() throws {
    try Integration.withSim(Integration.simConfig(seed: 61)) { sim in
      let adapter = KrakenAdapter(url: sim.krakenURL)
      let h = VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: 25, perSymbol: [.book, .trades, .ticker]),
        policy: .checksum(ChecksumSync(depth: 25, checksum: AnyBookChecksum(KrakenChecksum()))),
        symbol: Self.symbol)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive }
      let others = ExchangeSim.krakenPairs.map(\.symbol).filter { $0 != Self.symbol }
      #expect(others.count >= 20, "the dialect lists \(others.count) pairs")
      func liveOthers(_ h: VenueFeedHarness) -> Int {
        h.session.markets.rows.filter { $0.id.symbol.description != Self.symbol && $0.changedAt != nil }.count
      }
      #expect(liveOthers(h) == 0, "only the followed pair's ticker before the watch")
      let snapshots = h.snapshots
      h.feed.post(.watchTickers(others.compactMap { Symbol($0) }))
      h.waitUntil(timeout: 10, "every other pair's row live from its ticker") {
        liveOthers($0) == others.count
      }
      #expect(h.isLive)
      #expect(h.snapshots == snapshots, "the book was not taken again")
      #expect(h.status?.unavailable.isEmpty ?? false)
      #expect(h.decodeErrors == 0)
    }
  }
}
