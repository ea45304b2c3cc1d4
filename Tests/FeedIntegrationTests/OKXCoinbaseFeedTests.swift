import Bybit
import Coinbase
import ExchangeSim
import Feed
import MarketModel
import OKX
import Session
import Testing

/// What OKX and Coinbase add over the real feed against their simulator dialects: an OKX swap's
/// mark, index and funding in the header's instrument; an OKX book without its WebSocket
/// snapshot, bridged to the REST book; Coinbase's `-USDC` products (their data comes as the
/// `-USD` product's) keyed to what was asked; the markets list's Coinbase tickers on
/// `ticker_batch`.
@Suite(.serialized) struct OKXCoinbaseFeedTests {
  /// The client's book against the simulator's (`venue` its dialect's name), whole sides as text.
  private static func matches(
    _ h: VenueFeedHarness, _ sim: ExchangeSim, _ venue: String, _ symbol: String, depth: Int
  )
    -> Bool
  {
    let theirs = sim.followerBook(venue: venue, symbol: symbol, depth: depth)
    guard let book = h.state.priceBook, !theirs.bids.isEmpty else { return false }
    func text(_ side: BookSide) -> [String] {
      (0..<book[side].count).map {
        let l = book[side].level(fromBest: $0)
        return "\(book.price(l.price))×\(book.size(l.size))"
      }
    }
    return text(.bid) == theirs.bids && text(.ask) == theirs.asks
  }

  private static func okx(_ sim: ExchangeSim, symbol: String, plan: SubscriptionPlan) -> VenueFeedHarness {
    let adapter = OKXAdapter(url: sim.okxWebSocketURL)
    return VenueFeedHarness(
      adapter: adapter, plan: plan, policy: .sequence(adapter.bookPolicy(depth: 400)), symbol: symbol,
      restHost: sim.okxRESTURL)
  }

  /// The dashboard's OKX plan: a swap's mark, index and funding beside its book, trades, ticker.
  private static let okxPlan = SubscriptionPlan(
    bookDepth: 400, perSymbol: [.book, .trades, .ticker], derivativeChannels: [.mark],
    derivativeSuffix: OKXAdapter.swapSuffix)

