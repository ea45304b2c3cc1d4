import VenueCore

extension BybitAdapter {
  /// Bybit's public REST host.
  public static let restHost = "https://api.bybit.com"

  /// `/v5/market/…` requests, each naming the category: instruments-info (1000 a page on
  /// derivatives), orderbook (at most 200 levels on spot, 500 on derivatives), kline (at most
  /// 1000; `end` is the last start time taken), recent-trade (at most 60 on spot, 1000 on
  /// derivatives), tickers (every symbol of the category).
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] {
    typealias Item = VenueRESTRequest.Item
    let category = Item("category", self.category.rawValue)
    let spot = self.category == .spot
    switch intent {
    case .instruments:
      return [
        VenueRESTRequest(
          path: "/v5/market/instruments-info", query: [category] + (spot ? [] : [Item("limit", "1000")]))
      ]
    case let .bookSnapshot(symbol, depth):
      return [
        VenueRESTRequest(
          path: "/v5/market/orderbook",
          query: [
            category, Item("symbol", symbol.description),
            Item("limit", "\(RESTIntent.clamp(depth, cap: spot ? 200 : 500))"),
          ])
      ]
    case let .candles(symbol, intervalMs, limit, beforeMs):
      guard let interval = Self.klineIntervals[intervalMs] else { return [] }
      return [
        VenueRESTRequest(
          path: "/v5/market/kline",
          query: [
            category, Item("symbol", symbol.description), Item("interval", interval),
            Item("end", "\(max(beforeMs, 1) - 1)"), Item("limit", "\(RESTIntent.clamp(limit, cap: 1000))"),
          ])
      ]
    case let .recentTrades(symbol, limit):
      return [
        VenueRESTRequest(
          path: "/v5/market/recent-trade",
          query: [
            category, Item("symbol", symbol.description),
            Item("limit", "\(RESTIntent.clamp(limit, cap: spot ? 60 : 1000))"),
          ])
      ]
    case .tickers:
      return [VenueRESTRequest(path: "/v5/market/tickers", query: [category])]
    }
  }

  /// Bybit's kline intervals by width in milliseconds (`M` has no fixed width).
  static let klineIntervals: [Int64: String] = [
    60_000: "1", 180_000: "3", 300_000: "5", 900_000: "15", 1_800_000: "30", 3_600_000: "60",
    7_200_000: "120", 14_400_000: "240", 21_600_000: "360", 43_200_000: "720", 86_400_000: "D",
    604_800_000: "W",
  ]
}
