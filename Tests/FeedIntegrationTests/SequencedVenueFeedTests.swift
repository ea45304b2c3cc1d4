import Bybit
import Coinbase
import ExchangeSim
import Feed
import MarketModel
import OKX
import Session
import Testing

/// Coinbase, Bybit and OKX live over the real feed against their simulator dialects: each
/// venue's adapter and sequence rule on the one feed loop and connection machine.
@Suite(.serialized) struct SequencedVenueFeedTests {
  enum Case: String, CaseIterable, Sendable {
    case coinbase, bybit, okx
  }

  private static func harness(_ venue: Case, _ sim: ExchangeSim) -> VenueFeedHarness {
    let trades: [MarketChannel] = [.book, .trades]
    switch venue {
    case .coinbase:
      let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      return VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: trades),
        policy: .sequence(adapter.bookPolicy()), symbol: "BTC-USD")
    case .bybit:
      let adapter = BybitAdapter(category: .linear, host: sim.bybitWebSocketHost)
      return VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: 50, perSymbol: trades),
        policy: .sequence(adapter.bookPolicy(depth: 50)), symbol: "BTCUSDT")
    case .okx:
      let adapter = OKXAdapter(url: sim.okxWebSocketURL)
      return VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: 400, perSymbol: trades),
        policy: .sequence(adapter.bookPolicy(depth: 400)), symbol: "BTC-USDT")
    }
  }

  @Test(arguments: Case.allCases)
  func goesLiveWithEveryMessageLinked(venue: Case) throws {
    try Integration.withSim(Integration.simConfig(seed: 71)) { sim in Self.live(venue, sim) }
  }

  private static func live(_ venue: Case, _ sim: ExchangeSim) {
    let h = harness(venue, sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "\(venue) LIVE with 20 linked updates") {
      $0.isLive && $0.appliedUpdates >= 20 && $0.state.tradeSync == .live
    }
    #expect(h.faults.isEmpty, "\(venue): \(h.faults)")
    #expect(h.decodeErrors == 0, "\(venue): \(h.decodeErrorMessages)")
  }

  /// A gap in a venue's sequence: one fault, one resubscribe of the book, and LIVE again.
  @Test(arguments: Case.allCases)
  func aGapResubscribesTheBookOnce(venue: Case) throws {
    try Integration.withSim(Integration.simConfig(seed: 72)) { sim in Self.gap(venue, sim) }
  }

  private static func gap(_ venue: Case, _ sim: ExchangeSim) {
    let h = harness(venue, sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "\(venue) LIVE") { $0.isLive && $0.appliedUpdates >= 5 }
    let before = h.snapshots
    sim.sendSequenceGap()
    h.waitUntil(timeout: 10, "\(venue): the gap found") { !$0.faults.isEmpty }
    #expect(!h.liveOverAFault)
    #expect(h.resyncsPosted.count == 1, "\(venue): \(h.resyncsPosted)")
    h.waitUntil(timeout: 10, "\(venue) LIVE again on a fresh snapshot") { $0.isLive && $0.snapshots > before }
  }
}
