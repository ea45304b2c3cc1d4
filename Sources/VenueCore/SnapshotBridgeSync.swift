/// The rule of venues that send deltas only (Binance): the client buffers the stream, fetches a
/// REST snapshot with the id of its last update (`L`), drops what the snapshot already holds,
/// checks that the first delta kept bridges the snapshot, then that each delta links to the one
/// before. Any break drops the book and bridges again. The venue's BBO, when it carries an update
/// id, cross-checks the book (`receiveBBO`).
///
/// The REST snapshot comes in as a `.snapshot` message with `last` = `L`. Levels deeper than the
/// snapshot are never restated unless they change: `trustedDepth` says how deep the book is known.
public struct SnapshotBridgeSync: BookSyncPolicy {
  /// How deltas link (Binance's two markets differ).
  public enum Bridge: Sendable, Hashable {
    /// Binance spot: drop `u ≤ L`; the first kept has `U ≤ L+1 ≤ u`; then `U == previous u + 1`.
    case consecutive
    /// Binance USDⓈ-M: drop `u < L` (strictly: real frames have `u == L`); the first kept has
    /// `U ≤ L ≤ u`; then `pu == previous u`.
    case previousLinked
  }

  private enum Phase: Sendable, Hashable {
    /// No snapshot yet: deltas are buffered.
    case awaitingSnapshot
    /// A snapshot at `L` is held; the first delta that bridges it is awaited.
    case bridging(UInt64)
    /// Following: the last applied delta's `u`.
    case following(UInt64)
  }

  /// A buffered delta: its ids and where its levels are in `bufferedLevels`.
  private struct Buffered: Sendable, Hashable {
    var update: BookUpdate
    var start: Int
    var count: Int
  }

  public private(set) var books = SyncBookkeeping()
  public let bridge: Bridge
  private var phase = Phase.awaitingSnapshot
  private var buffered: [Buffered] = []
  private var bufferedLevels: [LevelChange] = []
  /// The buffer being replayed after a snapshot (a spare swapped with `buffered`).
  private var replaying: [Buffered] = []
  private var replayingLevels: [LevelChange] = []
  private var cross = BBOCrossCheck()
  /// The most deltas buffered while a snapshot is fetched; past it the oldest cannot be kept, so
  /// the buffer starts again (and the snapshot in flight will be too old).
  public var bufferLimit = 20_000
  /// Deltas dropped because the snapshot already held them.
  public private(set) var dropped = 0
  /// Deltas applied since the last snapshot.
  public private(set) var appliedSinceSnapshot = 0
  /// Snapshots refused as older than the first buffered delta.
  public private(set) var staleSnapshots = 0
  /// The first delta applied after the last snapshot: its `first` and `last` ids.
  public private(set) var firstBridged: (first: UInt64, last: UInt64)?
  /// How many levels a side of the last snapshot had: deeper levels are not known.
  public private(set) var trustedDepth: (bids: Int, asks: Int)?

  public init(bridge: Bridge) {
    self.bridge = bridge
  }

  /// The last update id the book holds.
  public var lastUpdateID: UInt64? {
    switch phase {
    case .awaitingSnapshot: nil
    case .bridging(let l): l
    case .following(let u): u
    }
  }

  public mutating func subscribed(book: inout PriceBook) -> SyncAction {
    restart(book: &book)
    return .fetchSnapshot
  }

  public mutating func receive(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  ) -> SyncOutcome {
    switch update.kind {
    case .snapshot: return snapshot(update, levels, book: &book)
    case .delta:
      if case .awaitingSnapshot = phase {
        buffer(update, levels)
        return SyncOutcome()
      }
      return delta(update, levels, book: &book)
    }
  }

  /// The venue's best bid/ask at update `updateID`: checked against the book's top right after
  /// the delta that ended at the same id, whichever came first. A mismatch drops the book.
  public mutating func receiveBBO(
    updateID: UInt64, bid: FixedDecimal, bidSize: FixedDecimal, ask: FixedDecimal, askSize: FixedDecimal,
    book: inout PriceBook
  ) -> SyncOutcome {
    guard books.state == .live else { return .dropped }
    guard let bp = bid.mantissa(atScale: book.priceScale), let bs = bidSize.mantissa(atScale: book.sizeScale),
      let ap = ask.mantissa(atScale: book.priceScale), let aq = askSize.mantissa(atScale: book.sizeScale)
    else {
      return fail(.bboMismatch(updateID: updateID), checked: true, book: &book)
    }
    let top = BBOCrossCheck.Top(id: updateID, bidPrice: bp, bidSize: bs, askPrice: ap, askSize: aq)
    return verdict(cross.venueBBO(top), book: &book)
  }

  // MARK: Steps

  private mutating func restart(book: inout PriceBook) {
    book.removeAll()
    phase = .awaitingSnapshot
    buffered.removeAll(keepingCapacity: true)
    bufferedLevels.removeAll(keepingCapacity: true)
    cross.reset()
    books.subscribedAgain()
  }

  private mutating func buffer(_ update: BookUpdate, _ levels: ArraySlice<LevelChange>) {
    if buffered.count >= bufferLimit {
      buffered.removeAll(keepingCapacity: true)
      bufferedLevels.removeAll(keepingCapacity: true)
    }
    buffered.append(Buffered(update: update, start: bufferedLevels.count, count: levels.count))
    bufferedLevels.append(contentsOf: levels)
  }

