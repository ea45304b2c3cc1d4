import VenueCore
import WireJSON

/// Kraken's WebSocket v2 rules: one endpoint for everything; subscribe per channel with a list of
/// symbols (`{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":25,
/// "snapshot":true}}`); `{"method":"ping"}` and the 1 Hz `heartbeat` channel (a quiet pair's book
/// can be silent for 9 s: liveness is the heartbeat, never book traffic); books verified by
/// checksum after being cut to the subscribed depth.
public struct KrakenAdapter: VenueAdapter {
  public static let publicURL = "wss://ws.kraken.com/v2"

  public let url: String
  private let decoder = KrakenDecoder()

  public init(url: String = KrakenAdapter.publicURL) {
    self.url = url
  }

  public var venue: Venue { .kraken }

  public func connections(for subscriptions: [Subscription]) -> [VenueConnection] {
    subscriptions.isEmpty ? [] : [VenueConnection(url: url, subscriptions: subscriptions)]
  }

  public func subscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("subscribe", subscriptions)
  }

  public func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("unsubscribe", subscriptions)
  }

  /// One frame per channel and depth, its symbols together (Kraken takes a list).
  private func frames(_ method: String, _ subscriptions: [Subscription]) -> [String] {
    var groups: [(name: String, depth: Int?, symbols: [String])] = []
    for s in subscriptions {
      guard let name = Self.wireName(s.channel) else { continue }
      let depth = s.channel == .book ? (s.depth ?? bookDepths[0]) : nil
      let symbol = s.symbol.map { WireText.quoted($0.description) }
      if let i = groups.firstIndex(where: { $0.name == name && $0.depth == depth }) {
        if let symbol { groups[i].symbols.append(symbol) }
      } else {
        groups.append((name, depth, symbol.map { [$0] } ?? []))
      }
    }
    return groups.map { g in
      var params = #""channel":"\#(g.name)""#
      if !g.symbols.isEmpty { params += #","symbol":[\#(g.symbols.joined(separator: ","))]"# }
      if let depth = g.depth { params += #","depth":\#(depth)"# }
      // A snapshot first for every channel that has one (the book's is its sync point).
      if method == "subscribe", g.name != "heartbeat" { params += #","snapshot":true"# }
      return #"{"method":"\#(method)","params":{\#(params)}}"#
    }
  }

  /// Kraken's name of a channel (nil: not a Kraken channel).
  static func wireName(_ channel: MarketChannel) -> String? {
    switch channel {
    case .book: "book"
    case .trades: "trade"
    case .ticker: "ticker"
    case .instrument: "instrument"
    case .heartbeat: "heartbeat"
    case .status: "status"
    case .bbo, .liquidations, .mark: nil
    }
  }

  public var heartbeat: HeartbeatRule { .clientPing(text: #"{"method":"ping"}"#, silence: 5, timeout: 5) }

  public var limits: VenueLimits { VenueLimits(maxFrameBytes: 4 << 20) }

  public var bookDepths: [Int] { [25, 10, 100, 500, 1000] }

  /// The book rule: checksum after truncation to `depth`.
  public func bookPolicy(depth: Int) -> ChecksumSync<KrakenChecksum> {
    ChecksumSync(depth: depth, checksum: KrakenChecksum())
  }

  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
  }
}

extension VenueAbout {
  public static let kraken = VenueAbout(
    venue: .kraken, displayName: "Kraken", examples: ["kraken:BTC/USD", "kraken:ETH/USD"],
    bookRule:
      "in-band snapshot + CRC32 checksum of the top 10, cut to the subscribed depth (25; 10 100 500 1000)",
    reads:
      "book (checksum verified on every message), trades, ticker; AssetPairs facts and OHLC candles over"
      + " REST; the markets list live from ticker; the ticket and portfolio; --once live and --once"
      + " --replay; --record and replay",
    selectable: true, mark: "K", liquidations: .unpublished, spotPairSeparator: "/", dollarSpotSuffix: "/USD",
    simWebSocketPath: "/kraken/v2", simRESTPath: "/kraken")
}
