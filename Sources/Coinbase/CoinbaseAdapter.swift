import VenueCore
import WireJSON

/// Coinbase Advanced Trade's WebSocket rules (keyless market data): one endpoint for everything;
/// one channel per subscribe message, its products together
/// (`{"type":"subscribe","product_ids":["BTC-USD"],"channel":"level2"}`); `heartbeats` is
/// subscribed with every request, because Coinbase closes a connection whose channels stay quiet
/// for 60–90 s and the client has no ping of its own to send: liveness is that 1 Hz channel.
/// Every message carries one `sequence_num` for the whole connection, so a gap in any channel
/// resubscribes the book. The followed product's ticker is `ticker` (every match); the markets
/// list's tickers of other products are `ticker_batch` (every 5 s, without the best bid and
/// ask). A `-USDC` product's channels carry its `-USD` product's data (`usdcAlias`).
public struct CoinbaseAdapter: VenueAdapter {
  public static let publicURL = "wss://advanced-trade-ws.coinbase.com"

  /// A `-USDC` product's channels carry its `-USD` product's data, under the `-USD` product's id
  /// (`BTC-USDC` → `BTC-USD`), but for `USDT-USDC` and `EURC-USDC`, which are their own markets
  /// ("Advanced Trade WebSocket Channels": only the user channel takes other `-USDC` ids).
  public static let usdcAlias = DataAlias(
    suffix: "-USDC", dataSuffix: "-USD", exceptions: ["USDT-USDC", "EURC-USDC"])
  public var dataAlias: DataAlias? { Self.usdcAlias }

  public let url: String
  private let decoder = CoinbaseDecoder()

  public init(url: String = CoinbaseAdapter.publicURL) {
    self.url = url
  }

  public var venue: Venue { .coinbase }

  public func connections(for subscriptions: [Subscription]) -> [VenueConnection] {
    subscriptions.isEmpty ? [] : [VenueConnection(url: url, subscriptions: subscriptions)]
  }

  /// `heartbeats` first (whether asked for or not), then one frame per channel.
  public func subscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    guard !subscriptions.isEmpty else { return [] }
    let rest = subscriptions.filter { $0.channel != .heartbeat }
    return [Self.frame("subscribe", channel: "heartbeats", products: [])] + frames("subscribe", rest)
  }

  /// One frame per channel; `heartbeats` stays (the connection still needs its liveness).
  public func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("unsubscribe", subscriptions.filter { $0.channel != .heartbeat })
  }

  /// One frame per channel, its products in the order asked. A ticker asked with its product's
  /// book or trades is the followed product's (`ticker`); one asked without them is the markets
  /// list's (`ticker_batch`): the connection machine asks the list's tickers alone, and the
  /// followed product's with its book, on connecting and on a switch.
  private func frames(_ type: String, _ subscriptions: [Subscription]) -> [String] {
    let followed = Set(
      subscriptions.filter { $0.channel == .book || $0.channel == .trades }.compactMap(\.symbol))
    var groups: [(name: String, products: [String])] = []
    for s in subscriptions {
      guard var name = Self.wireName(s.channel), let product = s.symbol else { continue }
      if s.channel == .ticker && !followed.contains(product) { name = Self.tickerBatch }
      let quoted = WireText.quoted(product.description)
      if let i = groups.firstIndex(where: { $0.name == name }) {
        if !groups[i].products.contains(quoted) { groups[i].products.append(quoted) }
      } else {
        groups.append((name, [quoted]))
      }
    }
    return groups.map { Self.frame(type, channel: $0.name, products: $0.products) }
  }

  /// `products` are already JSON strings.
  private static func frame(_ type: String, channel: String, products: [String]) -> String {
    let ids = products.isEmpty ? "" : #","product_ids":[\#(products.joined(separator: ","))]"#
    return #"{"type":"\#(type)"\#(ids),"channel":"\#(channel)"}"#
  }

  /// The markets list's tickers: every 5 s, when the product changed.
  static let tickerBatch = "ticker_batch"

  /// Coinbase's name of a per-product channel (nil: none). `heartbeats` is handled apart;
  /// a ticker of every product has no keyless channel (`ticker_batch` needs products too).
  static func wireName(_ channel: MarketChannel) -> String? {
    switch channel {
    case .book: "level2"
    case .trades: "market_trades"
    case .ticker: "ticker"
    case .status: "status"
    case .heartbeat: "heartbeats"
    case .bbo, .instrument, .liquidations, .mark: nil
    }
  }

  /// No client ping exists: the `heartbeats` channel sends a frame every second, so a connection
  /// without any frame for 10 s is dead (book traffic is never the proof: a quiet product's book
  /// can be silent for minutes).
  public var heartbeat: HeartbeatRule { .serverPings(silence: 10) }

  /// 8 unauthenticated client messages a second; a BTC-USD `level2` snapshot is one 5 MB frame
  /// (46,000 levels), so frames up to 16 MB are taken.
  public var limits: VenueLimits { VenueLimits(messagesPerSecond: 8, maxFrameBytes: 16 << 20) }

  /// `level2` is the whole book: no depth to choose (0 stands for "all").
  public var bookDepths: [Int] { [0] }

  /// The book rule: in-band snapshot; deltas are linked by the connection's own counter
  /// (`ConnectionSequence` checks `sequence_num`, and `AnyBookSync.connectionSequence` passes
  /// the verdict on).
  public func bookPolicy() -> SequenceLinkSync { SequenceLinkSync(link: .connection) }

  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
  }
}
