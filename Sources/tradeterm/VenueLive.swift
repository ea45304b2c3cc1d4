import Binance
import Bybit
import Coinbase
import ExchangeSim
import Kraken
import MarketModel
import OKX
import VenueCore

/// What the dashboard needs to follow a venue other than BitMEX live: its adapter (pointed at
/// `url` or the venue's own endpoint), what to subscribe, and the book rule each market starts
/// from.
struct VenueLive: Sendable {
  var venue: Venue
  var adapter: any VenueAdapter
  var plan: SubscriptionPlan
  var bookPolicy: AnyBookSync
  var bookDepth: Int?
  /// The venue's public REST host, for a book rule that bridges a REST snapshot (Binance).
  var restHost: String?

  /// The live setup of `venue`, its WebSocket at `url` when given (the simulator's, or
  /// `--ws-url`); nil for BitMEX (its own path).
  static func of(_ venue: Venue, url: String?, restHost: String? = nil) -> VenueLive? {
    // The ticker fills the header (last, 24 h change and volume, VWAP; mark and funding where
    // the venue has them); auxiliary, it never holds LIVE back.
    let channels: [MarketChannel] = [.book, .trades, .ticker]
    switch venue {
    case .kraken:
      let adapter = url.map { KrakenAdapter(url: $0) } ?? KrakenAdapter()
      let depth = adapter.bookDepths[0]
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: channels),
        bookPolicy: .checksum(ChecksumSync(depth: depth, checksum: AnyBookChecksum(KrakenChecksum()))),
        bookDepth: depth)
    case .coinbase:
      let adapter = url.map { CoinbaseAdapter(url: $0) } ?? CoinbaseAdapter()
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: channels),
        bookPolicy: .sequence(adapter.bookPolicy()), bookDepth: nil)
    case .bybitSpot, .bybitLinear, .bybitInverse:
      guard let category = BybitCategory(venue: venue) else { return nil }
      let adapter = url.map { BybitAdapter(category: category, host: $0) } ?? BybitAdapter(category: category)
      let depth = adapter.bookDepths[0]
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: channels),
        bookPolicy: .sequence(adapter.bookPolicy(depth: depth)), bookDepth: depth)
    case .okx:
      let adapter = url.map { OKXAdapter(url: $0) } ?? OKXAdapter()
      let depth = adapter.bookDepths[0]
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: channels),
        bookPolicy: .sequence(adapter.bookPolicy(depth: depth)), bookDepth: depth)
    case .binance, .binanceUSDM:
      // The streams are named in the URL and the book bridges a REST snapshot to them. USDⓈ-M
      // routes the book to `/public` and the trades, ticker and mark price to `/market`: two
      // connections, one feed each (`VenueFeedGroup`).
      let market: BinanceMarket = venue == .binance ? .spot : .usdm
      let adapter = BinanceAdapter(market: market, host: url, restHost: restHost)
      return VenueLive(
        venue: venue, adapter: adapter,
        plan: SubscriptionPlan(bookDepth: nil, perSymbol: market == .usdm ? channels + [.mark] : channels),
        bookPolicy: .bridge(SnapshotBridgeSync(bridge: market.bridge)), bookDepth: nil,
        restHost: adapter.restHost)
    case .bitmex:
      return nil
    }
  }

  /// The WebSocket URL that carries `symbol`'s book (the first of the market's connections; a
  /// `VenueFeedGroup` opens every one).
  func url(symbol: String) -> String? {
    adapter.connections(for: plan.subscriptions(symbol: symbol)).first?.url
  }
}

extension Tradeterm {
  /// Where the simulator speaks `venue` (its WebSocket, and its REST host when the venue needs
  /// one), for `--demo VENUE:SYMBOL`; nil: no dialect yet.
  static func demoURL(_ venue: Venue, _ sim: ExchangeSim) -> (ws: String, rest: String?)? {
    switch venue {
    case .kraken: (sim.krakenURL, nil)
    case .binance: (sim.binanceHost(.spot), sim.binanceRESTHost(.spot))
    case .binanceUSDM: (sim.binanceHost(.usdm), sim.binanceRESTHost(.usdm))
    case .coinbase: (sim.coinbaseWebSocketURL, nil)
    case .bybitSpot, .bybitLinear, .bybitInverse: (sim.bybitWebSocketHost, nil)
    case .okx: (sim.okxWebSocketURL, nil)
    case .bitmex: nil
    }
  }
}
