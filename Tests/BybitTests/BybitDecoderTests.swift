import Bybit
import TestSupport
import Testing
import VenueCore
import WireJSON

/// Bybit v5 frames built from the documented shapes (`Tests/Fixtures/exchanges/PROVENANCE.md`):
/// the decoder, the book engine and the `u` + 1 policy together.
@Suite struct BybitDecoderTests {
  static let file = "exchanges/bybit-v5_docs-shaped_BTCUSDT_orderbook50.jsonl"

  func play(_ frames: [[UInt8]]) throws -> (PriceBook, SequenceLinkSync, [SyncOutcome], [VenueTrade]) {
    var book = PriceBook(priceScale: 1, sizeScale: 3)
    var policy = SequenceLinkSync(link: .increment, depthLimit: 50)
    var outcomes: [SyncOutcome] = []
    var trades: [VenueTrade] = []
    var batch = VenueBatch()
    for (i, frame) in frames.enumerated() {
      batch.removeAll()
      try BybitDecoder().decode(frame, receivedAt: Int64(i), into: &batch)
      for event in batch.events {
        switch event {
        case let .book(symbol, update, levels):
          #expect(symbol == "BTCUSDT")
          outcomes.append(policy.receive(update, batch.levels(levels), book: &book))
        case .trades(_, let range): trades += batch.trades[range]
        default: break
        }
      }
    }
    return (book, policy, outcomes, trades)
  }

  @Test func theBookFollowsEveryDelta() throws {
    let (book, policy, outcomes, trades) = try play(Fixture.lines(Self.file))
    #expect(outcomes.allSatisfy { $0 == .applied })
    #expect(policy.lastSequence == 18_521_344)
    #expect(policy.integrity == IntegrityCounts(checks: 56, failures: 0, resyncs: 0))
    #expect(book.bids.count == 40 && book.asks.count == 40)
    let bids = (0..<3).map { book.bids.level(fromBest: $0) }.map {
      "\(book.price($0.price))×\(book.size($0.size))"
    }
    #expect(bids == ["64999.9×32.604", "64999.8×11.414", "64999.7×15.147"])
    let asks = (0..<3).map { book.asks.level(fromBest: $0) }.map {
      "\(book.price($0.price))×\(book.size($0.size))"
    }
    #expect(asks == ["65000.1×43.555", "65000.2×21.216", "65000.3×0.299"])
    // `S` is the taker's side.
    #expect(trades.count == 8 && trades[0].aggressor == .buy && trades[1].aggressor == .sell)
  }

  /// A `u` that jumps: the book resubscribes.
  @Test func aJumpInUResubscribes() throws {
    var frames = Fixture.lines(Self.file)
    frames.remove(at: 10)
    let (_, policy, outcomes, _) = try play(frames)
    #expect(outcomes.contains { $0.action == .resubscribe })
    #expect(!policy.state.isLive)
  }

  /// `u == 1`: a service restart, taken as a new snapshot.
  @Test func uOfOneIsARestart() throws {
    var batch = VenueBatch()
    let restart =
      #"{"topic":"orderbook.50.BTCUSDT","type":"delta","ts":1,"data":{"s":"BTCUSDT","b":[["60000.0","1.000"]],"a":[["60001.0","2.000"]],"u":1,"seq":5},"cts":1}"#
    let (book0, policy0, _, _) = try play(Fixture.lines(Self.file))
    var book = book0
    var policy = policy0
    try BybitDecoder().decode(Array(restart.utf8), receivedAt: 0, into: &batch)
    guard case let .book(_, update, levels) = batch.events[0] else { return }
    #expect(policy.receive(update, batch.levels(levels), book: &book) == .applied)
    #expect(book.bids.count == 1 && book.asks.count == 1)
  }

  @Test func answersToOps() throws {
    var batch = VenueBatch()
    try BybitDecoder().decode(
      Array(
        #"{"success":false,"ret_msg":"error:handler not found,topic:orderbook.50.NOPE","conn_id":"x","op":"subscribe"}"#
          .utf8),
      receivedAt: 0, into: &batch)
    try BybitDecoder().decode(
      Array(#"{"success":true,"ret_msg":"pong","conn_id":"x","op":"ping"}"#.utf8), receivedAt: 0, into: &batch
    )
    #expect(
      batch.events == [.venueError("error:handler not found,topic:orderbook.50.NOPE", channel: nil), .pong])
  }

  /// A refused frame of liquidation topics (its own frame, its `req_id` saying so) refuses the
  /// liquidations channel only; a refusal with any other `req_id`, or a null one, the whole frame.
  @Test func aRefusedLiquidationFrameNamesItsChannel() throws {
    var batch = VenueBatch()
    for frame in [
      #"{"success":false,"ret_msg":"error:handler not found","conn_id":"x","req_id":"allLiquidation","op":"subscribe"}"#,
      #"{"success":false,"ret_msg":"error:handler not found","conn_id":"x","req_id":"sub-1","op":"subscribe"}"#,
      #"{"success":false,"ret_msg":"error:handler not found","conn_id":"x","req_id":null,"op":"subscribe"}"#,
    ] {
      try BybitDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(
      batch.events == [
        .venueError("error:handler not found", channel: .liquidations),
        .venueError("error:handler not found", channel: nil),
        .venueError("error:handler not found", channel: nil),
      ])
  }
}
