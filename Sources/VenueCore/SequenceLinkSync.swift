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

  public internal(set) var books = SyncBookkeeping()
  public let link: Link
  /// The most levels a side may hold, when the venue never sends more (Bybit deletes at its
  /// depth's edge itself).
  public var depthLimit: Int?
  /// The sequence of the last message applied.
  public internal(set) var lastSequence: UInt64?
  /// OKX: deltas that come without the in-band snapshot are held and the REST book is fetched
  /// and bridged to them (`SequenceLinkSync+RESTBridge`); an in-band snapshot still replaces
  /// the book whenever it comes. Only with `link == .previous`.
  public var bridgesREST = false
  /// How long (local receive time) deltas may come without a snapshot before the REST book is
  /// asked for: a delta still in flight from before a resubscription is no sign that the
  /// in-band snapshot is absent.
  public var restAfterNanos: Int64 = 1_000_000_000
  /// The deltas held while no snapshot is (`bridgesREST`), linked to each other by `previous`.
  var held: [HeldDelta] = []
  var heldLevels: [LevelChange] = []
  /// Whether the REST book has been asked for and not yet come.
  var restAsked = false
  /// The most deltas held; past it the oldest cannot be kept, so holding starts again (and a
  /// REST book in flight will be too old).
  public var holdLimit = 20_000
  /// REST books refused because the held deltas start after them (what came in between is lost).
  public internal(set) var staleRESTSnapshots = 0
  /// Held deltas a REST book already held (older than it), left out of the bridge.
  public internal(set) var heldOlderThanREST = 0
  /// REST books bridged.
  public internal(set) var restBridges = 0

  public init(link: Link, depthLimit: Int? = nil, bridgesREST: Bool = false) {
    self.link = link
    self.depthLimit = depthLimit
    self.bridgesREST = bridgesREST && link == .previous
  }

  public mutating func subscribed(book: inout PriceBook) -> SyncAction {
    books.subscribedAgain()
    lastSequence = nil
    releaseHeld()
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
    if update.fromREST {
      // Only a bridge asks for one; one that comes after the in-band snapshot is old news.
      return bridgesREST && restAsked ? bridge(update, levels, book: &book) : .dropped
    }
    let restart = link == .increment && update.last == 1
    if update.kind == .snapshot || restart {
      // The in-band snapshot: whatever was held for a REST book is in it.
      releaseHeld()
      if let fault = book.replace(with: levels) ?? book.depthFault(limit: depthLimit) {
        book.removeAll()
        return books.resync(fault, action: .resubscribe, checked: false)
      }
      lastSequence = update.last
      books.state = .live
      books.applied(at: update.receivedAt)
      return .applied
    }
    guard books.state == .live else {
      return bridgesREST ? hold(update, levels) : .dropped
    }
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
