import Binance
import TestSupport
import Testing
import VenueCore

/// Real Binance frames (`Tests/Fixtures/exchanges/`: hftbacktest 2024 and cryptofeed 2021, MIT and
/// XFree86-style) through the real decoder, the book engine and the REST bridge, with the
/// venue's own best bid/ask as a cross-check. The expected figures are the samples' README's.
@Suite struct BinanceRecordedFramesTests {
  struct Run {
    var book: PriceBook
    var policy: SnapshotBridgeSync
    var outcomes: [SyncOutcome] = []
    var bboBeforeLive = 0
  }

  /// Plays `frames` (each with its receive time) through the decoder and the bridge.
  func play(
    _ frames: [(Int64, [UInt8])], market: BinanceMarket, symbol: Symbol, priceScale: UInt8, sizeScale: UInt8,
    tamper: ((inout VenueBatch) -> Void)? = nil
  ) throws -> Run {
    var run = Run(
      book: PriceBook(priceScale: priceScale, sizeScale: sizeScale),
      policy: SnapshotBridgeSync(bridge: market.bridge))
    #expect(run.policy.subscribed(book: &run.book) == .fetchSnapshot)
    let decoder = BinanceDecoder(market: market, snapshotSymbol: symbol)
    var batch = VenueBatch()
    for (at, frame) in frames {
      batch.removeAll()
      try decoder.decode(frame, receivedAt: at, into: &batch)
      tamper?(&batch)
      for event in batch.events {
        switch event {
        case let .book(s, update, levels):
          #expect(s == symbol)
          run.outcomes.append(run.policy.receive(update, batch.levels(levels), book: &run.book))
        case let .bbo(s, id?, bid, ask):
          #expect(s == symbol)
          if !run.policy.state.isLive { run.bboBeforeLive += 1 }
          run.outcomes.append(
            run.policy.receiveBBO(
              updateID: id, bid: bid.price, bidSize: bid.size, ask: ask.price, askSize: ask.size,
              book: &run.book))
        default: break
        }
      }
    }
    return run
  }

  /// The hftbacktest collector's lines: `<local ns> <frame>` (the REST snapshot as a bare body).
  static func hftbacktest(_ name: String) -> [(Int64, [UInt8])] {
    Fixture.lines(name).map { line in
      let space = line.firstIndex(of: UInt8(ascii: " "))!
      let ns = Int64(String(decoding: line[..<space], as: UTF8.self))!
      return (ns, Array(line[(space + 1)...]))
    }
  }

  static func best(_ run: Run) -> String {
    let bid = run.book.best(.bid)!
    let ask = run.book.best(.ask)!
    return "\(bid.price)×\(bid.size) / \(ask.price)×\(ask.size)"
  }

