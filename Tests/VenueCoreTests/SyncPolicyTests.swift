import Testing
import VenueCore

/// A checksum of the test's own: CRC32 of every level's digits, asks then bids.
struct AllLevelsChecksum: BookChecksum {
  func checksum(of book: PriceBook) -> UInt32 {
    var crc = CRC32()
    for side in [BookSide.ask, .bid] {
      let ladder = book[side]
      for rank in 0..<ladder.count {
        let l = ladder.level(fromBest: rank)
        crc.updateDigits(of: UInt64(l.price))
        crc.updateDigits(of: UInt64(l.size))
      }
    }
    return crc.value
  }
}

@Suite struct PartialSyncTests {
  @Test func deltasBeforeThePartialAreDroppedThenApplied() {
    var policy = PartialSync()
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(policy.receive(.delta(), [bid("100", "1")], book: &book) == .dropped)
    #expect(policy.state == .waiting)
    #expect(
      policy.receive(.snapshot(receivedAt: 5), [bid("100", "1"), ask("101", "1")], book: &book) == .applied)
    #expect(policy.state == .live)
    #expect(policy.lastAppliedAt == 5)
    #expect(policy.receive(.delta(receivedAt: 7), [bid("100", "3")], book: &book) == .applied)
    #expect(book.sides().bids == ["100.0×3"])
  }

  @Test func anUnknownLevelResubscribesAndTheBookIsNotLive() {
    var policy = PartialSync()
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    _ = policy.receive(.snapshot(), [bid("100", "1"), ask("101", "1")], book: &book)
    let outcome = policy.receive(.delta(), [bid("99", "0")], book: &book)
    #expect(outcome.action == .resubscribe)
    #expect(outcome.fault == .unknownLevel(side: .bid, price: FixedDecimal("99")!))
    #expect(!policy.state.isLive)
    #expect(policy.integrity == IntegrityCounts(checks: 0, failures: 1, resyncs: 1))
    // Deltas until the fresh partial are not applied.
    #expect(policy.receive(.delta(), [bid("100", "5")], book: &book) == .dropped)
    #expect(policy.receive(.snapshot(), [bid("100", "2"), ask("101", "1")], book: &book) == .applied)
    #expect(policy.state == .live)
  }

  /// An insert's levels say they are new: the rule takes them (every other delta level must be
  /// held), and a new level at a held price is a fault.
  @Test func insertsAreNewLevelsAndAHeldOneIsAFault() {
    var policy = PartialSync()
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    _ = policy.receive(.snapshot(), [bid("100", "1"), ask("101", "1")], book: &book)
    let insert = LevelChange(side: .bid, price: FixedDecimal("99")!, size: FixedDecimal("4")!, prior: .absent)
    #expect(policy.receive(.delta(), [insert], book: &book) == .applied)
    #expect(book.sides().bids == ["100.0×1", "99.0×4"])
    let outcome = policy.receive(.delta(), [insert], book: &book)
    #expect(outcome.fault == .duplicateLevel(side: .bid, price: FixedDecimal("99")!))
    #expect(outcome.action == .resubscribe)
    #expect(book.sides().bids == ["100.0×1", "99.0×4"])
  }

  /// The adapter's own fault (BitMEX's unknown id): dropped before the partial, a resync after.
  @Test func anAdaptersFaultIsDroppedBeforeThePartialAndResyncsALiveBook() {
    var policy = PartialSync()
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(policy.refuse(.delta(), .unknownID(side: .ask, id: 7), book: &book) == .dropped)
    #expect(policy.integrity == IntegrityCounts())
    _ = policy.receive(.snapshot(), [bid("100", "1"), ask("101", "1")], book: &book)
    let outcome = policy.refuse(.delta(), .unknownID(side: .ask, id: 7), book: &book)
    #expect(outcome == SyncOutcome(fault: .unknownID(side: .ask, id: 7), action: .resubscribe))
    #expect(!policy.state.isLive)
    #expect(policy.integrity == IntegrityCounts(checks: 0, failures: 1, resyncs: 1))
    #expect(book.sides().bids == ["100.0×1"])
    var any = AnyBookSync.partial(PartialSync())
    #expect(any.refuse(.delta(), .unknownID(side: .bid, id: 1), book: &book) == .dropped)
    // A refused snapshot leaves no book and resubscribes, whatever came before.
    let refused = any.refuse(.snapshot(), .duplicateID(side: .bid, id: 1), book: &book)
    #expect(refused == SyncOutcome(fault: .duplicateID(side: .bid, id: 1), action: .resubscribe))
    #expect(book.isEmpty && any.state == .resyncing(.duplicateID(side: .bid, id: 1)))
  }

  @Test func aPartialDeeperThanTheTableIsAFault() {
    var policy = PartialSync(depthLimit: 1)
    var book = PriceBook(priceScale: 0, sizeScale: 0)
    let outcome = policy.receive(.snapshot(), [bid("100", "1"), bid("99", "1")], book: &book)
    #expect(outcome.fault == .tooDeep(side: .bid, levels: 2, limit: 1))
    #expect(book.isEmpty)
  }
}

@Suite struct ChecksumSyncTests {
  func live() -> (ChecksumSync<AllLevelsChecksum>, PriceBook) {
    var policy = ChecksumSync(depth: 2, checksum: AllLevelsChecksum())
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    let levels: ArraySlice<LevelChange> = [bid("100", "1"), bid("99", "2"), ask("101", "3"), ask("102", "4")]
    var expected = PriceBook(priceScale: 1, sizeScale: 0)
    _ = expected.replace(with: levels)
    let sum = AllLevelsChecksum().checksum(of: expected)
    #expect(policy.receive(.snapshot(checksum: sum), levels, book: &book) == .applied)
    return (policy, book)
  }

