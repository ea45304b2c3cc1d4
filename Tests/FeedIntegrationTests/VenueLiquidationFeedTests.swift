import App
import Binance
import Bybit
import ExchangeSim
import Feed
import Foundation
import MarketModel
import OKX
import Session
import Testing

/// Each venue's liquidations over the real feed against its simulator dialect, into the app's
/// state as the dashboard takes them (`App.update` with the drained `VenueBatch`): Binance
/// USDⓈ-M's `!forceOrder@arr` (on its `/market` connection), Bybit linear's
/// `allLiquidation.BTCUSDT`, OKX's `liquidation-orders` of every swap. The plans are the
/// dashboard's (`VenueLive`), the liquidations quiet-tolerant as its feed makes them
/// (`FeedConfig.imagelessChannels`).
@Suite(.serialized) struct VenueLiquidationFeedTests {
  enum Case: String, CaseIterable, Sendable {
    case binanceUSDM, bybitLinear, okxSwap
  }

  /// The dashboard's feed and app state on one venue market.
  final class Run {
    let feed: VenueFeedGroup
    var state: AppState
    private var batch = VenueBatch()
    /// Liquidations decoded, of any symbol.
    private(set) var decoded = 0

    init(_ venue: Case, _ sim: ExchangeSim) {
      let channels: [MarketChannel] = [.book, .trades, .ticker]
      let adapter: any VenueAdapter
      let plan: SubscriptionPlan
      let policy: AnyBookSync
      let symbol: String
      var restHost: String?
      let id: InstrumentID.Venue
      switch venue {
      case .binanceUSDM:
        let a = BinanceAdapter(
          market: .usdm, host: sim.binanceHost(.usdm), restHost: sim.binanceRESTHost(.usdm))
        (adapter, restHost, symbol, id) = (a, a.restHost, "BTCUSDT", .binanceUSDM)
        plan = SubscriptionPlan(bookDepth: nil, perSymbol: channels + [.mark], allSymbols: [.liquidations])
        policy = .bridge(SnapshotBridgeSync(bridge: BinanceMarket.usdm.bridge))
      case .bybitLinear:
        let a = BybitAdapter(category: .linear, host: sim.bybitWebSocketHost)
        (adapter, symbol, id) = (a, "BTCUSDT", .bybitLinear)
        plan = SubscriptionPlan(bookDepth: 50, perSymbol: channels + [.liquidations])
        policy = .sequence(a.bookPolicy(depth: 50))
      case .okxSwap:
        let a = OKXAdapter(url: sim.okxWebSocketURL)
        (adapter, symbol, id) = (a, "BTC-USDT-SWAP", .okx)
        plan = SubscriptionPlan(bookDepth: 400, perSymbol: channels, allSymbols: [.liquidations])
        policy = .sequence(a.bookPolicy(depth: 400))
      }
      var config = Integration.feedConfig()
      config.imagelessChannels = [.liquidations]
      let options = FeedOptions(
        webSocketURL: adapter.connections(for: plan.subscriptions(symbol: symbol)).first?.url ?? "",
        symbol: symbol, config: config, venue: adapter.venue)
      feed = VenueFeedGroup(options, adapter: adapter, plan: plan, restHost: restHost)
      let s = Symbol(symbol) ?? .empty
      state = AppState(symbol: s, mode: .demo, width: 120, height: 40, ascii: false, color: false)
      state.session = MarketSession(symbol: s, bookPolicy: policy, bookDepth: plan.bookDepth, venue: id)
      feed.start()
    }

    func stop() { feed.stop() }

    /// Drains the feed into the app for `seconds`.
    func drain(for seconds: Double) {
      waitUntil(timeout: seconds, "", quietly: true) { _ in false }
    }

    /// Drains the feed into the app until `condition` holds or `timeout` seconds pass (an issue,
    /// unless `quietly`).
    @discardableResult
    func waitUntil(
      timeout: Double, _ what: String, quietly: Bool = false,
      sourceLocation: SourceLocation = #_sourceLocation,
      _ condition: (AppState) -> Bool
    ) -> Bool {
      let deadline = MonotonicTime.now() + timeout
      while !condition(state) {
        let left = deadline - MonotonicTime.now()
        guard left > 0 else {
          if quietly { return false }
          let status = state.session.status.map { "\($0.state)" } ?? "none"
          let errors = "\(state.session.decodeErrors) \(state.session.lastDecodeError ?? "")"
          Issue.record(
            "timed out after \(timeout) s waiting for \(what); status \(status), \(decoded) decoded, errors \(errors)",
            sourceLocation: sourceLocation)
          return false
        }
        feed.uiWake.wait(timeout: min(left, 0.02))
        let update = feed.drain(into: &batch)
        decoded += batch.liquidations.count
        let now = MonotonicTime.now()
        for effect in App.update(
          &state, .feed(update, now: now, wallMs: now.nanoseconds / 1_000_000), venueBatch: batch)
        {
          if case .feed(let command) = effect { feed.post(command) }
        }
        batch.removeAll()
      }
      return true
    }
  }

  @Test(arguments: Case.allCases)
  func aLiquidationReachesTheActivityLog(venue: Case) throws {
    var config = Integration.simConfig(seed: 81)
    config.activity = true
    // Market time counts ticks (not the wall clock), so a minute of ticks is a minute.
    config.epoch = Date(timeIntervalSince1970: 1_790_000_000)
    try Integration.withSim(config) { sim in
      let run = Run(venue, sim)
      defer { run.stop() }
      run.waitUntil(timeout: 15, "\(venue) LIVE") { $0.session.isLive }
      // Market time two seconds at a time (the client answers the venue's pings in between):
      // the reference instrument liquidates every 10–25 s, and each venue's dialect reports it
      // on its own stream.
      sim.pauseMarket()
      let deadline = MonotonicTime.now() + 30
      while run.state.view.liquidations.recorded == 0, MonotonicTime.now() < deadline {
        sim.advanceMarket(ticks: 200)
        run.drain(for: 0.05)
      }
      run.waitUntil(timeout: 5, "\(venue): a liquidation in the app's log") {
        $0.view.liquidations.recorded > 0
      }
      let events = run.state.view.liquidations.events
      #expect(!events.isEmpty)
      #expect(events.allSatisfy { $0.size > 0 && $0.price > 50_000 && $0.price < 150_000 }, "\(events)")
      // Quiet for most of that minute, the stream was never given up on.
      #expect(run.state.session.liquidationsUnavailable == nil)
      #expect(run.state.session.decodeErrors == 0, "\(run.state.session.lastDecodeError ?? "")")
    }
  }

  /// Bybit refuses a whole request for one topic it will not take, and names no topic: the
  /// liquidations go in a request of their own, so a refusal of them (the simulator's
  /// `bybit-refuse-liquidations`) leaves the book and tape LIVE and the Activity pane's reason.
  @Test func aRefusedBybitLiquidationStreamLeavesTheRestLive() throws {
    var config = Integration.simConfig(seed: 82)
    config.faults.followers.bybitRefuseLiquidations = true
    try Integration.withSim(config) { sim in
      let run = Run(.bybitLinear, sim)
      defer { run.stop() }
      run.waitUntil(timeout: 15, "Bybit LIVE with its liquidations refused") {
        $0.session.isLive && $0.session.liquidationsUnavailable != nil
      }
      #expect(run.state.session.liquidationsUnavailable?.contains("handler not found") == true)
      #expect(run.state.session.bookIsLive && run.state.session.tapeIsLive)
    }
  }
}
