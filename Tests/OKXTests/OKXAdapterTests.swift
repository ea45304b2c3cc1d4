import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct OKXAdapterTests {
  let adapter = OKXAdapter()

  /// Subscriptions → the frames sent: every arg in one frame, in the order asked, each once.
  static let subscribeCases: [([Subscription], [String])] = [
    (
      [
        Subscription(.book, "BTC-USDT"), Subscription(.trades, "BTC-USDT"),
        Subscription(.ticker, "BTC-USDT-SWAP"),
      ],
      [
        #"{"op":"subscribe","args":[{"channel":"books","instId":"BTC-USDT"},{"channel":"trades","instId":"BTC-USDT"},{"channel":"tickers","instId":"BTC-USDT-SWAP"}]}"#
      ]
    ),
    (
      [
        Subscription(.book, "BTC-USD-SWAP", depth: 5), Subscription(.book, "BTC-USD-SWAP", depth: 5),
        Subscription(.liquidations),
      ],
      [
        #"{"op":"subscribe","args":[{"channel":"books5","instId":"BTC-USD-SWAP"},{"channel":"liquidation-orders","instType":"SWAP"}]}"#
      ]
    ),
    (
      // A swap's mark is three channels: its mark price, its funding and its index's ticker.
      [
        Subscription(.book, "BTC-USDT", depth: 400), Subscription(.mark, "BTC-USDT-SWAP"),
        Subscription(.bbo, "BTC-USDT"),
      ],
      [
        #"{"op":"subscribe","args":[{"channel":"books","instId":"BTC-USDT"},{"channel":"mark-price","instId":"BTC-USDT-SWAP"},{"channel":"funding-rate","instId":"BTC-USDT-SWAP"},{"channel":"index-tickers","instId":"BTC-USDT"}]}"#
      ]
    ),
    (
      // An inverse swap's index is the USD one; a dated future has its mark price only.
      [Subscription(.mark, "BTC-USD-SWAP"), Subscription(.mark, "BTC-USD-250328")],
      [
        #"{"op":"subscribe","args":[{"channel":"mark-price","instId":"BTC-USD-SWAP"},{"channel":"funding-rate","instId":"BTC-USD-SWAP"},{"channel":"index-tickers","instId":"BTC-USD"},{"channel":"mark-price","instId":"BTC-USD-250328"}]}"#
      ]
    ),
    ([Subscription(.trades)], []),
  ]

  @Test(arguments: subscribeCases)
  func subscribeFrames(subscriptions: [Subscription], expected: [String]) {
    #expect(adapter.subscribeFrames(subscriptions) == expected)
  }

  @Test func unsubscribeNamesTheSameArgs() {
    #expect(
      adapter.unsubscribeFrames([Subscription(.book, "BTC-USDT")])
        == [#"{"op":"unsubscribe","args":[{"channel":"books","instId":"BTC-USDT"}]}"#])
  }

  /// A request stays under 64 KB: 3,000 args go in several frames, none lost.
  @Test func requestsStayUnder64KB() throws {
    let subs = (0..<3000).map { Subscription(.trades, Symbol("SYMBOL\($0)-USDT-SWAP")) }
    let frames = adapter.subscribeFrames(subs)
    #expect(frames.count > 1)
    #expect(frames.allSatisfy { $0.utf8.count <= OKXAdapter.maxRequestBytes })
    let ids = try frames.flatMap { frame in
      try (WireValue.parse(Array(frame.utf8))["args"]?.array ?? []).compactMap { $0["instId"]?.text }
    }
    #expect(ids == subs.map { $0.symbol!.description })
  }

  @Test func oneEndpointAndItsRules() {
    let c = adapter.connections(for: [Subscription(.book, "BTC-USDT"), Subscription(.trades, "BTC-USDT")])
    #expect(c.map(\.url) == ["wss://ws.okx.com:8443/ws/v5/public"] && c[0].subscriptions.count == 2)
    #expect(
      OKXAdapter(url: "ws://127.0.0.1:9002/ws/v5/public").connections(for: [Subscription(.book, "X")]).map(
        \.url) == ["ws://127.0.0.1:9002/ws/v5/public"])
    // The server closes after 30 s without data: ping after 20 s of silence, pong within 5.
    #expect(adapter.heartbeat == .clientPing(text: "ping", silence: 20, timeout: 5))
    #expect(adapter.bookDepths == [400, 5])
    #expect(
      adapter.bookPolicy(depth: 400).link == .previous && adapter.bookPolicy(depth: 400).depthLimit == nil)
    #expect(adapter.bookPolicy(depth: 5).depthLimit == 5)
  }

  func frame(
    _ action: String?, seq: Int64, prev: Int64, bids: String = "", asks: String = "",
    channel: String = "books"
  ) -> String {
    let a = action.map { #""action":"\#($0)","# } ?? ""
    return
      #"{"arg":{"channel":"\#(channel)","instId":"BTC-USDT"},\#(a)"data":[{"asks":[\#(asks)],"bids":[\#(bids)],"ts":"1597026383085","checksum":0,"prevSeqId":\#(prev),"seqId":\#(seq)}]}"#
  }

  func play(_ frames: [String], depth: Int) throws -> (PriceBook, SequenceLinkSync, [SyncOutcome]) {
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    var policy = adapter.bookPolicy(depth: depth)
    var outcomes: [SyncOutcome] = []
    var batch = VenueBatch()
    for (i, text) in frames.enumerated() {
      batch.removeAll()
      try Array(text.utf8).withUnsafeBufferPointer { bytes throws(WireError) in
        try adapter.decode(bytes, receivedAt: Int64(i), into: &batch)
      }
      for case let .book(_, update, levels) in batch.events {
        outcomes.append(policy.receive(update, batch.levels(levels), book: &book))
      }
    }
    return (book, policy, outcomes)
  }

  /// The `books` rule through the adapter: updates link by `prevSeqId`; a keep-alive
  /// (`seqId == prevSeqId`, no levels) and a maintenance reset (`seqId < prevSeqId`) are no gap;
  /// the checksum of 0 is never verified; a broken link resubscribes.
  @Test func theBooksRule() throws {
    let linked = [
      frame("snapshot", seq: 100, prev: -1, bids: #"["100.0","1","0","1"]"#, asks: #"["101.0","2","0","1"]"#),
      frame("update", seq: 105, prev: 100, bids: #"["100.5","3","0","1"]"#),
      frame("update", seq: 105, prev: 105),
      frame("update", seq: 3, prev: 105, asks: #"["101.0","0","0","0"],["101.5","4","0","1"]"#),
      frame("update", seq: 4, prev: 3, bids: #"["100.0","0","0","0"]"#),
    ]
    let (book, policy, outcomes) = try play(linked, depth: 400)
    #expect(outcomes == [.applied, .applied, .dropped, .applied, .applied])
    #expect(policy.state == .live && policy.integrity.failures == 0)
    #expect(book.sides().bids == ["100.5×3"] && book.sides().asks == ["101.5×4"])

    let (_, broken, brokenOutcomes) = try play(
      linked.prefix(2) + [frame("update", seq: 110, prev: 107)], depth: 400)
    #expect(brokenOutcomes.last?.action == .resubscribe && !broken.state.isLive)
  }

  /// `books5` pushes carry no action: each is the whole top 5, so each replaces the book.
  @Test func books5PushesAreEachTheWholeBook() throws {
    let pushes = [
      frame(
        nil, seq: 10, prev: -1, bids: #"["100.0","1","0","1"]"#, asks: #"["101.0","2","0","1"]"#,
        channel: "books5"),
      frame(
        nil, seq: 12, prev: -1, bids: #"["99.0","5","0","1"]"#, asks: #"["101.0","1","0","1"]"#,
        channel: "books5"),
    ]
    let (book, policy, outcomes) = try play(pushes, depth: 5)
    #expect(outcomes == [.applied, .applied] && policy.state == .live)
    #expect(book.sides().bids == ["99.0×5"] && book.sides().asks == ["101.0×1"])
  }
}
