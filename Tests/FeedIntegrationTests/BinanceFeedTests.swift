import Binance
import ExchangeSim
import Feed
import MarketModel
import Session
import Testing

/// Binance spot live over the real libcurl WebSocket against the simulator's Binance dialect: the
/// streams named in the URL, the REST snapshot fetched by the feed and bridged to the diff stream.
@Suite(.serialized) struct BinanceFeedTests {
  private static let symbol = "BTCUSDT"

  private static func harness(_ sim: ExchangeSim) -> VenueFeedHarness {
    let adapter = BinanceAdapter(
      market: .spot, host: sim.binanceHost(.spot), restHost: sim.binanceRESTHost(.spot))
    return VenueFeedHarness(
      adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades]),
      policy: .bridge(SnapshotBridgeSync(bridge: BinanceMarket.spot.bridge)), symbol: symbol,
      restHost: adapter.restHost)
  }

  @Test func goesLiveOnASnapshotBridgedToTheStream() throws {
    try Integration.withSim(Integration.simConfig(seed: 61)) { sim in Self.bridges(sim) }
  }

  private static func bridges(_ sim: ExchangeSim) {
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "LIVE on a bridged book with 20 updates applied") {
      $0.isLive && $0.snapshots >= 1 && !$0.state.book.isEmpty && $0.appliedUpdates >= 20
    }
    #expect(h.faults.isEmpty)
    #expect(h.decodeErrors == 0)
    #expect(h.snapshotsFetched == 1)
    #expect(h.state.tradeSync == .live)
  }

  /// The venue's own best bid/ask (`@bookTicker`, subscribed as the dashboard does) cross-checks
  /// the live book: checks counted, none failed (the live path never handed it to the rule, so
  /// a live book was never checked and `--once` said `"checks":0`).
  @Test func theLiveBookIsCrossCheckedAgainstBookTicker() throws {
    try Integration.withSim(Integration.simConfig(seed: 63)) { sim in
      let adapter = BinanceAdapter(
        market: .spot, host: sim.binanceHost(.spot), restHost: sim.binanceRESTHost(.spot))
      let h = VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades, .bbo]),
        policy: .bridge(SnapshotBridgeSync(bridge: BinanceMarket.spot.bridge)), symbol: Self.symbol,
        restHost: adapter.restHost)
      defer { h.stop() }
      h.waitUntil(timeout: 20, "LIVE with 3 bookTicker cross-checks") {
        $0.isLive && ($0.state.bookPolicy?.integrity.checks ?? 0) >= 3
      }
      #expect(h.state.bookPolicy?.integrity.failures == 0)
      #expect(h.faults.isEmpty)
    }
  }

  /// A gap in the diff stream breaks the bridge: one fault, one new REST snapshot (never a
  /// resubscribe), and LIVE again.
  @Test func aGapFetchesOneNewSnapshot() throws {
    try Integration.withSim(Integration.simConfig(seed: 62)) { sim in Self.gap(sim) }
  }

  private static func gap(_ sim: ExchangeSim) {
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "LIVE") { $0.isLive && $0.appliedUpdates >= 5 }
    sim.binanceSkipDepthUpdates(1)
    h.waitUntil(timeout: 10, "the gap found") { !$0.faults.isEmpty }
    #expect(!h.liveOverAFault)
    let posted = h.resyncsPosted
    #expect(posted.isEmpty)
    h.waitUntil(timeout: 10, "LIVE again on a second snapshot") {
      $0.isLive && $0.snapshotsFetched == 2 && $0.snapshots >= 2
    }
    #expect(h.faults.count == 1)
  }
}
