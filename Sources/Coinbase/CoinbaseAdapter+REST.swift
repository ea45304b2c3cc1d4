import VenueCore

extension CoinbaseAdapter {
  /// Coinbase Advanced Trade's public REST host.
  public static let restHost = "https://api.coinbase.com"

  /// The keyless `/api/v3/brokerage/market/…` requests: products, `product_book`, a product's
  /// `candles` (`start` and `end` in seconds are required; at most 350 bars) and `ticker` (its
  /// recent trades). Its tickers are the products again: each row carries its price, 24 h change
  /// and 24 h volume (Coinbase has no keyless all-products ticker).
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] {
    typealias Item = VenueRESTRequest.Item
    let market = "/api/v3/brokerage/market"
    func product(_ s: Symbol) -> String { market + "/products/" + VenueRESTRequest.encoded(s.description) }
    switch intent {
    case .instruments, .tickers:
      return [VenueRESTRequest(path: market + "/products")]
    case let .bookSnapshot(symbol, depth):
      return [
        VenueRESTRequest(
          path: market + "/product_book",
          query: [Item("product_id", symbol.description), Item("limit", "\(max(depth, 1))")])
      ]
    case let .candles(symbol, intervalMs, limit, beforeMs):
      guard let granularity = Self.granularities[intervalMs] else { return [] }
      let count = RESTIntent.clamp(limit, cap: 350)
      let start = RESTIntent.startMs(beforeMs: beforeMs, intervalMs: intervalMs, limit: count) / 1000
      let end = (max(beforeMs, 1) - 1) / 1000
      return [
        VenueRESTRequest(
          path: product(symbol) + "/candles",
          query: [
            Item("start", "\(start)"), Item("end", "\(end)"), Item("granularity", granularity),
            Item("limit", "\(count)"),
          ])
      ]
    case let .recentTrades(symbol, limit):
      return [
        VenueRESTRequest(
          path: product(symbol) + "/ticker", query: [Item("limit", "\(RESTIntent.clamp(limit, cap: 1000))")])
      ]
    }
  }

  /// Coinbase's candle granularities by width in milliseconds.
  static let granularities: [Int64: String] = [
    60_000: "ONE_MINUTE", 300_000: "FIVE_MINUTE", 900_000: "FIFTEEN_MINUTE", 1_800_000: "THIRTY_MINUTE",
    3_600_000: "ONE_HOUR", 7_200_000: "TWO_HOUR", 21_600_000: "SIX_HOUR", 86_400_000: "ONE_DAY",
  ]
}
