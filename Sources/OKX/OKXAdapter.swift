import VenueCore
import WireJSON

/// OKX v5's public WebSocket rules: one endpoint (`wss://ws.okx.com:8443/ws/v5/public`); every
/// subscription an arg of one `{"op":"subscribe","args":[{"channel":"books","instId":"BTC-USDT"}]}`
/// (at most 64 KB of request, and 480 subscribe, unsubscribe or login requests an hour per
/// connection); the text `ping` when nothing came for 20 s, because the server closes a
/// connection after 30 s without data. Books are `books` (400 levels: a snapshot, then updates
/// linked by `prevSeqId`) or `books5` (every push the whole top 5).
public struct OKXAdapter: VenueAdapter {
  public static let publicURL = "wss://ws.okx.com:8443/ws/v5/public"

  public let url: String
  private let decoder = OKXDecoder()

  public init(url: String = OKXAdapter.publicURL) {
    self.url = url
  }

  public var venue: Venue { .okx }

  /// The largest subscribe request OKX takes, in bytes.
  public static let maxRequestBytes = 65_536
  /// Subscribe, unsubscribe and login requests one connection may send an hour.
  public static let requestsPerHour = 480

  public func connections(for subscriptions: [Subscription]) -> [VenueConnection] {
    let carried = subscriptions.filter { arg($0) != nil }
    return carried.isEmpty ? [] : [VenueConnection(url: url, subscriptions: carried)]
  }

  public func subscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("subscribe", subscriptions)
  }

  public func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    frames("unsubscribe", subscriptions)
  }

  /// Every arg in one frame, or as few as stay under `maxRequestBytes`; each arg once.
  private func frames(_ op: String, _ subscriptions: [Subscription]) -> [String] {
    let head = #"{"op":"\#(op)","args":["#
    let tail = "]}"
    var chunks: [[String]] = []
    var bytes = 0
    var seen: Set<String> = []
    for s in subscriptions {
      guard let a = arg(s), seen.insert(a).inserted else { continue }
      // The arg, and its comma when it is not the first.
      let n = a.utf8.count + 1
      if let last = chunks.last, !last.isEmpty,
        head.utf8.count + bytes + n + tail.utf8.count <= Self.maxRequestBytes
      {
        chunks[chunks.count - 1].append(a)
        bytes += n
      } else {
        chunks.append([a])
        bytes = a.utf8.count
      }
    }
    return chunks.map { head + $0.joined(separator: ",") + tail }
  }

  /// OKX's arg object for a subscription (nil: none).
  func arg(_ s: Subscription) -> String? {
    let instrument = s.symbol.map { #","instId":\#(WireText.quoted($0.description))"# }
    switch (s.channel, instrument) {
    case (.book, let id?): return #"{"channel":"\#(Self.bookChannel(depth: s.depth))"\#(id)}"#
    case (.trades, let id?): return #"{"channel":"trades"\#(id)}"#
    case (.ticker, let id?): return #"{"channel":"tickers"\#(id)}"#
    case (.mark, let id?): return #"{"channel":"mark-price"\#(id)}"#
    // Liquidations come per instrument type, every swap at once.
    case (.liquidations, nil): return #"{"channel":"liquidation-orders","instType":"SWAP"}"#
    default: return nil
    }
  }

  /// `books5` for a depth of 5, `books` (400 levels) otherwise.
  static func bookChannel(depth: Int?) -> String { depth == 5 ? "books5" : "books" }

  public var heartbeat: HeartbeatRule { .clientPing(text: "ping", silence: 20, timeout: 5) }

  /// A 400-level snapshot is about 30 kB.
  public var limits: VenueLimits { VenueLimits(maxFrameBytes: 4 << 20) }

  public var bookDepths: [Int] { [400, 5] }

  /// The book rule: in-band snapshot, then `prevSeqId == last seqId` (a keep-alive with
  /// `seqId == prevSeqId` is no gap, nor is `seqId < prevSeqId` after maintenance); the checksum,
  /// 0 since 23 June 2026, is never verified. `books5` pushes are each the whole top 5, so that
  /// book never holds more.
  public func bookPolicy(depth: Int) -> SequenceLinkSync {
    SequenceLinkSync(link: .previous, depthLimit: depth == 5 ? 5 : nil)
  }

  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
  }
}
