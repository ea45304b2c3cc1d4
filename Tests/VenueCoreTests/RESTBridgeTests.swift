import Coinbase
import Testing
import VenueCore

/// OKX's second way to a book (`SequenceLinkSync.bridgesREST`): deltas without the in-band
/// snapshot are held, the REST book (no `seqId`, its `ts`) is bridged to them by time, and the
/// in-band snapshot still wins whenever it comes. Times: `receivedAt` in ns (local), `venueTimeMs`
/// the venue's `ts`.
@Suite struct RESTBridgeTests {
  static let second: Int64 = 1_000_000_000

  func bridging() -> (SequenceLinkSync, PriceBook) {
    (SequenceLinkSync(link: .previous, bridgesREST: true), PriceBook(priceScale: 1, sizeScale: 0))
  }

  /// A delta `seq` after `previous`, at venue time `ts` ms, received `at` seconds in.
  func delta(_ seq: UInt64, after previous: UInt64, ts: Int64, at seconds: Double) -> BookUpdate {
    .delta(
      first: seq, last: seq, previous: previous, receivedAt: Int64(seconds * Double(Self.second)),
      venueTimeMs: ts)
  }

  @Test func heldDeltasAskForTheRESTBookOnceThenBridgeByTime() {
    var (policy, book) = bridging()
    // Held, not applied, and nothing asked until a second of them.
    var outcome = policy.receive(delta(11, after: 10, ts: 1_000, at: 0), [bid("100", "1")], book: &book)
    #expect(outcome == SyncOutcome())
    outcome = policy.receive(delta(12, after: 11, ts: 1_001, at: 0.5), [bid("100", "2")], book: &book)
    #expect(outcome == SyncOutcome())
    outcome = policy.receive(delta(13, after: 12, ts: 1_002, at: 1.0), [ask("103", "7")], book: &book)
    #expect(outcome.action == .fetchSnapshot)
    // Asked once.
    outcome = policy.receive(delta(14, after: 13, ts: 1_003, at: 1.2), [bid("99", "4")], book: &book)
    #expect(outcome == SyncOutcome())
    #expect(!policy.state.isLive && book.sides().bids.isEmpty)

    // The REST book at ts 1002: it holds 11 and 12 (older); 13 (the same millisecond) and 14 are
    // applied over it.
    let rest = BookUpdate.restSnapshot(receivedAt: 2 * Self.second, venueTimeMs: 1_002)
    let bridged = policy.receive(rest, [bid("100", "2"), ask("101", "1"), ask("103", "7")], book: &book)
    #expect(bridged == .applied)
    #expect(policy.state.isLive)
    #expect(book.sides().bids == ["100.0×2", "99.0×4"])
    #expect(book.sides().asks == ["101.0×1", "103.0×7"])
    #expect(policy.heldOlderThanREST == 2 && policy.restBridges == 1)
    // Then linked by prevSeqId from the last held delta on.
    #expect(
      policy.receive(delta(15, after: 14, ts: 1_004, at: 2.1), [bid("100", "5")], book: &book) == .applied)
    let gap = policy.receive(delta(17, after: 16, ts: 1_005, at: 2.2), [bid("100", "6")], book: &book)
    #expect(gap.fault == .sequenceGap(expected: 15, got: 16))
    #expect(policy.integrity == IntegrityCounts(checks: 5, failures: 1, resyncs: 1))
  }

  @Test func aRESTBookOlderThanTheHeldDeltasIsAskedAgain() {
    var (policy, book) = bridging()
    _ = policy.receive(delta(21, after: 20, ts: 5_000, at: 0), [bid("100", "1")], book: &book)
    #expect(policy.receive(delta(22, after: 21, ts: 5_001, at: 1), [], book: &book).action == .fetchSnapshot)
    // From before the first held delta: what came between is lost.
    let old = policy.receive(
      .restSnapshot(receivedAt: 2 * Self.second, venueTimeMs: 4_999), [bid("100", "9"), ask("101", "1")],
      book: &book)
    #expect(old.action == .fetchSnapshot && !old.applied)
    #expect(policy.staleRESTSnapshots == 1 && !policy.state.isLive)
    let fresh = policy.receive(
      .restSnapshot(receivedAt: 3 * Self.second, venueTimeMs: 5_001), [bid("100", "1"), ask("101", "1")],
      book: &book)
    #expect(fresh == .applied && policy.state.isLive)
    #expect(policy.lastSequence == 22)
  }

  @Test func theInBandSnapshotWinsAndALateRESTBookIsDropped() {
    var (policy, book) = bridging()
    _ = policy.receive(delta(31, after: 30, ts: 7_000, at: 0), [bid("100", "1")], book: &book)
    #expect(policy.receive(delta(32, after: 31, ts: 7_001, at: 1), [], book: &book).action == .fetchSnapshot)
    #expect(
      policy.receive(.snapshot(last: 40, venueTimeMs: 7_002), [bid("98", "1"), ask("99", "1")], book: &book)
        == .applied)
    let late = policy.receive(
      .restSnapshot(venueTimeMs: 7_001), [bid("100", "1"), ask("101", "1")], book: &book)
    #expect(late == .dropped)
    #expect(book.sides().bids == ["98.0×1"])
    #expect(policy.receive(delta(41, after: 40, ts: 7_003, at: 2), [bid("98", "3")], book: &book) == .applied)
  }

  /// Held deltas must link one to the next: a break starts holding again, so a REST book older
  /// than the new first one is refused.
  @Test func aBreakAmongTheHeldDeltasStartsHoldingAgain() {
    var (policy, book) = bridging()
    _ = policy.receive(delta(51, after: 50, ts: 9_000, at: 0), [bid("100", "1")], book: &book)
    #expect(policy.receive(delta(52, after: 51, ts: 9_001, at: 1), [], book: &book).action == .fetchSnapshot)
    _ = policy.receive(delta(60, after: 58, ts: 9_010, at: 1.1), [bid("100", "3")], book: &book)
    let before = policy.receive(
      .restSnapshot(venueTimeMs: 9_005), [bid("100", "1"), ask("101", "1")], book: &book)
    #expect(before.action == .fetchSnapshot && policy.staleRESTSnapshots == 1)
  }

  /// A REST book without its time cannot be placed: the book is taken again.
  @Test func aRESTBookWithoutATimeIsAFault() {
    var (policy, book) = bridging()
    _ = policy.receive(delta(1, after: 0, ts: 1, at: 0), [], book: &book)
    _ = policy.receive(delta(2, after: 1, ts: 2, at: 1), [], book: &book)
    let outcome = policy.receive(.restSnapshot(), [bid("100", "1"), ask("101", "1")], book: &book)
    #expect(outcome.fault == .noSequence && outcome.action == .resubscribe)
  }

  /// Without `bridgesREST` (Bybit, replays) a delta before the snapshot is dropped, and so is a
  /// REST book.
  @Test func withoutTheBridgeDeltasBeforeASnapshotAreDropped() {
    var policy = SequenceLinkSync(link: .previous)
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(policy.receive(delta(1, after: 0, ts: 1, at: 0), [bid("100", "1")], book: &book) == .dropped)
    #expect(policy.receive(delta(2, after: 1, ts: 2, at: 5), [bid("100", "1")], book: &book) == .dropped)
    #expect(policy.receive(.restSnapshot(venueTimeMs: 2), [bid("100", "1")], book: &book) == .dropped)
    #expect(SequenceLinkSync(link: .increment, bridgesREST: true).bridgesREST == false)
  }
}

