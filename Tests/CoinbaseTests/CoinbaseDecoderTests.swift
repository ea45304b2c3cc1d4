import Coinbase
import TestSupport
import Testing
import VenueCore
import WireJSON

/// Coinbase Advanced Trade frames built from the documented shapes (`Tests/Fixtures/exchanges/
/// PROVENANCE.md`): the decoder, the connection's sequence, the book engine and the sequence
/// policy together.
@Suite struct CoinbaseDecoderTests {
  static let file = "exchanges/coinbase-advanced_docs-shaped_BTC-USD.jsonl"

  struct Run {
    var book = PriceBook(priceScale: 2, sizeScale: 8)
    var policy = SequenceLinkSync(link: .connection)
    var sequence = ConnectionSequence()
    var outcomes: [SyncOutcome] = []
    var heartbeats = 0
    var trades: [VenueTrade] = []
  }

  func play(_ frames: [[UInt8]]) throws -> Run {
    var run = Run()
    var batch = VenueBatch()
    for (i, frame) in frames.enumerated() {
      batch.removeAll()
      try CoinbaseDecoder().decode(frame, receivedAt: Int64(i), into: &batch)
      for event in batch.events {
        switch event {
        case .connectionSequence(let n):
          if let gap = run.sequence.next(n) {
            run.outcomes.append(run.policy.connectionGap(expected: gap.expected, got: gap.got))
          } else {
            run.policy.connectionLinked()
          }
        case let .book(symbol, update, levels):
          #expect(symbol == "BTC-USD")
          run.outcomes.append(run.policy.receive(update, batch.levels(levels), book: &run.book))
        case .trades(_, let range): run.trades += batch.trades[range]
        case .heartbeat: run.heartbeats += 1
        default: break
        }
      }
    }
    return run
  }

  @Test func theBookFollowsSnapshotAndUpdates() throws {
    let run = try play(Fixture.lines(Self.file))
    #expect(run.outcomes.allSatisfy { $0.fault == nil })
    #expect(run.policy.state == .live)
    #expect(run.book.bids.count == 85 && run.book.asks.count == 83)
    let top = (0..<3).map { run.book.bids.level(fromBest: $0) }.map {
      "\(run.book.price($0.price))×\(run.book.size($0.size))"
    }
    #expect(top == ["96499.99×0.12365548", "96499.96×0.01658423", "96499.93×1.29760421"])
    let asks = (0..<3).map { run.book.asks.level(fromBest: $0) }.map {
      "\(run.book.price($0.price))×\(run.book.size($0.size))"
    }
    #expect(asks == ["96500.01×1.39464469", "96500.04×2.97227989", "96500.07×2.29960995"])
    #expect(run.heartbeats == 4)
  }

  /// `side` is the maker's: a SELL printed at the ask was a buyer lifting it.
  @Test func theAggressorIsTheOppositeOfTheMakersSide() throws {
    let run = try play(Fixture.lines(Self.file))
    #expect(run.trades.count == 8)
    #expect(
      run.trades.enumerated().allSatisfy { $0.element.aggressor == ($0.offset % 2 == 0 ? .buy : .sell) })
    #expect(run.trades[0].size.description == "0.0125")
  }

  /// One message of another channel missing: the connection's counter skips, and the book
  /// resubscribes (a gap anywhere may have been a book update).
  @Test func aGapInAnyChannelResubscribesTheBook() throws {
    var frames = Fixture.lines(Self.file)
    let heartbeat = try #require(
      frames.firstIndex { String(decoding: $0, as: UTF8.self).contains("heartbeats\",") })
    frames.remove(at: heartbeat)
    let run = try play(frames)
    let fault = try #require(run.outcomes.first { $0.fault != nil })
    #expect(fault.action == .resubscribe)
    if case .sequenceGap = fault.fault {
    } else {
      Issue.record("not a gap: \(String(describing: fault.fault))")
    }
    #expect(!run.policy.state.isLive)
  }

  @Test(arguments: [
    #"{"channel":"l2_data","sequence_num":1,"events":[{"type":"update","product_id":"BTC-USD","updates":[{"side":"ask","price_level":"1","new_quantity":"1"}]}]}"#,
    #"{"channel":"l2_data","sequence_num":1,"events":[{"type":"update","updates":[]}]}"#,
    #"{"channel":"l2_data","sequence_num":-1,"events":[]}"#,
    #"{"channel":"market_trades","sequence_num":1,"events":[{"type":"update","trades":[{"product_id":"BTC-USD","price":"1","size":"1","side":"HOLD"}]}]}"#,
  ])
  func aMalformedFrameIsRefusedWhole(text: String) {
    var batch = VenueBatch()
    #expect(throws: WireError.self) {
      try CoinbaseDecoder().decode(Array(text.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.events.isEmpty && batch.levels.isEmpty && batch.trades.isEmpty)
  }

  @Test func anErrorSaysWhat() throws {
    var batch = VenueBatch()
    try CoinbaseDecoder().decode(
      Array(#"{"type":"error","message":"failure to subscribe"}"#.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.venueError("failure to subscribe", channel: nil)])
  }
}
