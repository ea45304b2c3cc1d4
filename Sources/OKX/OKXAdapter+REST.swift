import VenueCore

extension OKXAdapter {
  /// OKX's public REST host.
  public static let restHost = "https://www.okx.com"

  /// `/api/v5/…` requests: instruments per type (SPOT, SWAP, FUTURES: three requests), books (at
  /// most 400 levels), candles (at most 300; `after` takes bars older than it; day and longer bars
  /// and 6 h and 12 h ones in their UTC form, the plain ones being aligned to Hong Kong time),
  /// trades (at most 500), tickers per type (SPOT, SWAP, FUTURES: three requests).
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] {
    typealias Item = VenueRESTRequest.Item
    switch intent {
    case .instruments:
      return Self.instrumentTypes.map {
        VenueRESTRequest(path: "/api/v5/public/instruments", query: [Item("instType", $0)])
      }
    case .tickers:
      return Self.instrumentTypes.map {
        VenueRESTRequest(path: "/api/v5/market/tickers", query: [Item("instType", $0)])
      }
    case let .bookSnapshot(symbol, depth):
      return [
        VenueRESTRequest(
          path: "/api/v5/market/books",
          query: [Item("instId", symbol.description), Item("sz", "\(RESTIntent.clamp(depth, cap: 400))")])
      ]
    case let .candles(symbol, intervalMs, limit, beforeMs):
      guard let bar = Self.bars[intervalMs] else { return [] }
      return [
        VenueRESTRequest(
          path: "/api/v5/market/candles",
          query: [
            Item("instId", symbol.description), Item("bar", bar), Item("after", "\(beforeMs)"),
            Item("limit", "\(RESTIntent.clamp(limit, cap: 300))"),
          ])
      ]
    case let .recentTrades(symbol, limit):
      return [
        VenueRESTRequest(
          path: "/api/v5/market/trades",
          query: [Item("instId", symbol.description), Item("limit", "\(RESTIntent.clamp(limit, cap: 500))")])
      ]
    }
  }

  /// The instrument types listed (options are not).
  static let instrumentTypes = ["SPOT", "SWAP", "FUTURES"]

  /// OKX's candle bars by width in milliseconds.
  static let bars: [Int64: String] = [
    60_000: "1m", 180_000: "3m", 300_000: "5m", 900_000: "15m", 1_800_000: "30m", 3_600_000: "1H",
    7_200_000: "2H", 14_400_000: "4H", 21_600_000: "6Hutc", 43_200_000: "12Hutc", 86_400_000: "1Dutc",
    604_800_000: "1Wutc",
  ]
}