@Suite struct SubscriptionPlanTests {
  /// OKX: a swap's mark, index and funding are subscribed for a `-SWAP`, never for a spot pair.
  @Test func derivativeChannelsOnlyForTheirSuffix() {
    let plan = SubscriptionPlan(
      bookDepth: 400, perSymbol: [.book, .trades, .ticker], derivativeChannels: [.mark],
      derivativeSuffix: "-SWAP")
    #expect(plan.subscriptions(symbol: "BTC-USDT").map(\.channel) == [.book, .trades, .ticker])
    #expect(plan.subscriptions(symbol: "BTC-USDT-SWAP").map(\.channel) == [.book, .trades, .ticker, .mark])
    #expect(plan.subscriptions(symbol: "BTC-USDT-SWAP").last == Subscription(.mark, "BTC-USDT-SWAP"))
    #expect(plan.anySymbolChannels.contains(.mark))
  }
}

@Suite struct SymbolAliasesTests {
  /// Coinbase's, as its adapter declares it (`CoinbaseAdapter.usdcAlias`).
  static let coinbase = DataAlias(
    suffix: "-USDC", dataSuffix: "-USD", exceptions: ["USDT-USDC", "EURC-USDC"])

  /// Coinbase answers `BTC-USDC` as `BTC-USD`; `USDT-USDC` and `EURC-USDC` are their own.
  @Test func coinbasesUSDCProductsAreItsUSDOnes() {
    #expect(Self.coinbase.dataSymbol(for: "BTC-USDC") == "BTC-USD")
    #expect(Self.coinbase.dataSymbol(for: "USDT-USDC") == nil)
    #expect(Self.coinbase.dataSymbol(for: "EURC-USDC") == nil)
    #expect(Self.coinbase.dataSymbol(for: "BTC-USD") == nil)
  }

  @Test func framesAreKeyedBackToWhatWasAsked() {
    var aliases = SymbolAliases(venue: .coinbase, alias: Self.coinbase)
    aliases.subscribed([
      Subscription(.book, "BTC-USDC"), Subscription(.ticker, "BTC-USDC"), Subscription(.ticker, "ETH-USD"),
    ])
    var batch = VenueBatch()
    batch.events = [
      .book(symbol: "BTC-USD", update: .snapshot(), levels: 0..<0), .trades(symbol: "BTC-USD", trades: 0..<0),
      .ticker(symbol: "BTC-USD", ticker: 0), .ticker(symbol: "ETH-USD", ticker: 1),
    ]
    aliases.rekey(&batch, from: 0)
    #expect(
      batch.events == [
        .book(symbol: "BTC-USDC", update: .snapshot(), levels: 0..<0),
        .trades(symbol: "BTC-USDC", trades: 0..<0), .ticker(symbol: "BTC-USDC", ticker: 0),
        .ticker(symbol: "ETH-USD", ticker: 1),
      ])
    // The markets list watches BTC-USD too: its ticker goes to both names.
    aliases.subscribed([Subscription(.ticker, "BTC-USD")])
    batch.events = [.ticker(symbol: "BTC-USD", ticker: 0)]
    aliases.rekey(&batch, from: 0)
    #expect(batch.events == [.ticker(symbol: "BTC-USD", ticker: 0), .ticker(symbol: "BTC-USDC", ticker: 0)])
    // Unsubscribed, or on a new connection, nothing is keyed back.
    aliases.unsubscribed([Subscription(.book, "BTC-USDC"), Subscription(.ticker, "BTC-USDC")])
    #expect(aliases.isEmpty)
    aliases.subscribed([Subscription(.book, "BTC-USDC")])
    aliases.reset()
    batch.events = [.book(symbol: "BTC-USD", update: .snapshot(), levels: 0..<0)]
    aliases.rekey(&batch, from: 0)
    #expect(batch.events == [.book(symbol: "BTC-USD", update: .snapshot(), levels: 0..<0)])
  }
}