  @Test func spot2024BridgesAndAgreesWithEveryBookTicker() throws {
    let frames = Self.hftbacktest(
      "exchanges/binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt")
    let run = try play(frames, market: .spot, symbol: "BTCUSDT", priceScale: 8, sizeScale: 8)
    #expect(run.policy.dropped == 2)
    #expect(
      run.policy.firstBridged?.first == 50_093_239_208 && run.policy.firstBridged?.last == 50_093_239_224)
    #expect(run.policy.appliedSinceSnapshot == 101)
    #expect(run.policy.lastUpdateID == 50_093_243_900)
    #expect(Self.best(run) == "61824.00000000×4.46334000 / 61824.01000000×0.39004000")
    #expect(run.book.bids.count == 1039 && run.book.asks.count == 1091)
    #expect(run.policy.integrity == IntegrityCounts(checks: 15, failures: 0, resyncs: 0))
    #expect(run.outcomes.allSatisfy { $0.fault == nil })
  }

  @Test func usdm2024BridgesOnUEqualOrAboveLAndAgreesWithEveryBookTicker() throws {
    let frames = Self.hftbacktest(
      "exchanges/binance-usdm_2024-08-08_BTCUSDT_depth0ms-trade-bookTicker-snapshot_hftbacktest.txt")
    let run = try play(frames, market: .usdm, symbol: "BTCUSDT", priceScale: 2, sizeScale: 3)
    #expect(run.policy.dropped == 4)
    #expect(
      run.policy.firstBridged?.first == 5_123_107_850_310
        && run.policy.firstBridged?.last == 5_123_107_853_551)
    #expect(run.policy.appliedSinceSnapshot == 155)
    #expect(run.policy.lastUpdateID == 5_123_108_423_795)
    #expect(Self.best(run) == "61800.10×1.025 / 61800.20×5.059")
    #expect(run.book.bids.count == 1310 && run.book.asks.count == 1179)
    #expect(run.policy.integrity == IntegrityCounts(checks: 15, failures: 0, resyncs: 0))
    #expect(run.outcomes.allSatisfy { $0.fault == nil })
  }

  /// One size changed inside a well-linked depth message: the sequence numbers cannot see it,
  /// the venue's best bid/ask does.
  @Test func aWrongLevelThatSequenceNumbersMissIsCaughtByTheBookTicker() throws {
    let frames = Self.hftbacktest(
      "exchanges/binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt")
    var tampered = 0
    let run = try play(frames, market: .spot, symbol: "BTCUSDT", priceScale: 8, sizeScale: 8) { batch in
      // Every depth update after the snapshot: its best-priced bid one unit larger.
      guard tampered < 1_000, case .book(_, let update, let levels)? = batch.events.first,
        update.kind == .delta
      else {
        return
      }
      if let k = levels.filter({ batch.levels[$0].side == .bid && !batch.levels[$0].size.isZero })
        .max(by: { batch.levels[$0].price < batch.levels[$1].price })
      {
        batch.levels[k].size.mantissa += 1
        tampered += 1
      }
    }
    #expect(tampered > 0)
    #expect(run.policy.integrity.failures >= 1)
    let fault = run.outcomes.first { $0.fault != nil }
    if case .bboMismatch? = fault?.fault {
    } else {
      Issue.record("expected a BBO mismatch, got \(String(describing: fault))")
    }
    #expect(fault?.action == .fetchSnapshot)
  }

  static func jsonl(_ ws: String, snapshot: String, at index: Int) -> [(Int64, [UInt8])] {
    var frames = Fixture.lines(ws).enumerated().map { (Int64($0.offset), $0.element) }
    frames.insert((-1, Fixture.bytes(snapshot)), at: index)
    return frames
  }

  @Test(arguments: [0, 10])
  func spot2021BridgesOnUEqualToLPlusOne(snapshotAt: Int) throws {
    let frames = Self.jsonl(
      "exchanges/binance-spot_2021-10-12_LRCBTC_ws-combined.jsonl",
      snapshot: "exchanges/binance-spot_2021-10-12_LRCBTC_rest-depth-limit1000.json", at: snapshotAt)
    let run = try play(frames, market: .spot, symbol: "LRCBTC", priceScale: 8, sizeScale: 0)
    #expect(run.policy.dropped == 2)
    #expect(run.policy.firstBridged?.first == 259_345_544 && run.policy.firstBridged?.last == 259_345_545)
    #expect(run.policy.appliedSinceSnapshot == 13)
    #expect(run.policy.lastUpdateID == 259_345_563)
    let top = run.book.sides()
    #expect(Array(top.bids.prefix(3)) == ["0.00000637×2500", "0.00000636×10310", "0.00000635×12760"])
    #expect(Array(top.asks.prefix(3)) == ["0.00000638×2285", "0.00000639×45096", "0.00000640×15869"])
    #expect(run.book.bids.count == 176 && run.book.asks.count == 1000)
    #expect(run.outcomes.allSatisfy { $0.fault == nil })
  }

  @Test(arguments: [0, 5])
  func usdm2021BridgesWhereUEqualsL(snapshotAt: Int) throws {
    let frames = Self.jsonl(
      "exchanges/binance-usdm_2021-07-22_KEEPUSDT_ws-combined.jsonl",
      snapshot: "exchanges/binance-usdm_2021-07-22_KEEPUSDT_rest-depth-limit1000.json", at: snapshotAt)
    let run = try play(frames, market: .usdm, symbol: "KEEPUSDT", priceScale: 4, sizeScale: 0)
    #expect(run.policy.dropped == 3)
    #expect(
      run.policy.firstBridged?.first == 600_859_618_057 && run.policy.firstBridged?.last == 600_859_619_434)
    #expect(run.policy.appliedSinceSnapshot == 20)
    #expect(run.policy.lastUpdateID == 600_859_718_682)
    let top = run.book.sides()
    #expect(Array(top.bids.prefix(3)) == ["0.2463×3155", "0.2459×1490", "0.2458×9117"])
    #expect(Array(top.asks.prefix(3)) == ["0.2464×317", "0.2465×812", "0.2466×436"])
    #expect(run.outcomes.allSatisfy { $0.fault == nil })
  }

  /// With spot's rule (`u ≤ L` dropped) the real 2021 USDⓈ-M frames cannot bridge: the event
  /// with `u == L` is the bridge.
  @Test func theSpotRuleCannotBridgeTheUSDMFrames() throws {
    let frames = Self.jsonl(
      "exchanges/binance-usdm_2021-07-22_KEEPUSDT_ws-combined.jsonl",
      snapshot: "exchanges/binance-usdm_2021-07-22_KEEPUSDT_rest-depth-limit1000.json", at: 0)
    var book = PriceBook(priceScale: 4, sizeScale: 0)
    var policy = SnapshotBridgeSync(bridge: .consecutive)
    _ = policy.subscribed(book: &book)
    var batch = VenueBatch()
    var faults: [BookSyncFault] = []
    for (at, frame) in frames {
      batch.removeAll()
      try BinanceDecoder(market: .usdm, snapshotSymbol: "KEEPUSDT").decode(
        frame, receivedAt: at, into: &batch)
      for case let .book(_, update, levels) in batch.events {
        if let f = policy.receive(update, batch.levels(levels), book: &book).fault { faults.append(f) }
      }
    }
    #expect(!faults.isEmpty)
  }
}
