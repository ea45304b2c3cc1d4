import VenueCore
import WireJSON

/// OKX v5's public WebSocket rules: one endpoint (`wss://ws.okx.com:8443/ws/v5/public`); every
/// subscription an arg of one `{"op":"subscribe","args":[{"channel":"books","instId":"BTC-USDT"}]}`
/// (at most 64 KB of request, and 480 subscribe, unsubscribe or login requests an hour per
/// connection); the text `ping` when nothing came for 20 s, because the server closes a
/// connection after 30 s without data. Books are `books` (400 levels: a snapshot, then updates
/// linked by `prevSeqId`) or `books5` (every push the whole top 5). A swap's mark price, index and
/// funding (`MarketChannel.mark`) are three channels: `mark-price` and `funding-rate` of the swap,
/// and `index-tickers` of its index (the swap's name without `-SWAP`: `BTC-USDT`).
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
    let carried = subscriptions.filter { !args($0).isEmpty }
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
      for a in args(s) where seen.insert(a).inserted {
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
    }
    return chunks.map { head + $0.joined(separator: ",") + tail }
  }

  /// OKX's arg objects for a subscription (none: OKX has no such channel).
  func args(_ s: Subscription) -> [String] {
    func instrument(_ name: String) -> String { #","instId":\#(WireText.quoted(name))"# }
    let id = s.symbol.map { instrument($0.description) }
    switch (s.channel, id) {
    case (.book, let id?): return [#"{"channel":"\#(Self.bookChannel(depth: s.depth))"\#(id)}"#]
    case (.trades, let id?): return [#"{"channel":"trades"\#(id)}"#]
    case (.ticker, let id?): return [#"{"channel":"tickers"\#(id)}"#]
    case (.mark, let id?):
      // A swap's mark, funding and index; another instrument has no funding, and its index is
      // not named here.
      guard let swap = s.symbol, let index = Self.index(ofSwap: swap) else {
        return [#"{"channel":"mark-price"\#(id)}"#]
      }
      return [
        #"{"channel":"mark-price"\#(id)}"#, #"{"channel":"funding-rate"\#(id)}"#,
        #"{"channel":"index-tickers"\#(instrument(index.description))}"#,
      ]
    // Liquidations come per instrument type, every swap at once.
    case (.liquidations, nil): return [#"{"channel":"liquidation-orders","instType":"SWAP"}"#]
    default: return []
    }
  }

  /// The swaps' name ending: `BTC-USDT-SWAP`.
  public static let swapSuffix = "-SWAP"

  /// The index a perpetual swap follows: its name without `-SWAP` (`BTC-USDT-SWAP` → `BTC-USDT`,
  /// `BTC-USD-SWAP` → `BTC-USD`: OKX names a swap after its `instFamily`, which is its index);
  /// nil for anything else.
  public static func index(ofSwap swap: Symbol) -> Symbol? {
    let name = swap.description
    guard name.hasSuffix(swapSuffix), name.count > swapSuffix.count else { return nil }
    return Symbol(String(name.dropLast(swapSuffix.count)))
  }

  /// The swap whose index is `index` (`BTC-USDT` → `BTC-USDT-SWAP`): the one instrument the
  /// adapter subscribes an index for.
  public static func swap(ofIndex index: Symbol) -> Symbol? {
    Symbol(index.description + swapSuffix)
  }

  /// `books5` for a depth of 5, `books` (400 levels) otherwise.
  static func bookChannel(depth: Int?) -> String { depth == 5 ? "books5" : "books" }

  public var heartbeat: HeartbeatRule { .clientPing(text: "ping", silence: 20, timeout: 5) }

  /// A 400-level snapshot is about 30 kB.
  public var limits: VenueLimits { VenueLimits(maxFrameBytes: 4 << 20) }

  public var bookDepths: [Int] { [400, 5] }

  /// The book rule: in-band snapshot, then `prevSeqId == last seqId` (a keep-alive with
  /// `seqId == prevSeqId` is no gap, nor is `seqId < prevSeqId` after maintenance); the checksum,
  /// 0 since 23 June 2026, is never verified. When `books` updates come without their snapshot,
  /// the REST book is bridged to them by time (`SequenceLinkSync+RESTBridge`: the REST body has
  /// no `seqId`). `books5` pushes are each the whole top 5, so that book never holds more (and
  /// needs no bridge).
  public func bookPolicy(depth: Int) -> SequenceLinkSync {
    SequenceLinkSync(link: .previous, depthLimit: depth == 5 ? 5 : nil, bridgesREST: depth != 5)
  }

  public func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
  }
}