  private mutating func snapshot(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  ) -> SyncOutcome {
    guard let l = update.last else { return fail(.noSnapshot, checked: false, book: &book) }
    if let oldest = buffered.first, let u0 = oldest.update.first, Self.bridgeStart(bridge, l) < u0,
      !Self.follows(bridge, oldest.update, l)
    {
      // The stream already starts after the snapshot: what happened in between is lost.
      staleSnapshots += 1
      return SyncOutcome(action: .fetchSnapshot)
    }
    if let fault = book.replace(with: levels) {
      return fail(fault, checked: false, book: &book)
    }
    trustedDepth = (book.bids.count, book.asks.count)
    phase = .bridging(l)
    appliedSinceSnapshot = 0
    firstBridged = nil
    books.state = .live
    books.applied(at: update.receivedAt)
    // Replay the buffer through the bridge. The buffer is swapped with a spare of its own (both
    // keep their capacity), so the replay neither copies it nor allocates.
    swap(&buffered, &replaying)
    swap(&bufferedLevels, &replayingLevels)
    defer {
      replaying.removeAll(keepingCapacity: true)
      replayingLevels.removeAll(keepingCapacity: true)
    }
    for index in replaying.indices {
      let item = replaying[index]
      let outcome = delta(item.update, replayingLevels[item.start..<(item.start + item.count)], book: &book)
      if outcome.fault != nil || outcome.action != .none {
        // The bridge broke: the deltas after the one that broke it start the next buffer.
        for later in replaying[(index + 1)...] {
          buffer(later.update, replayingLevels[later.start..<(later.start + later.count)])
        }
        return outcome
      }
    }
    return .applied
  }

  /// Where a bridge must start for a snapshot at `l`: spot's first kept delta covers `L+1`,
  /// USDⓈ-M's covers `L`.
  private static func bridgeStart(_ bridge: Bridge, _ l: UInt64) -> UInt64 {
    bridge == .consecutive ? (l == .max ? l : l + 1) : l
  }

  /// Whether a USDⓈ-M delta links straight to a snapshot at `l` (`pu == L`): the snapshot was
  /// taken right at the end of the update before it, so no update covers `L` (spot's `U == L+1`,
  /// in USDⓈ-M's irregular ids; a client that fetches as soon as it connects meets it).
  private static func follows(_ bridge: Bridge, _ update: BookUpdate, _ l: UInt64) -> Bool {
    bridge == .previousLinked && update.previous == l
  }

  private mutating func delta(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  ) -> SyncOutcome {
    guard let first = update.first, let last = update.last, first <= last else {
      return fail(
        .sequenceGap(expected: lastUpdateID ?? 0, got: update.first ?? 0), checked: false, book: &book)
    }
    switch phase {
    case .awaitingSnapshot:
      buffer(update, levels)
      return SyncOutcome()
    case .bridging(let l):
      let held = bridge == .consecutive ? last <= l : last < l
      if held {
        dropped += 1
        return .dropped
      }
      let start = Self.bridgeStart(bridge, l)
      guard first <= start && start <= last || Self.follows(bridge, update, l) else {
        return fail(
          .bridgeMiss(snapshot: l, first: first, last: last), checked: false, book: &book,
          keep: (update, levels))
      }
      firstBridged = (first, last)
    case .following(let previous):
      switch bridge {
      case .consecutive:
        guard previous < .max, first == previous + 1 else {
          return fail(
            .sequenceGap(expected: previous &+ 1, got: first), checked: false, book: &book,
            keep: (update, levels))
        }
      case .previousLinked:
        guard let pu = update.previous, pu == previous else {
          return fail(
            .sequenceGap(expected: previous, got: update.previous ?? 0), checked: false, book: &book,
            keep: (update, levels))
        }
      }
    }
    if let fault = book.apply(levels, missing: .ignore) {
      return fail(fault, checked: false, book: &book)
    }
    phase = .following(last)
    appliedSinceSnapshot += 1
    books.applied(at: update.receivedAt)
    return verdict(cross.bookApplied(BBOCrossCheck.Top(id: last, book: book)), book: &book, applied: true)
  }

  private mutating func verdict(
    _ v: BBOCrossCheck.Verdict, book: inout PriceBook, applied: Bool = false
  ) -> SyncOutcome {
    switch v {
    case .unmatched: return applied ? .applied : SyncOutcome()
    case .agrees:
      books.passed()
      return applied ? .applied : SyncOutcome()
    case .differs(let id): return fail(.bboMismatch(updateID: id), checked: true, book: &book)
    }
  }

  /// Drops the book and asks for a new snapshot; `keep` is a delta newer than anything held,
  /// the first of the new buffer.
  private mutating func fail(
    _ fault: BookSyncFault, checked: Bool, book: inout PriceBook,
    keep: (BookUpdate, ArraySlice<LevelChange>)? = nil
  ) -> SyncOutcome {
    restart(book: &book)
    if let (update, levels) = keep { buffer(update, levels) }
    return books.resync(fault, action: .fetchSnapshot, checked: checked)
  }
}
