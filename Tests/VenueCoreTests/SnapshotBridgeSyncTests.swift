import Testing
import VenueCore

@Suite struct SnapshotBridgeSyncTests {
  let snapshotLevels: ArraySlice<LevelChange> = [bid("100", "1"), ask("101", "1")]

  func start(_ bridge: SnapshotBridgeSync.Bridge) -> (SnapshotBridgeSync, PriceBook) {
    var policy = SnapshotBridgeSync(bridge: bridge)
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(policy.subscribed(book: &book) == .fetchSnapshot)
    return (policy, book)
  }

  @Test(arguments: [
    // (U, u) of the first buffered delta after L = 100: U == L+1, and L+1 strictly inside.
    (UInt64(101), UInt64(103)), (UInt64(99), UInt64(104)),
  ])
  func spotBridgesWhenTheFirstKeptCoversLPlusOne(first: UInt64, last: UInt64) {
    var (policy, book) = start(.consecutive)
    _ = policy.receive(.delta(first: 95, last: 98), [bid("100", "7")], book: &book)  // u ≤ L: dropped
    // u == L: dropped on spot.
    _ = policy.receive(.delta(first: 99, last: 100), [bid("100", "8")], book: &book)
    _ = policy.receive(.delta(first: first, last: last), [bid("100", "2")], book: &book)
    _ = policy.receive(.delta(first: last + 1, last: last + 5), [bid("100", "3")], book: &book)
    #expect(policy.receive(.snapshot(last: 100), snapshotLevels, book: &book) == .applied)
    #expect(policy.dropped == 2)
    #expect(policy.firstBridged?.first == first)
    #expect(policy.appliedSinceSnapshot == 2)
    #expect(policy.lastUpdateID == last + 5)
    #expect(book.sides().bids == ["100.0×3"])
    #expect(policy.state == .live)
  }

  @Test func spotRefusesAFirstDeltaThatSkipsLPlusOne() {
    var (policy, book) = start(.consecutive)
    _ = policy.receive(.snapshot(last: 100), snapshotLevels, book: &book)
    let outcome = policy.receive(.delta(first: 102, last: 105), [bid("100", "2")], book: &book)
    #expect(outcome.fault == .bridgeMiss(snapshot: 100, first: 102, last: 105))
    #expect(outcome.action == .fetchSnapshot)
    #expect(book.isEmpty)
    #expect(!policy.state.isLive)
    // The delta that broke the bridge starts the next buffer: a snapshot at 103 bridges it.
    #expect(policy.receive(.snapshot(last: 103), snapshotLevels, book: &book) == .applied)
    #expect(book.sides().bids == ["100.0×2"])
  }

  @Test func aSnapshotOlderThanTheBufferIsFetchedAgain() {
    var (policy, book) = start(.consecutive)
    _ = policy.receive(.delta(first: 200, last: 210), [bid("100", "2")], book: &book)
    let outcome = policy.receive(.snapshot(last: 150), snapshotLevels, book: &book)
    #expect(outcome.action == .fetchSnapshot)
    #expect(policy.staleSnapshots == 1)
    #expect(book.isEmpty)
    #expect(policy.receive(.snapshot(last: 205), snapshotLevels, book: &book) == .applied)
    #expect(book.sides().bids == ["100.0×2"])
  }

  @Test func spotAGapDropsTheBookAndBridgesAgain() {
    var (policy, book) = start(.consecutive)
    _ = policy.receive(.snapshot(last: 100), snapshotLevels, book: &book)
    #expect(policy.receive(.delta(first: 101, last: 101), [bid("100", "2")], book: &book) == .applied)
    let outcome = policy.receive(.delta(first: 103, last: 104), [bid("100", "3")], book: &book)
    #expect(outcome.fault == .sequenceGap(expected: 102, got: 103))
    #expect(outcome.action == .fetchSnapshot)
    #expect(book.isEmpty)
    #expect(policy.integrity.resyncs == 1)
  }

