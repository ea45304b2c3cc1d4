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
  /// The venue's public REST host (or the simulator's dialect): the instruments, candles and
  /// tickers (`VenueRESTWorker`), and the snapshot a bridging book rule takes (Binance).
  var restHost: String?
  /// Whether the feed can change its symbol on its connection; Binance names the streams in the
  /// URL, so another pair there is a new connection (`DashboardRunner.switchMarket`).
  var switchesInPlace = true

  /// The live setup of `venue`, its WebSocket at `url` when given (the simulator's, or
  /// `--ws-url`); nil for BitMEX (its own path). `depth` is the book's depth when the venue
  /// offers it, else its default.
  static func of(_ venue: Venue, url: String?, restHost: String? = nil, depth asked: Int? = nil) -> VenueLive?
  {
    func chosen(_ depths: [Int]) -> Int { asked.flatMap { depths.contains($0) ? $0 : nil } ?? depths[0] }
    // The ticker fills the header (last, 24 h change and volume, VWAP; mark and funding where
    // the venue has them); auxiliary, it never holds LIVE back.
    let channels: [MarketChannel] = [.book, .trades, .ticker]
    switch venue {
    case .kraken:
      let adapter = url.map { KrakenAdapter(url: $0) } ?? KrakenAdapter()
      let depth = chosen(adapter.bookDepths)
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: channels),
        bookPolicy: .checksum(ChecksumSync(depth: depth, checksum: AnyBookChecksum(KrakenChecksum()))),
        bookDepth: depth, restHost: restHost ?? KrakenAdapter.restHost)
    case .coinbase:
      let adapter = url.map { CoinbaseAdapter(url: $0) } ?? CoinbaseAdapter()
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: nil, perSymbol: channels),
        bookPolicy: .sequence(adapter.bookPolicy()), bookDepth: nil,
        restHost: restHost ?? CoinbaseAdapter.restHost)
    case .bybitSpot, .bybitLinear, .bybitInverse:
      guard let category = BybitCategory(venue: venue) else { return nil }
      let adapter = url.map { BybitAdapter(category: category, host: $0) } ?? BybitAdapter(category: category)
      let depth = chosen(adapter.bookDepths)
      // Derivatives' liquidations (`allLiquidation.{symbol}`) for the Activity pane: spot has none.
      let perSymbol = category == .spot ? channels : channels + [.liquidations]
      return VenueLive(
        venue: venue, adapter: adapter, plan: SubscriptionPlan(bookDepth: depth, perSymbol: perSymbol),
        bookPolicy: .sequence(adapter.bookPolicy(depth: depth)), bookDepth: depth,
        restHost: restHost ?? BybitAdapter.restHost)
    case .okx:
      let adapter = url.map { OKXAdapter(url: $0) } ?? OKXAdapter()
      let depth = chosen(adapter.bookDepths)
      // Every swap's liquidations (`liquidation-orders` of SWAP: one subscription whatever the
      // pair, so a pair switched to in place has them too); the Activity pane keeps its own. A
      // swap's mark, index and funding come on channels of their own (a spot pair has none).
      let plan = SubscriptionPlan(
        bookDepth: depth, perSymbol: channels, allSymbols: [.liquidations], derivativeChannels: [.mark],
        derivativeSuffix: OKXAdapter.swapSuffix)
      return VenueLive(
        venue: venue, adapter: adapter, plan: plan,
        bookPolicy: .sequence(adapter.bookPolicy(depth: depth)), bookDepth: depth,
        restHost: restHost ?? OKXAdapter.restHost)
    case .binance, .binanceUSDM:
      // The streams are named in the URL and the book bridges a REST snapshot to them. USDⓈ-M
      // routes the book to `/public` and the trades, ticker and mark price to `/market`: two
      // connections, one feed each (`VenueFeedGroup`). Another pair is a new connection.
      let market: BinanceMarket = venue == .binance ? .spot : .usdm
      let adapter = BinanceAdapter(market: market, host: url, restHost: restHost)
      return VenueLive(
        venue: venue, adapter: adapter,
        // USDⓈ-M's liquidations come on `!forceOrder@arr` (every symbol's, on `/market`). The
        // book's `@bookTicker` is what the bridge cross-checks the book against.
        plan: SubscriptionPlan(
          bookDepth: nil, perSymbol: (market == .usdm ? channels + [.mark] : channels) + [.bbo],
          allSymbols: market == .usdm ? [.liquidations] : []),
        bookPolicy: .bridge(SnapshotBridgeSync(bridge: market.bridge)), bookDepth: nil,
        restHost: adapter.restHost, switchesInPlace: false)
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
  /// The paths are the venue's registration's (`VenueAbout.simWebSocketPath`, `simRESTPath`).
  static func demoURL(_ venue: Venue, _ sim: SimAddress) -> (ws: String, rest: String?)? {
    guard let about = Venues.about(venue), let path = about.simWebSocketPath else { return nil }
    return (sim.webSocketURL(path: path), about.simRESTPath.map { sim.httpURL(path: $0) })
  }
}
