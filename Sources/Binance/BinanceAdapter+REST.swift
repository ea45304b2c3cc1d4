import VenueCore

extension BinanceAdapter {
  /// Spot `/api/v3/…` and USDⓈ-M `/fapi/v1/…`: exchangeInfo, depth (USDⓈ-M takes only 5, 10,
  /// 20, 50, 100, 500 or 1000 levels: the next of those at or above the depth asked), klines (at
  /// most 1000 spot, 1500 USDⓈ-M; `endTime` is the last open time taken), trades (at most 1000),
  /// every symbol's `ticker/24hr` (weight 80 on spot, 40 on USDⓈ-M).
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] {
    typealias Item = VenueRESTRequest.Item
    let base = market == .spot ? "/api/v3" : "/fapi/v1"
    switch intent {
    case .instruments:
      return [VenueRESTRequest(path: base + "/exchangeInfo")]
    case let .bookSnapshot(symbol, depth):
      let limit =
        market == .spot
        ? RESTIntent.clamp(depth, cap: 5000)
        : (Self.usdmDepths.first { $0 >= depth } ?? Self.usdmDepths.last!)
      return [
        VenueRESTRequest(
          path: base + "/depth", query: [Item("symbol", symbol.description), Item("limit", "\(limit)")])
      ]
    case let .candles(symbol, intervalMs, limit, beforeMs):
      guard let interval = Self.klineIntervals[intervalMs] else { return [] }
      let cap = market == .spot ? 1000 : 1500
      return [
        VenueRESTRequest(
          path: base + "/klines",
          query: [
            Item("symbol", symbol.description), Item("interval", interval),
            Item("endTime", "\(max(beforeMs, 1) - 1)"), Item("limit", "\(RESTIntent.clamp(limit, cap: cap))"),
          ])
      ]
    case let .recentTrades(symbol, limit):
      return [
        VenueRESTRequest(
          path: base + "/trades",
          query: [Item("symbol", symbol.description), Item("limit", "\(RESTIntent.clamp(limit, cap: 1000))")])
      ]
    case .tickers:
      return [VenueRESTRequest(path: base + "/ticker/24hr")]
    }
  }

  /// The depths USDⓈ-M's `/fapi/v1/depth` takes.
  static let usdmDepths = [5, 10, 20, 50, 100, 500, 1000]

  /// Binance's kline intervals by width in milliseconds (`1M` has no fixed width).
  static let klineIntervals: [Int64: String] = [
    60_000: "1m", 180_000: "3m", 300_000: "5m", 900_000: "15m", 1_800_000: "30m", 3_600_000: "1h",
    7_200_000: "2h", 14_400_000: "4h", 21_600_000: "6h", 28_800_000: "8h", 43_200_000: "12h",
    86_400_000: "1d", 259_200_000: "3d", 604_800_000: "1w",
  ]
}
