/// Binance's two markets the simulator speaks: each under a path prefix of its own on the one
/// server, so that `ws://127.0.0.1:P/binance` stands for `wss://stream.binance.com:9443` and
/// `http://127.0.0.1:P/binance` for `https://api.binance.com` (`…/binance-usdm` for
/// `fstream.binance.com` and `fapi.binance.com`).
public enum BinanceSimMarket: String, Sendable, Hashable, CaseIterable {
  /// Spot: `/stream?streams=…`, REST `/api/v3/…`.
  case spot
  /// USDⓈ-M futures: streams routed by path (`/public/stream`, `/market/stream`), REST
  /// `/fapi/v1/…`; depth updates carry `pu`.
  case usdm

  /// The path prefix standing for the market's hosts.
  public var pathPrefix: String { self == .spot ? "/binance" : "/binance-usdm" }

  /// The REST prefix under `pathPrefix` (`/api/v3`, `/fapi/v1`).
  var restPrefix: String { self == .spot ? "/api/v3" : "/fapi/v1" }

  /// The market of a request path, and the rest of the path after its prefix.
  static func split(_ path: String) -> (BinanceSimMarket, Substring)? {
    // `/binance-usdm` first: `/binance` is a prefix of it.
    for market in [BinanceSimMarket.usdm, .spot] {
      let prefix = market.pathPrefix
      guard path.hasPrefix(prefix) else { continue }
      let rest = path.dropFirst(prefix.count)
      if rest.isEmpty || rest.hasPrefix("/") { return (market, rest) }
    }
    return nil
  }
}
