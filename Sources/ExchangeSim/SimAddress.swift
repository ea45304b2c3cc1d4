/// Where a simulator listens, and every dialect's URL there: what a client is given, whether the
/// simulator runs in its process (`ExchangeSim.address`) or in another one (`tradeterm-sim`, for
/// `tradeterm --demo-at`).
public struct SimAddress: Sendable, Hashable {
  /// The address listened on (`127.0.0.1`, or an IPv6 address without brackets).
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// `HOST:PORT` (`127.0.0.1:8080`, `[::1]:8080`) or a port alone (on 127.0.0.1), the port 1 to
  /// 65535; nil for anything else.
  public static func parse(_ text: String) -> SimAddress? {
    var host = "127.0.0.1"
    var portText = Substring(text)
    if let colon = text.lastIndex(of: ":") {
      var h = text[..<colon]
      if h.hasPrefix("[") && h.hasSuffix("]") {
        h = h.dropFirst().dropLast()
      } else if h.contains(":") {
        return nil
      }
      guard !h.isEmpty, h.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) })
      else { return nil }
      host = String(h)
      portText = text[text.index(after: colon)...]
    }
    guard (1...5).contains(portText.count), portText.allSatisfy({ ("0"..."9").contains($0) }),
      let port = Int(portText), (1...65_535).contains(port)
    else { return nil }
    return SimAddress(host: host, port: port)
  }

  /// The host as a URL writes it (an IPv6 address in brackets).
  var urlHost: String { host.contains(":") ? "[\(host)]" : host }
  private var base: String { "\(urlHost):\(port)" }

  /// `ws://127.0.0.1:P` and `path` (`/kraken/v2`): a dialect's WebSocket, as a venue's
  /// registration names its path (`VenueAbout.simWebSocketPath`).
  public func webSocketURL(path: String) -> String { "ws://\(base)\(path)" }
  /// `http://127.0.0.1:P` and `path` (`/kraken`): a dialect's REST host.
  public func httpURL(path: String) -> String { "http://\(base)\(path)" }

  /// BitMEX: `ws://127.0.0.1:P/realtime` and `http://127.0.0.1:P/api/v1`.
  public var webSocketURL: String { "ws://\(base)/realtime" }
  public var restURL: String { "http://\(base)/api/v1" }

  /// Binance `market`'s host: `ws://127.0.0.1:P/binance` (spot) or `…/binance-usdm`, standing for
  /// `wss://stream.binance.com:9443` and `wss://fstream.binance.com`.
  public func binanceHost(_ market: BinanceSimMarket) -> String { "ws://\(base)\(market.pathPrefix)" }
  /// `http://127.0.0.1:P/binance` (spot) or `…/binance-usdm`: REST paths go after it.
  public func binanceRESTHost(_ market: BinanceSimMarket) -> String { "http://\(base)\(market.pathPrefix)" }

  /// Kraken: `ws://127.0.0.1:P/kraken/v2`; its public REST API `…/kraken/0/public`; the host a
  /// `KrakenAdapter`'s REST requests go after, standing for `https://api.kraken.com`.
  public var krakenURL: String { "ws://\(base)\(KrakenSession.path)" }
  public var krakenRESTURL: String { "http://\(base)\(KrakenREST.prefix.dropLast())" }
  public var krakenRESTHost: String { "http://\(base)/kraken" }

  /// `ws://127.0.0.1:P/coinbase/ws`: give it to `CoinbaseAdapter(url:)`.
  public var coinbaseWebSocketURL: String { "ws://\(base)\(FollowerVenue.coinbase.webSocketPath)" }
  /// `http://127.0.0.1:P/coinbase`: Coinbase's REST host (`/api/v3/brokerage/market/…` below it).
  public var coinbaseRESTURL: String { "http://\(base)/coinbase" }
  /// `ws://127.0.0.1:P/bybit`: give it to `BybitAdapter(category:host:)`, which adds
  /// `/v5/public/{spot,linear,inverse}`.
  public var bybitWebSocketHost: String { "ws://\(base)/bybit" }
  /// `http://127.0.0.1:P/bybit`: Bybit's REST host (`/v5/market/…` below it).
  public var bybitRESTURL: String { "http://\(base)/bybit" }
  /// `ws://127.0.0.1:P/okx/ws/v5/public`: give it to `OKXAdapter(url:)`.
  public var okxWebSocketURL: String { "ws://\(base)\(FollowerVenue.okx.webSocketPath)" }
  /// `http://127.0.0.1:P/okx`: OKX's REST host (`/api/v5/…` below it).
  public var okxRESTURL: String { "http://\(base)/okx" }
}