  @Test func aVerifiedSnapshotIsLive() {
    let (policy, _) = live()
    #expect(policy.state == .live)
    #expect(policy.integrity == IntegrityCounts(checks: 1, failures: 0, resyncs: 0))
  }

  @Test func levelsPushedOutOfDepthAreCutBeforeTheChecksum() {
    var (policy, book) = live()
    // A better bid pushes 99 out of the depth of 2; the venue sends no delete for it.
    var expected = book
    _ = expected.apply([bid("100.5", "1")])
    expected.truncate(to: 2)
    let sum = AllLevelsChecksum().checksum(of: expected)
    #expect(policy.receive(.delta(checksum: sum), [bid("100.5", "1")], book: &book) == .applied)
    #expect(book.sides().bids == ["100.5×1", "100.0×1"])
    #expect(policy.integrity.checks == 2)
  }

  @Test func aMismatchResubscribesThatBookAndIsNeverLive() {
    var (policy, book) = live()
    let outcome = policy.receive(.delta(checksum: 12345), [bid("100", "7")], book: &book)
    #expect(outcome.action == .resubscribe)
    #expect(
      outcome.fault == .checksumMismatch(expected: 12345, computed: AllLevelsChecksum().checksum(of: book)))
    #expect(!policy.state.isLive)
    #expect(policy.integrity == IntegrityCounts(checks: 2, failures: 1, resyncs: 1))
    // Updates for the old subscription are not applied; the fresh snapshot is.
    #expect(policy.receive(.delta(), [bid("100", "8")], book: &book) == .dropped)
    #expect(policy.receive(.snapshot(), [bid("100", "1"), ask("101", "1")], book: &book) == .applied)
    #expect(policy.state == .live)
  }

  @Test func aDeleteOfALevelAlreadyCutIsANoOp() {
    var (policy, book) = live()
    let outcome = policy.receive(.delta(), [ask("150", "0")], book: &book)
    #expect(outcome == .applied)
  }
}

@Suite struct SequenceLinkSyncTests {
  func live(_ link: SequenceLinkSync.Link, last: UInt64 = 10) -> (SequenceLinkSync, PriceBook) {
    var policy = SequenceLinkSync(link: link)
    var book = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(
      policy.receive(.snapshot(last: last), [bid("100", "1"), ask("101", "1")], book: &book) == .applied)
    return (policy, book)
  }

  @Test func bybitDeltasGrowByOne() {
    var (policy, book) = live(.increment)
    #expect(policy.receive(.delta(first: 11, last: 11), [bid("100", "2")], book: &book) == .applied)
    #expect(policy.receive(.delta(first: 12, last: 12), [bid("100", "3")], book: &book) == .applied)
    #expect(policy.integrity.checks == 2)
    let jump = policy.receive(.delta(first: 14, last: 14), [bid("100", "4")], book: &book)
    #expect(jump.fault == .sequenceGap(expected: 13, got: 14))
    #expect(jump.action == .resubscribe)
    #expect(book.sides().bids == ["100.0×3"])
  }

  @Test func bybitUOfOneIsARestartTakenAsASnapshot() {
    var (policy, book) = live(.increment)
    #expect(
      policy.receive(.delta(first: 1, last: 1), [bid("99", "5"), ask("102", "5")], book: &book) == .applied)
    #expect(book.sides().bids == ["99.0×5"])
    #expect(policy.lastSequence == 1)
    #expect(policy.receive(.delta(first: 2, last: 2), [bid("99", "6")], book: &book) == .applied)
  }

  @Test func aLaterSnapshotReplacesTheBook() {
    var (policy, book) = live(.increment)
    #expect(policy.receive(.snapshot(last: 500), [bid("90", "1"), ask("91", "1")], book: &book) == .applied)
    #expect(book.sides().bids == ["90.0×1"])
    #expect(policy.receive(.delta(first: 501, last: 501), [bid("90", "2")], book: &book) == .applied)
  }

  @Test func okxLinksByPreviousSequence() {
    var (policy, book) = live(.previous, last: 100)
    #expect(policy.receive(.delta(last: 105, previous: 100), [bid("100", "2")], book: &book) == .applied)
    // A keep-alive: same seqId as prevSeqId, no levels. Linked, nothing applied.
    #expect(policy.receive(.delta(last: 105, previous: 105), [], book: &book) == .dropped)
    // After maintenance the sequence goes back, while prevSeqId links: not a gap.
    #expect(policy.receive(.delta(last: 3, previous: 105), [bid("100", "3")], book: &book) == .applied)
    #expect(policy.receive(.delta(last: 4, previous: 3), [bid("100", "4")], book: &book) == .applied)
    #expect(policy.integrity == IntegrityCounts(checks: 4, failures: 0, resyncs: 0))
    let gap = policy.receive(.delta(last: 9, previous: 7), [bid("100", "5")], book: &book)
    #expect(gap.fault == .sequenceGap(expected: 4, got: 7))
    #expect(book.sides().bids == ["100.0×4"])
  }

  @Test func coinbaseGapsComeFromTheConnection() {
    var (policy, book) = live(.connection)
    // A delete of a level never held is a no-op.
    #expect(policy.receive(.delta(), [ask("150", "0")], book: &book) == .applied)
    policy.connectionLinked()
    #expect(policy.integrity.checks == 1)
    let gap = policy.connectionGap(expected: 41, got: 43)
    #expect(gap.action == .resubscribe)
    #expect(!policy.state.isLive)
    #expect(policy.receive(.delta(), [bid("100", "9")], book: &book) == .dropped)
    #expect(policy.receive(.snapshot(), [bid("100", "2"), ask("101", "1")], book: &book) == .applied)
    #expect(policy.state.isLive)
  }
}
