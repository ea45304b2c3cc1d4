import Bybit
import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct BybitAdapterTests {
  /// Subscriptions → the frames sent, per category: topics in one `op` frame in the order asked,
  /// `orderbook.50` unless a depth is asked, no `allLiquidation` on spot, and liquidations in a
  /// frame of their own whose `req_id` names them (a refusal of it leaves the rest running).
  static let subscribeCases: [(BybitCategory, [Subscription], [String])] = [
    (
      .linear,
      [
        Subscription(.book, "BTCUSDT"), Subscription(.trades, "BTCUSDT"), Subscription(.ticker, "BTCUSDT"),
        Subscription(.liquidations, "BTCUSDT"),
      ],
      [
        #"{"op":"subscribe","args":["orderbook.50.BTCUSDT","publicTrade.BTCUSDT","tickers.BTCUSDT"]}"#,
        #"{"req_id":"allLiquidation","op":"subscribe","args":["allLiquidation.BTCUSDT"]}"#,
      ]
    ),
    (
      .spot,
      [Subscription(.book, "BTCUSDT", depth: 200), Subscription(.liquidations, "BTCUSDT")],
      [#"{"op":"subscribe","args":["orderbook.200.BTCUSDT"]}"#]
    ),
    (
      .inverse,
      [
        Subscription(.book, "BTCUSD", depth: 1), Subscription(.book, "BTCUSD", depth: 1),
        Subscription(.bbo, "BTCUSD"),
      ],
      [#"{"op":"subscribe","args":["orderbook.1.BTCUSD"]}"#]
    ),
    (.linear, [Subscription(.ticker)], []),
  ]

  @Test(arguments: subscribeCases)
  func subscribeFrames(category: BybitCategory, subscriptions: [Subscription], expected: [String]) {
    #expect(BybitAdapter(category: category).subscribeFrames(subscriptions) == expected)
  }

  @Test func unsubscribeNamesTheSameTopics() {
    #expect(
      BybitAdapter(category: .linear).unsubscribeFrames([Subscription(.book, "BTCUSDT", depth: 1000)])
        == [#"{"op":"unsubscribe","args":["orderbook.1000.BTCUSDT"]}"#])
  }

  /// Spot takes at most 10 args a request: 23 topics go in 3 frames, none lost.
  @Test func spotArgsComeTenAFrame() throws {
    let subs = (0..<23).map { Subscription(.trades, Symbol("S\($0)USDT")) }
    let frames = BybitAdapter(category: .spot).subscribeFrames(subs)
    let args = try frames.map { try WireValue.parse(Array($0.utf8))["args"]?.array?.compactMap(\.text) ?? [] }
    #expect(args.map(\.count) == [10, 10, 3])
    #expect(args.flatMap { $0 } == subs.map { "publicTrade.\($0.symbol!)" })
  }

  /// Derivatives take up to 21,000 characters of args a request.
  @Test func derivativeArgsStayUnderTheirLength() throws {
    let subs = (0..<2000).map { Subscription(.trades, Symbol("SYM\($0)USDT")) }
    let frames = BybitAdapter(category: .linear).subscribeFrames(subs)
    #expect(frames.count > 1)
    var all: [String] = []
    for frame in frames {
      let args = try #require(try WireValue.parse(Array(frame.utf8))["args"]?.array?.compactMap(\.text))
      #expect(args.reduce(0) { $0 + $1.utf8.count } <= 21_000)
      all += args
    }
    #expect(all.count == 2000 && Set(all).count == 2000)
  }

  @Test(arguments: BybitCategory.allCases)
  func oneEndpointPerCategory(category: BybitCategory) {
    let adapter = BybitAdapter(category: category)
    let c = adapter.connections(for: [Subscription(.book, "BTCUSDT"), Subscription(.trades, "BTCUSDT")])
    #expect(c.map(\.url) == ["wss://stream.bybit.com/v5/public/\(category.rawValue)"])
    #expect(c[0].subscriptions.count == 2)
    #expect(adapter.venue == category.venue && BybitCategory(venue: adapter.venue) == category)
    let local = BybitAdapter(category: category, host: "ws://127.0.0.1:9001")
    #expect(
      local.connections(for: [Subscription(.book, "X")]).map(\.url) == [
        "ws://127.0.0.1:9001/v5/public/\(category.rawValue)"
      ])
  }

  @Test func rules() {
    let adapter = BybitAdapter(category: .linear)
    #expect(adapter.heartbeat == .clientPing(text: #"{"op":"ping"}"#, silence: 20, timeout: 10))
    #expect(adapter.bookDepths.first == 50 && adapter.bookDepths.sorted() == [1, 50, 200, 1000])
    #expect(adapter.connections(for: [Subscription(.ticker)]).isEmpty)
    #expect(BybitCategory(venue: .okx) == nil)
    let policy = adapter.bookPolicy(depth: 200)
    #expect(policy.link == .increment && policy.depthLimit == 200)
  }

  func play(
    _ adapter: BybitAdapter, _ frames: [[UInt8]], depth: Int
  ) throws -> (PriceBook, SequenceLinkSync, [SyncOutcome]) {
    var book = PriceBook(priceScale: 1, sizeScale: 3)
    var policy = adapter.bookPolicy(depth: depth)
    var outcomes: [SyncOutcome] = []
    var batch = VenueBatch()
    for (i, frame) in frames.enumerated() {
      batch.removeAll()
      try frame.withUnsafeBufferPointer { bytes throws(WireError) in
        try adapter.decode(bytes, receivedAt: Int64(i), into: &batch)
      }
      for case let .book(_, update, levels) in batch.events {
        outcomes.append(policy.receive(update, batch.levels(levels), book: &book))
      }
    }
    return (book, policy, outcomes)
  }

  /// The documented-shape `orderbook.50` frames through the adapter's decoder and its rule for
  /// depth 50: the book PROVENANCE.md expects.
  @Test func theAdaptersRuleBuildsTheBook() throws {
    let adapter = BybitAdapter(category: .linear)
    let (book, policy, outcomes) = try play(
      adapter, Fixture.lines("exchanges/bybit-v5_docs-shaped_BTCUSDT_orderbook50.jsonl"), depth: 50)
    #expect(outcomes.allSatisfy { $0 == .applied })
    #expect(policy.lastSequence == 18_521_344)
    #expect(book.bids.count == 40 && book.asks.count == 40)
    #expect(book.sides().bids.first == "64999.9×32.604" && book.sides().asks.first == "65000.1×43.555")
  }

  /// Bybit never sends more than the subscribed depth: a snapshot of 50 levels a side on a topic
  /// subscribed at depth 1 is a fault, and the book is asked again.
  @Test func moreLevelsThanTheDepthIsAFault() throws {
    let adapter = BybitAdapter(category: .linear)
    let frames = Array(Fixture.lines("exchanges/bybit-v5_docs-shaped_BTCUSDT_orderbook50.jsonl").prefix(2))
    let (_, policy, outcomes) = try play(adapter, frames, depth: 1)
    #expect(outcomes.last?.action == .resubscribe)
    #expect(!policy.state.isLive)
  }
}
