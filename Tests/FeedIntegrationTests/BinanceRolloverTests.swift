import Binance
import ExchangeSim
import Feed
import MarketModel
import Session
import Testing

/// Binance ends every connection after 24 h, and says `serverShutdown` when it will end one
/// sooner: the feed replaces the connection make-before-break, over the real libcurl WebSocket
/// against the simulator, which enforces a short lifetime. The screen stays LIVE, the book goes on
/// without a new snapshot and ends as the simulator's, and the tape has every trade once.
@Suite(.serialized) struct BinanceRolloverTests {
  private static let symbol = "BTCUSDT"

  private static func harness(
    _ sim: ExchangeSim, _ market: BinanceMarket, lifetime: Double? = nil
  ) -> VenueFeedHarness {
    let simMarket: BinanceSimMarket = market == .spot ? .spot : .usdm
    let adapter = BinanceAdapter(
      market: market, host: sim.binanceHost(simMarket), restHost: sim.binanceRESTHost(simMarket))
    var config = Integration.feedConfig()
    config.connectionLifetime = lifetime
    let perSymbol: [MarketChannel] = market == .spot ? [.book, .trades] : [.book, .trades, .ticker, .mark]
    return VenueFeedHarness(
      adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: perSymbol),
      policy: .bridge(SnapshotBridgeSync(bridge: market.bridge)), symbol: symbol, restHost: adapter.restHost,
      config: config)
  }

  /// The simulator's market of `market`, with a connection lifetime of `lifetime` seconds.
  private static func simConfig(seed: UInt64, lifetime: Double = 86_400) -> SimConfig {
    var config = Integration.simConfig(seed: seed)
    config.binance.connectionLifetime = lifetime
    return config
  }

  /// A connection of 15 s at the simulator, known to the client: replaced at 13.5 s beside the
  /// old one, before the simulator would close it at 15.
  @Test func theLifetimeIsRolledOverWithoutAGapOnScreen() throws {
    try Integration.withSim(Self.simConfig(seed: 91, lifetime: 15)) { sim in
      let h = Self.harness(sim, .spot, lifetime: 15)
      defer { h.stop() }
      try Self.rollsOver(h, sim, .spot, timeout: 25) { _ in }
    }
  }

  /// `serverShutdown` on every open connection (USDⓈ-M: both of them): each is replaced at once,
  /// long before its lifetime.
  @Test(arguments: [BinanceMarket.spot, .usdm])
  func aShutdownNoticeReplacesTheConnectionEarly(market: BinanceMarket) throws {
    try Integration.withSim(Self.simConfig(seed: 92)) { sim in
      let h = Self.harness(sim, market)
      defer { h.stop() }
      try Self.rollsOver(h, sim, market, timeout: 10) { sim in sim.binanceShutdownNotice() }
    }
  }

  /// LIVE, then `trigger`, then a new connection for each: LIVE throughout, one snapshot, the
  /// trades consecutive, and at the end the simulator's book level for level.
  private static func rollsOver(
    _ h: VenueFeedHarness, _ sim: ExchangeSim, _ market: BinanceMarket, timeout: Double,
    trigger: (ExchangeSim) -> Void
  ) throws {
    h.waitUntil(timeout: 10, "LIVE") { $0.isLive && $0.appliedUpdates >= 5 && $0.tradeIDs.count >= 2 }
    let liveFrom = h.statusesSeen.count - 1
    let connections = market == .spot ? 1 : 2
    trigger(sim)
    h.waitUntil(timeout: timeout, "every connection replaced") {
      ($0.status?.reconnects ?? 0) >= connections
    }
    h.waitUntil(timeout: 5, "trades after the switch") { $0.tradeIDs.count >= 10 }
    // LIVE on every status since, and the book never taken again.
    let since = h.statusesSeen[liveFrom...]
    #expect(since.allSatisfy { $0.state == .live }, "\(since.map(\.state))")
    #expect(h.faults.isEmpty, "\(h.faults)")
    #expect(h.snapshotsFetched == 1)
    #expect(h.decodeErrors == 0, "\(h.decodeErrorMessages)")
    #expect(h.integrity.resyncs == 0)
    // Every trade once, none missing: the simulator numbers them one by one.
    let ids = h.tradeIDs
    #expect(zip(ids, ids.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(ids)")
    // Stopped, the last window goes out; then the book is the simulator's.
    sim.pauseMarket()
    let simMarket: BinanceSimMarket = market == .spot ? .spot : .usdm
    let last = try #require(sim.binanceBook(simMarket, symbol: symbol)).lastUpdateID
    h.waitUntil(timeout: 5, "the book at the simulator's last update \(last)") {
      if case .bridge(let rule)? = $0.state.bookPolicy { return rule.lastUpdateID == last }
      return false
    }
    let view = try #require(sim.binanceBook(simMarket, symbol: symbol))
    let book = try #require(h.state.priceBook)
    for (side, levels) in [(BookSide.bid, view.bids), (.ask, view.asks)] {
      #expect(book[side].count == levels.count)
      for level in levels {
        #expect(book.size(at: FixedDecimal(level.price)!, side: side) == FixedDecimal(level.qty)!)
      }
    }
  }
}
