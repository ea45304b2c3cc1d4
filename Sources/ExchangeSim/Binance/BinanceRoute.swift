/// A Binance WebSocket endpoint: which streams it serves. USDⓈ-M routes streams by path since
/// 2026: `/public` serves depth, bookTicker and trade, `/market` aggTrade, markPrice, klines and
/// the tickers; a stream asked of the wrong path is accepted and silently sends nothing. The
/// unrouted `/stream` of USDⓈ-M serves the public streams only.
enum BinanceRoute: Sendable, Hashable {
  /// Spot's `/stream`: every stream.
  case spot
  /// USDⓈ-M `/public/stream`.
  case usdmPublic
  /// USDⓈ-M `/market/stream`.
  case usdmMarket
  /// USDⓈ-M `/stream`, the old unrouted endpoint.
  case usdmUnrouted

  var market: BinanceSimMarket { self == .spot ? .spot : .usdm }

  /// The venue as tradeterm names it: `binance` (spot) or `binance-usdm`.
  var venueName: String { self == .spot ? "binance" : "binance-usdm" }

  /// The endpoint of a WebSocket request path, if it is one.
  init?(path: String) {
    guard let (market, rest) = BinanceSimMarket.split(path) else { return nil }
    switch (market, rest) {
    case (.spot, "/stream"): self = .spot
    case (.usdm, "/public/stream"): self = .usdmPublic
    case (.usdm, "/market/stream"): self = .usdmMarket
    case (.usdm, "/stream"): self = .usdmUnrouted
    default: return nil
    }
  }

  /// Whether a stream of `kind` flows on this endpoint.
  func serves(_ kind: BinanceStreamKind) -> Bool {
    switch self {
    case .spot: kind != .markPrice && kind != .forceOrder
    case .usdmPublic, .usdmUnrouted: kind == .depth || kind == .bookTicker || kind == .trade
    case .usdmMarket:
      kind == .aggTrade || kind == .ticker || kind == .miniTicker || kind == .markPrice
        || kind == .forceOrder
    }
  }
}
