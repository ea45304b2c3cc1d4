/// A book sync rule as a pure state machine: a venue's book messages (and the book they drive)
/// in, what the connection must do out. One family per venue rule (see the design map):
/// `PartialSync` (BitMEX), `SequenceLinkSync` (Bybit, OKX, Coinbase), `SnapshotBridgeSync`
/// (Binance spot and USDⓈ-M), `ChecksumSync` (Kraken).
///
/// Time comes in with each message (`BookUpdate.receivedAt`); nothing is read inside.
public protocol BookSyncPolicy: Sendable {
  /// Where the policy stands, its counts and its age.
  var books: SyncBookkeeping { get }

  /// The connection subscribed (or subscribed again) to the book: whatever is held is no longer
  /// followed. Returns what the connection must do next (a REST bridge fetches a snapshot).
  mutating func subscribed(book: inout PriceBook) -> SyncAction

  /// One book message.
  mutating func receive(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  )
    -> SyncOutcome
}

extension BookSyncPolicy {
  public var state: BookSyncState { books.state }
  public var integrity: IntegrityCounts { books.integrity }
  /// When the book last changed (local monotonic nanoseconds), nil before the first snapshot.
  public var lastAppliedAt: Int64? { books.lastAppliedAt }
}

/// The state every policy keeps the same way: where it stands, its integrity counts, its age.
public struct SyncBookkeeping: Sendable, Hashable {
  public var state: BookSyncState = .waiting
  public var integrity = IntegrityCounts()
  public var lastAppliedAt: Int64?

  public init() {}

  /// A check was made and held.
  @inline(__always) mutating func passed() { integrity.checks += 1 }

  /// The book failed `fault`: it is no longer live, and `action` asks for a fresh one.
  /// `checked` says whether the fault is a failed check (counted as a check too).
  mutating func resync(_ fault: BookSyncFault, action: SyncAction, checked: Bool) -> SyncOutcome {
    if checked { integrity.checks += 1 }
    integrity.failures += 1
    integrity.resyncs += 1
    state = .resyncing(fault)
    return SyncOutcome(fault: fault, action: action)
  }

  /// The book was subscribed again: what it held is no longer followed (until a new snapshot).
  mutating func subscribedAgain() {
    if state == .live { state = .waiting }
  }

  /// The book changed at `now`.
  @inline(__always) mutating func applied(at now: Int64) {
    lastAppliedAt = now
  }
}
