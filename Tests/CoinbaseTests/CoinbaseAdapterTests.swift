import Coinbase
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct CoinbaseAdapterTests {
  let adapter = CoinbaseAdapter()

  /// Subscriptions → the frames sent: `heartbeats` always first, then one channel a frame, its
  /// products together in the order asked. A ticker asked with its product's book or trades is
  /// the followed product's (`ticker`); one asked without is the markets list's (`ticker_batch`).
  static let subscribeCases: [([Subscription], [String])] = [
    (
      [Subscription(.book, "BTC-USD")],
      [
        #"{"type":"subscribe","channel":"heartbeats"}"#,
        #"{"type":"subscribe","product_ids":["BTC-USD"],"channel":"level2"}"#,
      ]
    ),
    (
      [
        Subscription(.book, "BTC-USD"), Subscription(.trades, "BTC-USD"), Subscription(.book, "ETH-USD"),
        Subscription(.ticker, "SOL-USD"), Subscription(.heartbeat),
      ],
      [
        #"{"type":"subscribe","channel":"heartbeats"}"#,
        #"{"type":"subscribe","product_ids":["BTC-USD","ETH-USD"],"channel":"level2"}"#,
        #"{"type":"subscribe","product_ids":["BTC-USD"],"channel":"market_trades"}"#,
        #"{"type":"subscribe","product_ids":["SOL-USD"],"channel":"ticker_batch"}"#,
      ]
    ),
    (
      [
        Subscription(.book, "BTC-USD"), Subscription(.ticker, "BTC-USD"), Subscription(.ticker, "ETH-USD"),
        Subscription(.ticker, "SOL-USD"),
      ],
      [
        #"{"type":"subscribe","channel":"heartbeats"}"#,
        #"{"type":"subscribe","product_ids":["BTC-USD"],"channel":"level2"}"#,
        #"{"type":"subscribe","product_ids":["BTC-USD"],"channel":"ticker"}"#,
        #"{"type":"subscribe","product_ids":["ETH-USD","SOL-USD"],"channel":"ticker_batch"}"#,
      ]
    ),
    // The markets list's tickers alone (the connection machine's `watchTickers`).
    (
      [Subscription(.ticker, "ETH-USD"), Subscription(.ticker, "SOL-USD")],
      [
        #"{"type":"subscribe","channel":"heartbeats"}"#,
        #"{"type":"subscribe","product_ids":["ETH-USD","SOL-USD"],"channel":"ticker_batch"}"#,
      ]
    ),
    // Channels Coinbase has not (a BBO stream, liquidations) send nothing but the heartbeats.
    (
      [Subscription(.bbo, "BTC-USD"), Subscription(.liquidations)],
      [#"{"type":"subscribe","channel":"heartbeats"}"#]
    ),
    ([], []),
  ]

  @Test(arguments: subscribeCases)
  func subscribeFrames(subscriptions: [Subscription], expected: [String]) {
    #expect(adapter.subscribeFrames(subscriptions) == expected)
  }

  /// Unsubscribing leaves `heartbeats`: the connection still needs its liveness.
  @Test func unsubscribeKeepsTheHeartbeats() {
    #expect(
      adapter.unsubscribeFrames([Subscription(.book, "BTC-USD"), Subscription(.heartbeat)])
        == [#"{"type":"unsubscribe","product_ids":["BTC-USD"],"channel":"level2"}"#])
  }

  @Test func aProductIsWrittenAsAJSONString() throws {
    let frame = try #require(adapter.subscribeFrames([Subscription(.book, Symbol("A\"B\\C"))]).last)
    let parsed = try WireValue.parse(Array(frame.utf8))
    #expect(parsed["product_ids"]?.array?.first?.text == "A\"B\\C")
  }

  @Test func oneConnectionAndItsRules() {
    let c = adapter.connections(for: [Subscription(.book, "BTC-USD"), Subscription(.trades, "ETH-USD")])
    #expect(
      c == [VenueConnection(url: "wss://advanced-trade-ws.coinbase.com", subscriptions: c[0].subscriptions)])
    #expect(c[0].subscriptions.count == 2)
    #expect(adapter.connections(for: []).isEmpty)
    // Tests and the simulator point it at loopback.
    let local = CoinbaseAdapter(url: "ws://127.0.0.1:9000")
    #expect(local.connections(for: [Subscription(.book, "BTC-USD")]).map(\.url) == ["ws://127.0.0.1:9000"])
    // No client ping: liveness is the 1 Hz heartbeats channel.
    #expect(adapter.heartbeat == .serverPings(silence: 10))
    #expect(adapter.limits.maxFrameBytes >= 5 << 20)
    #expect(adapter.limits.messagesPerSecond == 8)
    #expect(adapter.bookPolicy().link == .connection)
  }

  /// The documented-shape frames through the adapter's decoder and its book rule, the
  /// connection's counter checked: the book PROVENANCE.md expects.
  @Test func theAdaptersRuleBuildsTheBook() throws {
    var book = PriceBook(priceScale: 2, sizeScale: 8)
    var policy = AnyBookSync.sequence(adapter.bookPolicy())
    var sequence = ConnectionSequence()
    var batch = VenueBatch()
    for (i, frame) in Fixture.lines("exchanges/coinbase-advanced_docs-shaped_BTC-USD.jsonl").enumerated() {
      batch.removeAll()
      try frame.withUnsafeBufferPointer { bytes throws(WireError) in
        try adapter.decode(bytes, receivedAt: Int64(i), into: &batch)
      }
      for event in batch.events {
        switch event {
        case .connectionSequence(let n): #expect(policy.connectionSequence(sequence.next(n)).fault == nil)
        case let .book(_, update, levels):
          #expect(policy.receive(update, batch.levels(levels), book: &book).fault == nil)
        default: break
        }
      }
    }
    #expect(policy.state == .live)
    #expect(book.bids.count == 85 && book.asks.count == 83)
    #expect(
      book.sides().bids.first == "96499.99×0.12365548" && book.sides().asks.first == "96500.01×1.39464469")
  }
}