  @Test func anOKXSwapsMarkIndexAndFundingReachItsInstrument() throws {
    try Integration.withSim(Integration.simConfig(seed: 81)) { sim in
      let h = Self.okx(sim, symbol: "BTC-USDT-SWAP", plan: Self.okxPlan)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE with the mark, the index and the funding") {
        let i = $0.state.instrument
        return $0.isLive && i.markPrice != nil && i.indexPrice != nil && i.fundingRate != nil
          && i.fields.fundingTimeMs != nil && i.lastPrice != nil
      }
      let i = h.state.instrument
      // Near the swap's own price (the simulator's basis is a few basis points).
      if let last = i.lastPrice, let mark = i.markPrice, let index = i.indexPrice {
        #expect(abs(mark / last - 1) < 0.01 && abs(index / last - 1) < 0.01, "\(last) \(mark) \(index)")
      }
      #expect(h.status?.unavailable.isEmpty ?? false, "\(String(describing: h.status?.unavailable))")
      #expect(h.decodeErrors == 0, "\(h.decodeErrorMessages)")
    }
  }

  /// Bybit's derivative `tickers` carry the mark, index, funding and its time themselves: they
  /// reach the instrument of a linear and of an inverse perpetual.
  @Test(arguments: [BybitCategory.linear, .inverse])
  func aBybitPerpetualsTickerCarriesItsMarkIndexAndFunding(category: BybitCategory) throws {
    try Integration.withSim(Integration.simConfig(seed: 86)) { sim in
      let adapter = BybitAdapter(category: category, host: sim.bybitWebSocketHost)
      let h = VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: 50, perSymbol: [.book, .trades, .ticker]),
        policy: .sequence(adapter.bookPolicy(depth: 50)), symbol: category == .linear ? "BTCUSDT" : "BTCUSD")
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE with the mark, the index and the funding") {
        let i = $0.state.instrument
        return $0.isLive && i.markPrice != nil && i.indexPrice != nil && i.fundingRate != nil
          && i.fields.fundingTimeMs != nil
      }
    }
  }

  /// A spot pair subscribes no mark, index or funding (OKX would refuse them) and goes LIVE.
  @Test func anOKXSpotPairAsksNoMark() throws {
    try Integration.withSim(Integration.simConfig(seed: 82)) { sim in
      let h = Self.okx(sim, symbol: "BTC-USDT", plan: Self.okxPlan)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive && $0.state.instrument.lastPrice != nil }
      #expect(h.state.instrument.markPrice == nil && h.state.instrument.fundingRate == nil)
      #expect(h.status?.unavailable.isEmpty ?? false)
    }
  }

  /// `okx-no-snapshot`: `books` sends updates only. The book holds them, fetches the REST book,
  /// bridges it by time, follows by `prevSeqId` from there, and ends as the venue's.
  @Test func anOKXBookWithoutItsSnapshotBridgesTheRESTBook() throws {
    var config = Integration.simConfig(seed: 83)
    config.faults.followers.okxNoSnapshot = true
    try Integration.withSim(config) { sim in
      let h = Self.okx(
        sim, symbol: "BTC-USDT-SWAP", plan: SubscriptionPlan(bookDepth: 400, perSymbol: [.book, .trades]))
      defer { h.stop() }
      h.waitUntil(timeout: 15, "LIVE on the REST book, then 30 linked updates") {
        $0.isLive && $0.appliedUpdates >= 30
      }
      #expect(h.snapshotsFetched >= 1)
      #expect(h.faults.isEmpty, "\(h.faults)")
      guard case .sequence(let rule)? = h.state.bookPolicy else {
        Issue.record("not OKX's sequence rule")
        return
      }
      #expect(rule.restBridges >= 1)
      sim.pauseMarket()
      h.waitUntil(timeout: 5, "the book as the simulator holds it") {
        Self.matches($0, sim, "okx", "BTC-USDT-SWAP", depth: 400)
      }
      #expect(h.decodeErrors == 0, "\(h.decodeErrorMessages)")
    }
  }

  /// Coinbase answers `BTC-USDC` with `BTC-USD`'s frames: the book, tape and ticker are keyed to
  /// `BTC-USDC`, and the book is `BTC-USD`'s.
  @Test func aCoinbaseUSDCProductIsItsUSDProductsData() throws {
    try Integration.withSim(Integration.simConfig(seed: 84)) { sim in
      let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      let h = VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades, .ticker]),
        policy: .sequence(adapter.bookPolicy()), symbol: "BTC-USDC")
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE with updates, trades and the ticker") {
        $0.isLive && $0.appliedUpdates >= 10 && $0.state.tradeSync == .live
          && $0.state.instrument.lastPrice != nil
      }
      #expect(h.snapshots >= 1)
      sim.pauseMarket()
      h.waitUntil(timeout: 5, "the book as the simulator's BTC-USD") {
        Self.matches($0, sim, "coinbase", "BTC-USD", depth: .max)
      }
      #expect(h.faults.isEmpty && h.decodeErrors == 0, "\(h.faults) \(h.decodeErrorMessages)")
    }
  }

  /// The markets list's tickers go on `ticker_batch` (every 5 s at Coinbase, 0.2 s here) and
  /// make their rows live; the followed product keeps `ticker`.
  @Test func coinbasesMarketsListTickersComeInBatches() throws {
    var config = Integration.simConfig(seed: 85)
    config.faults.followers.coinbaseTickerBatchSeconds = 0.2
    try Integration.withSim(config) { sim in
      let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      let h = VenueFeedHarness(
        adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: [.book, .trades, .ticker]),
        policy: .sequence(adapter.bookPolicy()), symbol: "BTC-USD")
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive }
      let others: [Symbol] = ["ETH-USD", "SOL-USD", "DOGE-USD"]
      func live(_ h: VenueFeedHarness) -> Int {
        h.session.markets.rows.filter { others.contains($0.id.symbol) && $0.changedAt != nil }.count
      }
      #expect(live(h) == 0)
      h.feed.post(.watchTickers(others))
      h.waitUntil(timeout: 10, "the watched rows live from ticker_batch") { live($0) == others.count }
      #expect(sim.stats.sent("coinbase.ticker_batch") > 0, "no ticker_batch message was sent")
      #expect(h.isLive && h.decodeErrors == 0)
    }
  }
}
