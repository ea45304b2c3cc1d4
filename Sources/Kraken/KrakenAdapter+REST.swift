import VenueCore

extension KrakenAdapter {
  /// Kraken's public REST host.
  public static let restHost = "https://api.kraken.com"

  /// `/0/public/…` requests. Pairs are written as the v2 symbol without its `/` (`BTCUSD`):
  /// REST names pairs by their altname (`XBT` then `USD`), and that it also takes `BTCUSD` is
  /// unverified. `OHLC` returns up to 720 bars after `since` and takes no limit. `Ticker` of every
  /// pair keys its rows by the REST name (`XXBTZUSD`), so the tickers come with `AssetPairs`, which
  /// names each pair's assets.
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] {
    typealias Item = VenueRESTRequest.Item
    func pair(_ s: Symbol) -> Item { Item("pair", String(s.description.filter { $0 != "/" })) }
    switch intent {
    case .instruments:
      return [VenueRESTRequest(path: "/0/public/AssetPairs")]
    case let .bookSnapshot(symbol, depth):
      return [
        VenueRESTRequest(
          path: "/0/public/Depth",
          query: [pair(symbol), Item("count", "\(RESTIntent.clamp(depth, cap: 500))")])
      ]
    case let .candles(symbol, intervalMs, limit, beforeMs):
      let minutes = intervalMs / RESTIntent.minuteMs
      guard intervalMs % RESTIntent.minuteMs == 0, Self.ohlcMinutes.contains(minutes) else { return [] }
      let since = RESTIntent.startMs(beforeMs: beforeMs, intervalMs: intervalMs, limit: limit) / 1000
      return [
        VenueRESTRequest(
          path: "/0/public/OHLC",
          query: [pair(symbol), Item("interval", "\(minutes)"), Item("since", "\(since)")])
      ]
    case let .recentTrades(symbol, limit):
      return [
        VenueRESTRequest(
          path: "/0/public/Trades",
          query: [pair(symbol), Item("count", "\(RESTIntent.clamp(limit, cap: 1000))")])
      ]
    case .tickers:
      return [VenueRESTRequest(path: "/0/public/AssetPairs"), VenueRESTRequest(path: "/0/public/Ticker")]
    }
  }

  /// The bar widths `OHLC` offers, in minutes.
  static let ohlcMinutes: Set<Int64> = [1, 5, 15, 30, 60, 240, 1440, 10080, 21600]
}
