import ExchangeSim
import Foundation
import Kraken
import VenueCore

/// A Kraken client for the simulator tests, built the way tradeterm's is: every frame through
/// the real `KrakenDecoder`, each book through the adapter's `ChecksumSync` and a `PriceBook` at
/// the pair's precision, over the simulator's real loopback WebSocket.
final class KrakenTestClient {
  /// One book followed.
  struct Book {
    var book: PriceBook
    var policy: ChecksumSync<KrakenChecksum>
    var snapshots = 0
    var updates = 0
    /// Updates that left a side deeper than the subscribed depth before the cut (a level
    /// pushed out with no delete).
    var pushOuts = 0
    var outcomes: [SyncOutcome] = []
  }

  let ws: TestWebSocket
  let adapter = KrakenAdapter()
  private var batch = VenueBatch()
  var books: [Symbol: Book] = [:]
  /// Every decoded event kind, in order (books, trades, acks, …), for order checks.
  var events: [VenueEvent] = []
  var trades: [VenueTrade] = []
  /// Raw JSON of the frames the decoder does not model (ticker, instrument) and of every frame.
  var frames: [[String: Any]] = []
  var heartbeats = 0
  var pongs = 0
  var errors: [String] = []
  var statuses: [String] = []
  /// Whether the connection ended (EOF).
  var closed = false
  /// Frames the decoder refused (with `lenient`), and why; without it a refusal throws.
  var lenient = false
  var refused: [String] = []

  init(port: Int) throws {
    ws = try TestWebSocket.connect(port: port, path: "/kraken/v2")
  }

  /// Follows `symbol`'s book at `depth` with prices and sizes at these decimals.
  func expectBook(_ symbol: Symbol, depth: Int, priceScale: UInt8 = 1, sizeScale: UInt8 = 8) {
    books[symbol] = Book(
      book: PriceBook(priceScale: priceScale, sizeScale: sizeScale), policy: adapter.bookPolicy(depth: depth))
  }

  func send(_ text: String) throws { try ws.send(text: text) }

  /// Sends the adapter's subscribe frames for `subscriptions`.
  func subscribe(_ subscriptions: [Subscription]) throws {
    for s in subscriptions where s.channel == .book {
      if let symbol = s.symbol, var b = books[symbol] {
        _ = b.policy.subscribed(book: &b.book)
        books[symbol] = b
      }
    }
    for frame in adapter.subscribeFrames(subscriptions) { try send(frame) }
  }

  func unsubscribe(_ subscriptions: [Subscription]) throws {
    for frame in adapter.unsubscribeFrames(subscriptions) { try send(frame) }
  }

  /// Reads and applies frames until `condition` holds or `timeout` seconds pass; whether it held.
  @discardableResult
  func pump(timeout: Double = 5, until condition: (KrakenTestClient) -> Bool) throws -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition(self) {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      guard let frame = try ws.read(timeout: left) else {
        closed = closed || ws.socket.atEOF
        if closed { return condition(self) }
        continue
      }
      try apply(frame)
    }
    return true
  }

  /// Decodes and applies one frame.
  func apply(_ frame: TestWebSocket.Frame) throws {
    guard frame.isText else {
      if frame.isClose { closed = true }
      return
    }
    if let json = frame.json { frames.append(json) }
    batch.removeAll()
    do {
      try KrakenDecoder().decode(frame.payload, receivedAt: Int64(events.count), into: &batch)
    } catch {
      guard lenient else { throw error }
      refused.append("\(error)")
      return
    }
    for event in batch.events {
      events.append(event)
      switch event {
      case let .book(symbol, update, levels):
        guard var b = books[symbol] else { continue }
        let changes = batch.levels(levels)
        if update.kind == .snapshot {
          b.snapshots += 1
        } else {
          b.updates += 1
          if b.policy.state.isLive {
            var uncut = b.book
            if uncut.apply(changes, missing: .ignore) == nil,
              uncut.bids.count > b.policy.depth || uncut.asks.count > b.policy.depth
            {
              b.pushOuts += 1
            }
          }
        }
        b.outcomes.append(b.policy.receive(update, changes, book: &b.book))
        books[symbol] = b
      case .trades(_, let range):
        trades += batch.trades[range]
      case .heartbeat: heartbeats += 1
      case .pong: pongs += 1
      case .venueError(let text, _): errors.append(text)
      case .status(let s): statuses.append(s)
      default: break
      }
    }
  }

  /// Sends `{"method":"ping"}` and applies every frame up to its pong: the frames the server
  /// wrote before it read the ping.
  func drain(timeout: Double = 3) throws {
    let before = pongs
    try send(#"{"method":"ping","req_id":99}"#)
    guard try pump(timeout: timeout, until: { $0.pongs > before }) else {
      throw TestSocket.Failure(description: "no pong within \(timeout) s")
    }
  }

  /// The JSON frames of `channel` received.
  func frames(_ channel: String) -> [[String: Any]] {
    frames.filter { $0["channel"] as? String == channel }
  }

  /// The acks (`success: true`) of `method` received.
  func acks(_ method: String) -> [[String: Any]] {
    frames.filter { $0["method"] as? String == method && $0["success"] as? Bool == true }
  }
}
