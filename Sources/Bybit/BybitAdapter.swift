import VenueCore
import WireJSON

/// Bybit v5's public WebSocket rules: one endpoint per category under one host
/// (`wss://stream.bybit.com/v5/public/linear`); topics named `orderbook.{depth}.{symbol}`,
/// `publicTrade.{symbol}`, `tickers.{symbol}`, `allLiquidation.{symbol}`, subscribed with
/// `{"op":"subscribe","args":[…]}` (spot takes at most 10 args a request; derivatives at most
/// 21,000 characters of args); `{"op":"ping"}` every 20 s. Books are `orderbook.50` unless asked
/// otherwise (1, 200 and 1000 on request); their `u` grows by one per message of a topic.
public struct BybitAdapter: VenueAdapter {
  public static let publicHost = "wss://stream.bybit.com"

  public let category: BybitCategory
  /// The host, e.g. `wss://stream.bybit.com`; the category's path is added to it.
  public let host: String
  private let decoder = BybitDecoder()

  public init(category: BybitCategory, host: String = BybitAdapter.publicHost) {
    self.category = category
    self.host = host
  }

  public var venue: Venue { category.venue }

  /// The endpoint of this adapter's category.
  public var url: String { "\(host)/v5/public/\(category.rawValue)" }

  public func connections(for subscriptions: [Subscription]) -> [VenueConnection] {
    let carried = subscriptions.filter { topic($0) != nil }
    return carried.isEmpty ? [] : [VenueConnection(url: url, subscriptions: carried)]
  }

  public func subscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("subscribe", subscriptions)
  }

  public func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("unsubscribe", subscriptions)
  }

  /// At most 10 args a frame on spot; on derivatives, args up to 21,000 characters a frame.
  public var argsPerRequest: Int? { category == .spot ? 10 : nil }
  public var argsCharactersPerRequest: Int? { category == .spot ? nil : 21_000 }

  /// The topics in as few frames as the limits allow, in the order asked, each once. Bybit
  /// refuses a whole frame for one topic it will not take, and its refusal names no topic, only
  /// the frame's `req_id`: so liquidations (a channel the rest must not fall with) go in frames of
  /// their own, whose `req_id` says what they carry (`BybitDecoder` reads it back).
  private func frames(_ op: String, _ subscriptions: [Subscription]) -> [String] {
    let core = subscriptions.filter { $0.channel != .liquidations }
    let auxiliary = subscriptions.filter { $0.channel == .liquidations }
    return chunks(core).map { #"{"op":"\#(op)","args":[\#($0.joined(separator: ","))]}"# }
      + chunks(auxiliary).map {
        #"{"req_id":"\#(Self.liquidationsRequest)","op":"\#(op)","args":[\#($0.joined(separator: ","))]}"#
      }
  }

  /// The `req_id` of a frame of liquidation topics.
  static let liquidationsRequest: StaticString = "allLiquidation"

  /// The quoted topics of `subscriptions`, in frames the limits allow, each once.
  private func chunks(_ subscriptions: [Subscription]) -> [[String]] {
    var chunks: [[String]] = []
    var seen: Set<String> = []
    var characters = 0
    for s in subscriptions {
      guard let t = topic(s), seen.insert(t).inserted else { continue }
      let n = t.utf8.count
      if let last = chunks.last, fits(args: last.count + 1, characters: characters + n) {
        chunks[chunks.count - 1].append(WireText.quoted(t))
        characters += n
      } else {
        chunks.append([WireText.quoted(t)])
        characters = n
      }
    }
    return chunks
  }

  private func fits(args: Int, characters: Int) -> Bool {
    args <= (argsPerRequest ?? .max) && characters <= (argsCharactersPerRequest ?? .max)
  }

  /// Bybit's topic for a subscription (nil: none in this category).
  func topic(_ s: Subscription) -> String? {
    guard let symbol = s.symbol?.description else { return nil }
    switch s.channel {
    case .book: return "orderbook.\(s.depth ?? bookDepths[0]).\(symbol)"
    case .trades: return "publicTrade.\(symbol)"
    case .ticker: return "tickers.\(symbol)"
    case .liquidations: return category == .spot ? nil : "allLiquidation.\(symbol)"
    case .bbo, .mark, .instrument, .heartbeat, .status: return nil
    }
  }

  public var heartbeat: HeartbeatRule { .clientPing(text: #"{"op":"ping"}"#, silence: 20, timeout: 10) }

  /// Bybit states no message rate or stream count for public topics; a 1000-level snapshot is
  /// about 60 kB.
  public var limits: VenueLimits { VenueLimits(maxFrameBytes: 4 << 20) }

  public var bookDepths: [Int] { [50, 1, 200, 1000] }

  /// The book rule: in-band snapshot, `u` + 1 per message (`u == 1`: a restart, taken as a
  /// snapshot), never more than `depth` levels a side (Bybit deletes at the edge itself, so more
  /// is a fault).
  public func bookPolicy(depth: Int) -> SequenceLinkSync {
    SequenceLinkSync(link: .increment, depthLimit: depth)
  }

  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
  }
}
