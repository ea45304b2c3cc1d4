import Binance
import ExchangeSim
import MarketModel
import Session
import Testing
import Threads

@testable import Feed

/// Binance USDⓈ-M live on its two endpoints against the simulator's dialect, which routes as
/// Binance does (a stream asked of the wrong path sends nothing): the book bridged from the REST
/// `/fapi/v1/depth` snapshot on `/public`, the trades, ticker and mark price on `/market`; one
/// feed per connection (`VenueFeedGroup`), one status. And the REST snapshot's limits: 429 and
/// 418 waited out as told, said on the way, LIVE after.
@Suite(.serialized) struct BinanceUSDMFeedTests {
  private static let symbol = "BTCUSDT"
  private static let plan = SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades, .ticker, .mark])

  private static func harness(
    _ sim: ExchangeSim, config: FeedConfig = Integration.feedConfig()
  ) -> VenueFeedHarness {
    let adapter = BinanceAdapter(
      market: .usdm, host: sim.binanceHost(.usdm), restHost: sim.binanceRESTHost(.usdm))
    return VenueFeedHarness(
      adapter: adapter, plan: plan, policy: .bridge(SnapshotBridgeSync(bridge: BinanceMarket.usdm.bridge)),
      symbol: symbol, restHost: adapter.restHost, config: config,
      venueName: VenueAbout.binanceUSDM.displayName)
  }

  private static func simConfig(seed: UInt64) -> SimConfig {
    var config = Integration.simConfig(seed: seed)
    // A short weight window: a 429's Retry-After is seconds, not up to a minute.
    config.binance.weightWindowSeconds = 2
    config.binance.banSeconds = 7
    return config
  }

  @Test func goesLiveWithTheBookOnOneConnectionAndTheTradesOnTheOther() throws {
    try Integration.withSim(Self.simConfig(seed: 71)) { sim in
      try Self.checkGoesLiveWithTheBookOnOneConnectionAndTheTradesOnTheOther(sim)
    }
  }

  private static func checkGoesLiveWithTheBookOnOneConnectionAndTheTradesOnTheOther(_ sim: ExchangeSim) throws
  {
    // The ticker and the mark price are given up on when no image of them comes within 1 s:
    // Binance acknowledges no stream named in the URL, so their own data must complete them.
    var config = Integration.feedConfig()
    config.auxiliaryPartialTimeout = 1
    let h = harness(sim, config: config)
    defer { h.stop() }
    let urls = h.feed.members.map(\.feed.options.webSocketURL)
    #expect(urls.count == 2)
    #expect(urls.first?.contains("/binance-usdm/public/stream?streams=btcusdt@depth@0ms") == true)
    #expect(
      urls.last?.contains(
        "/binance-usdm/market/stream?streams=btcusdt@aggTrade/btcusdt@ticker/btcusdt@markPrice@1s") == true)
    h.waitUntil(timeout: 10, "LIVE with a bridged book, trades and the mark price") {
      $0.isLive && $0.appliedUpdates >= 20 && !$0.state.tape.isEmpty && $0.state.instrument.markPrice != nil
    }
    #expect(h.faults.isEmpty)
    #expect(h.decodeErrors == 0)
    #expect(h.snapshotsFetched == 1)
    #expect(h.state.instrument.fundingRate != nil)
    let liveAt = MonotonicTime.now()
    h.waitUntil(timeout: 5, "past the ticker's and the mark's 1 s") { _ in MonotonicTime.now() - liveAt > 1.5
    }
    #expect(h.status?.unavailable.isEmpty == true, "\(h.status?.unavailable ?? [:])")
  }

  /// The trades' connection drops (and is refused twice on the way back): not LIVE, and the badge's
  /// reason names that connection; the book's connection keeps its book (no new snapshot); LIVE
  /// again once the trades' connection is back.
  @Test func aDroppedTradesConnectionIsNotLiveUntilItIsBack() throws {
    try Integration.withSim(Self.simConfig(seed: 72)) { sim in
      try Self.checkADroppedTradesConnectionIsNotLiveUntilItIsBack(sim)
    }
  }

  private static func checkADroppedTradesConnectionIsNotLiveUntilItIsBack(_ sim: ExchangeSim) throws {
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "LIVE") { $0.isLive && $0.appliedUpdates >= 5 && !$0.state.tape.isEmpty }
    sim.rejectUpgrades(count: 2, status: 429, retryAfter: 1)
    sim.binanceDropConnections(.usdm, path: "/market/stream")
    h.waitUntil(timeout: 10, "the trades' connection down, said by name") { h in
      guard case .reconnecting(_, _, let why?, _) = h.status?.state else { return false }
      return why.hasPrefix("trades+ticker+mark connection:") && !h.isLive
    }
    h.waitUntil(timeout: 15, "LIVE again") { $0.isLive && $0.status?.reconnects ?? 0 >= 1 }
    #expect(h.snapshots == 1)
    #expect(h.snapshotsFetched == 1)
    #expect(h.faults.isEmpty)
  }

  /// The snapshot is refused with 429: the feed says so on the book and asks again only after
  /// the `Retry-After` (asked before, the simulator would have banned it: 418), LIVE once allowed.
  @Test func aRateLimitedSnapshotWaitsAsToldAndRecovers() throws {
    try Integration.withSim(Self.simConfig(seed: 73)) { sim in
      try Self.checkARateLimitedSnapshotWaitsAsToldAndRecovers(sim)
    }
  }

  private static func checkARateLimitedSnapshotWaitsAsToldAndRecovers(_ sim: ExchangeSim) throws {
    sim.binanceWeightLimit(0)
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "the 429 said") { $0.restLimitsSeen.contains { $0.kind == .rateLimited } }
    #expect(!h.isLive)
    let words = h.status?.restLimit?.words(now: .now()) ?? ""
    #expect(words.hasPrefix("Binance USDⓈ-M rate limit: retry in "), "\(words)")
    // Another try after the wait is refused again, never banned.
    h.waitUntil(timeout: 10, "a second 429, after the first's wait") { $0.restLimitsSeen.count >= 2 }
    sim.binanceWeightLimit(nil)
    h.waitUntil(timeout: 10, "LIVE once the limit is lifted") { $0.isLive && $0.appliedUpdates >= 5 }
    #expect(!h.restLimitsSeen.contains { $0.kind == .banned }, "\(h.restLimitsSeen)")
    #expect(h.snapshotsFetched == 1)
    #expect(h.faults.isEmpty)
  }

  /// An IP already banned (418, for longer than the snapshot timeout): the feed says so, does not
  /// reconnect meanwhile, asks once the ban is over and goes LIVE.
  @Test func anIPBanIsWaitedOutWithoutReconnecting() throws {
    try Integration.withSim(Self.simConfig(seed: 74)) { sim in
      try Self.checkAnIPBanIsWaitedOutWithoutReconnecting(sim)
    }
  }

  private static func checkAnIPBanIsWaitedOutWithoutReconnecting(_ sim: ExchangeSim) throws {
    // Ban the IP: over the limit (429), then once more before its wait is up (418).
    sim.binanceWeightLimit(0)
    let client = RESTClient(baseURL: sim.binanceRESTHost(.usdm), userAgent: "test")
    let first = try client.get("/fapi/v1/depth?symbol=BTCUSDT&limit=1000").get()
    let second = try client.get("/fapi/v1/depth?symbol=BTCUSDT&limit=1000").get()
    #expect(first.status == 429)
    #expect(first.header("retry-after") != nil, "\(first.headerLines)")
    #expect(second.status == 418)
    sim.binanceWeightLimit(nil)
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "the ban said") { $0.restLimitsSeen.contains { $0.kind == .banned } }
    let words = h.status?.restLimit?.words(now: .now()) ?? ""
    #expect(words.hasPrefix("IP banned by Binance USDⓈ-M for "), "\(words)")
    #expect(!h.isLive)
    h.waitUntil(timeout: 15, "LIVE after the ban") { $0.isLive && $0.appliedUpdates >= 5 }
    // The ban (7 s) outlasted the snapshot timeout (5 s): no reconnect for it.
    #expect(h.status?.reconnects == 0)
    #expect(h.snapshotsFetched == 1)
  }

  /// The weight header near the limit (Binance's 2,400 a minute): the snapshot is taken, and the
  /// next waits for the minute, said on the way.
  @Test func aSnapshotNearTheWeightLimitHoldsTheNext() throws {
    var config = Integration.simConfig(seed: 75)
    // Binance's own window: the minute of the clock.
    config.binance.weightWindowSeconds = 60
    try Integration.withSim(config) { sim in try Self.checkASnapshotNearTheWeightLimitHoldsTheNext(sim) }
  }

  private static func checkASnapshotNearTheWeightLimitHoldsTheNext(_ sim: ExchangeSim) throws {
    // Spend 2,160 of the minute's 2,400 (54 all-symbol tickers of 40), not in its last seconds.
    let minuteDeadline = MonotonicTime.now() + 15
    while RESTWeight.secondsToNextMinute(wallMs: RESTWeight.wallMs()) < 20,
      MonotonicTime.now() < minuteDeadline
    {
      _ = WakeSignal().wait(timeout: 0.2)
    }
    let client = RESTClient(baseURL: sim.binanceRESTHost(.usdm), userAgent: "test")
    var used: String?
    for _ in 0..<54 { used = try client.get("/fapi/v1/ticker/24hr").get().header("X-MBX-USED-WEIGHT-1M") }
    #expect(used == "2160")
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "LIVE, and the weight said") {
      $0.isLive && $0.restLimitsSeen.contains { $0.kind == .weightBudget }
    }
    let words = h.restLimitsSeen.last?.words(now: .now()) ?? ""
    #expect(words.hasPrefix("Binance USDⓈ-M request weight near its limit: snapshot in "), "\(words)")
    #expect(!h.restLimitsSeen.contains { $0.kind == .rateLimited || $0.kind == .banned })
  }
}