  @Test func usdmKeepsAnEventWhoseUEqualsL() {
    var (policy, book) = start(.previousLinked)
    _ = policy.receive(.delta(first: 90, last: 95, previous: 89), [bid("100", "7")], book: &book)  // u < L
    // u == L: kept on USDⓈ-M.
    _ = policy.receive(.delta(first: 96, last: 100, previous: 95), [bid("100", "2")], book: &book)
    _ = policy.receive(.delta(first: 101, last: 120, previous: 100), [bid("100", "3")], book: &book)
    #expect(policy.receive(.snapshot(last: 100), snapshotLevels, book: &book) == .applied)
    #expect(policy.dropped == 1)
    #expect(policy.firstBridged?.first == 96)
    #expect(book.sides().bids == ["100.0×3"])
    let gap = policy.receive(.delta(first: 121, last: 130, previous: 119), [bid("100", "4")], book: &book)
    #expect(gap.fault == .sequenceGap(expected: 120, got: 119))
  }

  /// A snapshot taken right at the end of the update before the stream's first (`pu == L`, no
  /// update covering `L` in USDⓈ-M's irregular ids): the first update links to it, whether the
  /// snapshot came before it or after it was buffered.
  @Test(arguments: [false, true])
  func usdmBridgesAnEventWhosePreviousIsL(snapshotFirst: Bool) {
    var (policy, book) = start(.previousLinked)
    if snapshotFirst {
      #expect(policy.receive(.snapshot(last: 100), snapshotLevels, book: &book) == .applied)
    }
    let first = policy.receive(.delta(first: 108, last: 115, previous: 100), [bid("100", "2")], book: &book)
    #expect(first.fault == nil)
    if !snapshotFirst {
      #expect(policy.receive(.snapshot(last: 100), snapshotLevels, book: &book) == .applied)
      #expect(policy.staleSnapshots == 0)
    }
    #expect(policy.firstBridged?.first == 108)
    #expect(book.sides().bids == ["100.0×2"])
    // Not linked (`pu` after `L`): still a miss.
    var (other, otherBook) = start(.previousLinked)
    _ = other.receive(.snapshot(last: 100), snapshotLevels, book: &otherBook)
    let miss = other.receive(
      .delta(first: 108, last: 115, previous: 104), [bid("100", "2")], book: &otherBook)
    #expect(miss.fault == .bridgeMiss(snapshot: 100, first: 108, last: 115))
  }

  @Test func theVenuesBestBidAskChecksTheBookWhicheverComesFirst() {
    var (policy, book) = start(.consecutive)
    _ = policy.receive(.snapshot(last: 100), snapshotLevels, book: &book)
    let p = { (s: String) in FixedDecimal(s)! }
    // BBO first, then the depth event with the same id.
    #expect(
      policy.receiveBBO(
        updateID: 101, bid: p("100"), bidSize: p("2"), ask: p("101"), askSize: p("1"), book: &book)
        == SyncOutcome())
    #expect(policy.receive(.delta(first: 101, last: 101), [bid("100", "2")], book: &book) == .applied)
    #expect(policy.integrity.checks == 1)
    // Depth first, then the BBO.
    _ = policy.receive(.delta(first: 102, last: 102), [ask("101", "5")], book: &book)
    _ = policy.receive(.delta(first: 103, last: 103), [ask("101", "6")], book: &book)
    _ = policy.receiveBBO(
      updateID: 102, bid: p("100"), bidSize: p("2"), ask: p("101"), askSize: p("5"), book: &book)
    #expect(policy.integrity == IntegrityCounts(checks: 2, failures: 0, resyncs: 0))
    // A BBO that disagrees with the book at its id drops the book.
    let outcome = policy.receiveBBO(
      updateID: 103, bid: p("100"), bidSize: p("2"), ask: p("101"), askSize: p("7"), book: &book)
    #expect(outcome.fault == .bboMismatch(updateID: 103))
    #expect(outcome.action == .fetchSnapshot)
    #expect(policy.integrity == IntegrityCounts(checks: 3, failures: 1, resyncs: 1))
    #expect(book.isEmpty)
  }
}
