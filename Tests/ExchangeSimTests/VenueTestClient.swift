import ExchangeSim
import Foundation
import TestSupport
import VenueCore
import WireJSON

/// A client of one of the simulator's venue dialects (Coinbase, Bybit, OKX) built the way
/// tradeterm's core builds a book: every frame through the venue adapter's own decoder, its
/// book events through the adapter's `bookPolicy` into a `PriceBook` (the connection's
/// `sequence_num` checked first where the venue has one), over a real loopback WebSocket.
final class VenueTestClient<Adapter: VenueAdapter> {
  let adapter: Adapter
  let socket: TestWebSocket
  let symbol: Symbol
  var policy: AnyBookSync
  var book: PriceBook
  private var sequence = ConnectionSequence()
  private var batch = VenueBatch()
  /// Data frames received so far.
  private(set) var received: Int64 = 0
  /// Every fault the policy reported, in order.
  private(set) var faults: [BookSyncFault] = []
  private(set) var snapshots = 0
  /// Deltas applied (snapshots not counted).
  private(set) var deltas = 0
  /// Book messages the rule dropped (before a snapshot, keep-alives).
  private(set) var dropped = 0
  private(set) var trades: [VenueTrade] = []
  /// Frames that carried trades of the symbol.
  private(set) var tradeFrames = 0
  private(set) var pongs = 0
  private(set) var heartbeats = 0
  private(set) var venueErrors: [String] = []
  /// Frames the decoder refused, with its words.
  private(set) var refused: [String] = []
  /// Raw text of every frame, newest last (at most 2,000 kept).
  private(set) var frames: [String] = []
  private(set) var closed = false
  private(set) var largestFrame = 0

  init(
    _ adapter: Adapter, port: Int, path: String, symbol: Symbol, policy: AnyBookSync, priceScale: UInt8,
    sizeScale: UInt8
  ) throws {
    self.adapter = adapter
    self.symbol = symbol
    self.policy = policy
    book = PriceBook(priceScale: priceScale, sizeScale: sizeScale)
    socket = try TestWebSocket.connect(port: port, path: path)
  }

  /// Sends each frame as a text message.
  func send(_ frames: [String]) throws {
    for f in frames { try socket.send(text: f) }
  }

  /// Reads and feeds frames until `condition` holds or `timeout` seconds pass; whether it held.
  @discardableResult
  func pump(timeout: Double = 5, until condition: () -> Bool) throws -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
      let left = deadline.timeIntervalSinceNow
      guard left > 0, !closed else { return condition() }
      guard let frame = try socket.read(timeout: min(left, 0.5)) else {
        // The connection ended (a drop: no close frame).
        if socket.socket.atEOF { closed = true }
        continue
      }
      feed(frame)
    }
    return true
  }

  /// A protocol PING, then frames until its PONG: everything the server wrote before it is in.
  func sync() throws -> Bool {
    let before = pongs
    try socket.sendPing([1, 2, 3])
    return try pump { pongs > before }
  }

  private func feed(_ frame: TestWebSocket.Frame) {
    if frame.isClose {
      closed = true
      return
    }
    if frame.isPong {
      pongs += 1
      return
    }
    largestFrame = max(largestFrame, frame.payload.count)
    if frames.count >= 2_000 { frames.removeFirst(1_000) }
    frames.append(String(decoding: frame.payload.prefix(65_536), as: UTF8.self))
    received += 1
    batch.removeAll()
    do {
      try frame.payload.withUnsafeBufferPointer { bytes throws(WireError) in
        try adapter.decode(bytes, receivedAt: received, into: &batch)
      }
    } catch {
      refused.append("\(error)")
      return
    }
    var carriedTrades = false
    defer { if carriedTrades { tradeFrames += 1 } }
    for event in batch.events {
      switch event {
      case .connectionSequence(let n):
        if let fault = policy.connectionSequence(sequence.next(n)).fault { faults.append(fault) }
      case let .book(s, update, levels) where s == symbol:
        let outcome = policy.receive(update, batch.levels(levels), book: &book)
        if let fault = outcome.fault { faults.append(fault) }
        if outcome.applied { update.kind == .snapshot || update.last == 1 ? (snapshots += 1) : (deltas += 1) }
        if outcome.dropped { dropped += 1 }
      case let .trades(s, range) where s == symbol:
        trades += batch.trades[range]
        carriedTrades = true
      case .pong: pongs += 1
      case .heartbeat: heartbeats += 1
      case .venueError(let message, _): venueErrors.append(message)
      default: break
      }
    }
  }

  /// The book as `price×size` rows, best first.
  var sides: (bids: [String], asks: [String]) { book.sides() }
}
