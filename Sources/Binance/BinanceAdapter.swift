import VenueCore
import WireJSON

/// Binance's connection rules, spot and USDⓈ-M: streams named in the URL of a combined-stream
/// connection (`…/stream?streams=btcusdt@depth@100ms/btcusdt@bookTicker`); USDⓈ-M routes streams
/// by path since 2026 (`/public` for depth, bookTicker and trades; `/market` for aggTrade,
/// markPrice, klines and the all-market streams — a stream asked of the wrong path silently
/// sends nothing); server PING frames every 20 s; 24 h connection lifetime; at most 5 (spot) or
/// 10 (USDⓈ-M) client messages a second and 1024 streams a connection.
public struct BinanceAdapter: VenueAdapter {
  public let market: BinanceMarket
  /// The host, e.g. `wss://stream.binance.com:9443` (spot) or `wss://fstream.binance.com`.
  public let host: String
  private let decoder: BinanceDecoder

  public static func defaultHost(_ market: BinanceMarket) -> String {
    market == .spot ? "wss://stream.binance.com:9443" : "wss://fstream.binance.com"
  }

  /// The public REST host (`https://api.binance.com`, `https://fapi.binance.com`).
  public let restHost: String

  public init(market: BinanceMarket, host: String? = nil, restHost: String? = nil) {
    self.market = market
    self.host = host ?? Self.defaultHost(market)
    self.restHost = restHost ?? (market == .spot ? "https://api.binance.com" : "https://fapi.binance.com")
    decoder = BinanceDecoder(market: market)
  }

  public var venue: Venue { market == .spot ? .binance : .binanceUSDM }

  /// Which USDⓈ-M path serves a channel.
  enum Route: String {
    case publicData = "public"
    case market
  }

  static func route(_ channel: MarketChannel) -> Route {
    switch channel {
    case .book, .bbo: .publicData
    case .trades, .mark, .liquidations, .ticker, .instrument, .heartbeat, .status: .market
    }
  }

  public func connections(for subscriptions: [Subscription]) -> [VenueConnection] {
    var byPath: [(path: String, subscriptions: [Subscription], streams: [String])] = []
    for s in subscriptions {
      guard let stream = streamName(s) else { continue }
      let path = market == .spot ? "/stream" : "/\(Self.route(s.channel).rawValue)/stream"
      if let i = byPath.firstIndex(where: { $0.path == path && $0.streams.count < 1024 }) {
        byPath[i].subscriptions.append(s)
        byPath[i].streams.append(stream)
      } else {
        byPath.append((path, [s], [stream]))
      }
    }
    return byPath.map {
      VenueConnection(
        url: host + $0.path + "?streams=" + $0.streams.joined(separator: "/"), subscriptions: $0.subscriptions
      )
    }
  }

  /// Binance's stream name for a subscription (nil: none on this market).
  func streamName(_ s: Subscription) -> String? {
    let symbol = s.symbol?.description.lowercased()
    switch (s.channel, symbol) {
    case (.book, let sym?): return market == .spot ? "\(sym)@depth@100ms" : "\(sym)@depth@0ms"
    case (.bbo, let sym?): return "\(sym)@bookTicker"
    case (.trades, let sym?): return market == .spot ? "\(sym)@trade" : "\(sym)@aggTrade"
    case (.mark, let sym?): return market == .usdm ? "\(sym)@markPrice@1s" : nil
    case (.liquidations, nil): return market == .usdm ? "!forceOrder@arr" : nil
    case (.ticker, nil): return market == .spot ? "!miniTicker@arr" : "!ticker@arr"
    case (.ticker, let sym?): return "\(sym)@ticker"
    default: return nil
    }
  }

  /// Streams travel in the URL; a running connection could add some with SUBSCRIBE frames, but
  /// tradeterm reconnects with a new URL instead (one rule, and no message-rate budget spent).
  public func subscribeFrames(_ subscriptions: [Subscription]) -> [String] { [] }
  public func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] { [] }

  public var heartbeat: HeartbeatRule { .serverPings(silence: 60) }

  public var limits: VenueLimits {
    VenueLimits(
      connectionLifetime: 24 * 3600, messagesPerSecond: market == .spot ? 5 : 10, streamsPerConnection: 1024,
      maxFrameBytes: 8 << 20, restWeightPerMinute: market == .spot ? 6_000 : 2_400,
      restWeightHeader: "X-MBX-USED-WEIGHT-1M")
  }

  public var bookDepths: [Int] { [1000] }

  /// `!miniTicker@arr` (spot) or `!ticker@arr` (USDⓈ-M, on `/market`) on a connection of its own.
  public var tickersOnAConnectionOfTheirOwn: Bool { true }

  /// The REST path of a depth snapshot (the bridge's `L`).
  public func depthSnapshotPath(symbol: Symbol, limit: Int = 1000) -> String {
    let base = market == .spot ? "/api/v3/depth" : "/fapi/v1/depth"
    return "\(base)?symbol=\(symbol)&limit=\(limit)"
  }

  /// The book rule: a REST snapshot bridged to the buffered stream.
  public func bookPolicy() -> SnapshotBridgeSync { SnapshotBridgeSync(bridge: market.bridge) }

  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
  }

  /// A REST depth body names no symbol: it is the book of the symbol asked.
  public func decodeSnapshot(
    _ body: UnsafeBufferPointer<UInt8>, symbol: Symbol, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    try BinanceDecoder(market: market, snapshotSymbol: symbol).decode(
      body, receivedAt: receivedAt, into: &batch)
  }
}

extension VenueAbout {
  public static let binance = VenueAbout(
    venue: .binance, displayName: "Binance", examples: ["binance:BTCUSDT"],
    bookRule:
      "REST snapshot bridged to buffered diffs (U ≤ L+1 ≤ u, then U = previous u + 1), bookTicker cross-check",
    reads:
      "book (REST snapshot bridged to the diff stream, cross-checked with bookTicker), trades, ticker;"
      + " exchangeInfo facts and klines over REST; the markets list live from !miniTicker@arr; the 24 h"
      + " connection replaced make-before-break (and on serverShutdown); the ticket and portfolio;"
      + " --once live and --once --replay (hftbacktest captures too); --record and replay",
    selectable: true, mark: "B", liquidations: .spotVenue, dollarSpotSuffix: "USDT",
    framesNameTheirInstrument: false, simWebSocketPath: "/binance", simRESTPath: "/binance")

  public static let binanceUSDM = VenueAbout(
    venue: .binanceUSDM, displayName: "Binance USDⓈ-M", examples: ["binance-usdm:BTCUSDT"],
    bookRule:
      "REST snapshot bridged to buffered diffs (U ≤ L ≤ u, then pu = previous u), bookTicker cross-check",
    reads:
      "on its two endpoints: book (REST snapshot bridged, cross-checked with bookTicker, on /public),"
      + " trades (aggTrade), ticker, mark price, index and funding, liquidations (!forceOrder@arr) on"
      + " /market; exchangeInfo facts and klines over REST; the markets list live from !ticker@arr; the 24 h"
      + " connection replaced make-before-break; the ticket and portfolio; --once live and --once --replay;"
      + " --record (both connections) and replay",
    selectable: true, mark: "F", liquidations: .everyMarket, dollarPerpetualSuffix: "USDT",
    contractsOnly: true,
    framesNameTheirInstrument: false, simWebSocketPath: "/binance-usdm", simRESTPath: "/binance-usdm")
}
