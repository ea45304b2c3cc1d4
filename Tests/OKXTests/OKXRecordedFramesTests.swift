import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

/// The real OKX v5 frames of UNI-USD-SWAP (2022, cryptofeed): a snapshot and 51 updates, in the
/// format before `seqId`. Their legacy checksum (top 25 interleaved `bidPx:bidSz:askPx:askSz`,
/// CRC32 as a signed int32) is computed here, in the test only, as proof that the decoder and
/// the book hold exactly the venue's book. tradeterm never verifies OKX's checksum: it has been 0
/// on every message since 23 June 2026.
@Suite struct OKXRecordedFramesTests {
  static let capture = "exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_ws.jsonl"

  /// The legacy checksum over a book held at the instrument's precision, each number written as
  /// OKX wrote it (no trailing zeros).
  static func legacyChecksum(_ book: PriceBook) -> Int32 {
    var parts: [String] = []
    for rank in 0..<25 {
      for side in [BookSide.bid, .ask] where rank < book[side].count {
        let l = book[side].level(fromBest: rank)
        parts.append("\(book.price(l.price).normalized):\(book.size(l.size).normalized)")
      }
    }
    var crc = CRC32()
    crc.update(Array(parts.joined(separator: ":").utf8))
    return Int32(bitPattern: crc.value)
  }

  @Test func theBookFollowsTheVenueExactly() throws {
    var book = PriceBook(priceScale: 3, sizeScale: 0)  // tickSz 0.001, lotSz 1 (the recorded row)
    var batch = VenueBatch()
    var books = 0
    var verified = 0
    var subscribed: [MarketChannel] = []
    var trades = 0
    for (i, frame) in Fixture.lines(Self.capture).enumerated() {
      batch.removeAll()
      try OKXDecoder().decode(frame, receivedAt: Int64(i), into: &batch)
      for event in batch.events {
        switch event {
        case let .book(symbol, update, levels):
          #expect(symbol == "UNI-USD-SWAP")
          #expect(update.last == nil)  // 2022: no seqId yet
          let fault =
            update.kind == .snapshot
            ? book.replace(with: batch.levels(levels)) : book.apply(batch.levels(levels), missing: .ignore)
          #expect(fault == nil)
          if books == 0 {
            #expect(update.kind == .snapshot)
            #expect(book.bids.count == 121 && book.asks.count == 119)
          }
          books += 1
          let sent = try WireValue.parse(frame)["data"]?.array?.first?["checksum"]?.text.flatMap { Int32($0) }
          if Self.legacyChecksum(book) == sent { verified += 1 }
        case .subscribed(let channel, let symbol):
          #expect(symbol == "UNI-USD-SWAP")
          subscribed.append(channel)
        case .trades(_, let range): trades += range.count
        default: break
        }
      }
    }
    #expect(books == 52)
    #expect(verified == 52)
    #expect(Set(subscribed) == [.ticker, .trades, .book])
    #expect(trades >= 1)
    let bids = (0..<3).map { book.bids.level(fromBest: $0) }.map {
      "\(book.price($0.price).normalized)×\($0.size)"
    }
    let asks = (0..<3).map { book.asks.level(fromBest: $0) }.map {
      "\(book.price($0.price).normalized)×\($0.size)"
    }
    #expect(bids == ["5.139×20", "5.138×144", "5.136×231"])
    #expect(asks == ["5.147×20", "5.148×79", "5.149×272"])
  }
}

@Suite struct OKXDecoderTests {
  func events(_ text: String) throws(WireError) -> VenueBatch {
    var batch = VenueBatch()
    try OKXDecoder().decode(Array(text.utf8), receivedAt: 4, into: &batch)
    return batch
  }

  /// The 2023+ shape: `seqId` and `prevSeqId` link updates; `-1` before a snapshot; `ts` is the
  /// message's venue time (what a REST book, which has no `seqId`, is placed by).
  @Test func sequencesAreTheMessagesAndTheOneBefore() throws {
    let snap = try events(
      #"{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"snapshot","data":[{"asks":[["41006.8","0.60038921","0","1"]],"bids":[["41006.3","0.30178218","0","2"]],"ts":"1629966436396","checksum":0,"prevSeqId":-1,"seqId":123456}]}"#
    )
    #expect(
      snap.events == [
        .book(
          symbol: "BTC-USDT",
          update: .snapshot(first: 123_456, last: 123_456, receivedAt: 4, venueTimeMs: 1_629_966_436_396),
          levels: 0..<2)
      ])
    let update = try events(
      #"{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"update","data":[{"asks":[],"bids":[],"ts":"1","checksum":0,"prevSeqId":123456,"seqId":123456}]}"#
    )
    #expect(
      update.events == [
        .book(
          symbol: "BTC-USDT",
          update: .delta(first: 123_456, last: 123_456, previous: 123_456, receivedAt: 4, venueTimeMs: 1),
          levels: 0..<0)
      ])
    // A keep-alive through the policy: linked, nothing applied.
    var policy = SequenceLinkSync(link: .previous)
    var book = PriceBook(priceScale: 1, sizeScale: 8)
    _ = policy.receive(snap.events[0].bookUpdate!, snap.levels[...], book: &book)
    #expect(policy.receive(update.events[0].bookUpdate!, [], book: &book) == .dropped)
    #expect(policy.state.isLive)
  }

  @Test func controlFramesAndTrades() throws {
    #expect(try events("pong").events == [.pong])
    #expect(
      try events(#"{"event":"error","code":"60012","msg":"Invalid request"}"#).events == [
        .venueError("Invalid request", channel: nil)
      ])
    let t = try events(
      #"{"arg":{"channel":"trades","instId":"BTC-USDT"},"data":[{"instId":"BTC-USDT","tradeId":"130639474","px":"42219.9","sz":"0.12060306","side":"sell","ts":"1630048897897","count":"3"}]}"#
    )
    #expect(t.events == [.trades(symbol: "BTC-USDT", trades: 0..<1)])
    #expect(
      t.trades[0].aggressor == .sell && t.trades[0].id == 130_639_474
        && t.trades[0].venueTimeMs == 1_630_048_897_897)
  }

  @Test(arguments: [
    #"{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"update","data":[{"asks":[["1","2","0","1","9"]],"bids":[]}]}"#,
    #"{"arg":{"channel":"books"},"action":"update","data":[{"asks":[],"bids":[]}]}"#,
    #"{"arg":{"channel":"trades","instId":"BTC-USDT"},"data":[{"instId":"BTC-USDT","px":"1","sz":"1","side":"up"}]}"#,
    "pon",
  ])
  func aMalformedFrameIsRefusedWhole(text: String) {
    var batch = VenueBatch()
    #expect(throws: WireError.self) { try OKXDecoder().decode(Array(text.utf8), receivedAt: 0, into: &batch) }
    #expect(batch.events.isEmpty && batch.levels.isEmpty && batch.trades.isEmpty)
  }
}

extension VenueEvent {
  var bookUpdate: BookUpdate? {
    if case .book(_, let update, _) = self { return update }
    return nil
  }
}
