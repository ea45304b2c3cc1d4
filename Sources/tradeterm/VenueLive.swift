import ExchangeSim
import MarketModel
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
  /// offers it, else its default. Its registration builds it (`VenueRegistration.live`).
  static func of(_ venue: Venue, url: String?, restHost: String? = nil, depth asked: Int? = nil) -> VenueLive?
  {
    guard let setup = Venues.registration(venue)?.live?(url, restHost, asked) else { return nil }
    return VenueLive(
      venue: venue, adapter: setup.adapter, plan: setup.plan, bookPolicy: setup.bookPolicy,
      bookDepth: setup.bookDepth, restHost: setup.restHost, switchesInPlace: setup.switchesInPlace)
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
