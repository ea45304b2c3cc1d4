/// The rule of venues whose snapshot comes in-band and whose deltas are linked by sequence
/// numbers: a snapshot replaces the book, a delta must link to the last message applied, and a
/// break resubscribes for a fresh snapshot. Levels are absolute sizes; a delete of a level not
/// held is a no-op (Coinbase deletes levels it never sent: 52 in 25 s of real frames).
public struct SequenceLinkSync: BookSyncPolicy {
  /// How a delta links to the one before.
  public enum Link: Sendable, Hashable {
    /// Bybit v5: `u` grows by exactly one per message of a topic (`first == last == u`); a
    /// message with `u == 1` is a service restart, taken as a new snapshot; any later snapshot
    /// replaces the book.
    case increment
    /// OKX v5: a delta's `previous` (prevSeqId) equals the last message's `last` (seqId). A
    /// keep-alive has `last == previous` and no levels; after maintenance `last < previous`
    /// while `previous` still links: neither is a gap.
    case previous
    /// Coinbase Advanced Trade: no per-book sequence (its `sequence_num` counts every message of
    /// the connection); the adapter checks the connection's counter and calls `connectionGap`.
    case connection
  }

  public private(set) var books = SyncBookkeeping()
  public let link: Link
  /// The most levels a side may hold, when the venue never sends more (Bybit deletes at its
  /// depth's edge itself).
  public var depthLimit: Int?
  /// The sequence of the last message applied.
  public private(set) var lastSequence: UInt64?

  public init(link: Link, depthLimit: Int? = nil) {
    self.link = link
    self.depthLimit = depthLimit
  }

  public mutating func subscribed(book: inout PriceBook) -> SyncAction {
    books.subscribedAgain()
    lastSequence = nil
    return .none
  }

  /// The connection's own counter skipped (Coinbase): the book may have missed a message, so it
  /// is no longer live and a fresh snapshot is asked for.
  public mutating func connectionGap(expected: UInt64, got: UInt64) -> SyncOutcome {
    books.resync(.sequenceGap(expected: expected, got: got), action: .resubscribe, checked: true)
  }

  /// The connection's counter followed on (Coinbase): one link checked.
  public mutating func connectionLinked() {
    if books.state == .live { books.passed() }
  }

  public mutating func receive(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  ) -> SyncOutcome {
    let restart = link == .increment && update.last == 1
    if update.kind == .snapshot || restart {
      if let fault = book.replace(with: levels) ?? book.depthFault(limit: depthLimit) {
        book.removeAll()
        return books.resync(fault, action: .resubscribe, checked: false)
      }
      lastSequence = update.last
      books.state = .live
      books.applied(at: update.receivedAt)
      return .applied
    }
    guard books.state == .live else { return .dropped }
    switch link {
    case .increment:
      guard let last = update.last, let held = lastSequence else { return unlinked() }
      let (next, overflow) = held.addingReportingOverflow(1)
      guard !overflow, last == next else { return gap(expected: next, got: last) }
    case .previous:
      guard let previous = update.previous, let held = lastSequence else { return unlinked() }
      guard previous == held else { return gap(expected: held, got: previous) }
      if update.last == update.previous, levels.isEmpty {
        books.passed()
        return .dropped  // a keep-alive: linked, nothing to apply
      }
    case .connection:
      break
    }
    if let fault = book.apply(levels, missing: .ignore, depthLimit: depthLimit) {
      return books.resync(fault, action: .resubscribe, checked: false)
    }
    if link != .connection { books.passed() }
    lastSequence = update.last ?? lastSequence
    books.applied(at: update.receivedAt)
    return .applied
  }

  private mutating func gap(expected: UInt64, got: UInt64) -> SyncOutcome {
    books.resync(.sequenceGap(expected: expected, got: got), action: .resubscribe, checked: true)
  }

  /// A message (or the snapshot before it) without the sequence the rule links by.
  private mutating func unlinked() -> SyncOutcome {
    books.resync(.noSequence, action: .resubscribe, checked: true)
  }
}
