/// What a sync policy asks of the connection. The adapter turns it into the venue's wire
/// messages or REST requests.
public enum SyncAction: Sendable, Hashable {
  /// Nothing to do.
  case none
  /// Unsubscribe and subscribe the book again, for a fresh in-band snapshot.
  case resubscribe
  /// Fetch a REST snapshot (and keep buffering deltas meanwhile).
  case fetchSnapshot
}

/// What one message did to a book.
public struct SyncOutcome: Sendable, Hashable {
  /// The book changed.
  public var applied: Bool
  /// The message was not applied, by the rule (before a snapshot, older than it, a keep-alive).
  public var dropped: Bool
  /// The fault that made the policy resync, if any.
  public var fault: BookSyncFault?
  /// What the connection must do now.
  public var action: SyncAction

  public init(
    applied: Bool = false, dropped: Bool = false, fault: BookSyncFault? = nil, action: SyncAction = .none
  ) {
    self.applied = applied
    self.dropped = dropped
    self.fault = fault
    self.action = action
  }

  public static let applied = SyncOutcome(applied: true)
  public static let dropped = SyncOutcome(dropped: true)
}

/// The book's integrity counts, the same three for every venue (`--once --json`'s
/// `"integrity"`): checks made (checksums verified, sequence links followed, BBO cross-checks),
/// checks failed, and resyncs asked for.
public struct IntegrityCounts: Sendable, Hashable {
  public var checks = 0
  public var failures = 0
  public var resyncs = 0

  public init(checks: Int = 0, failures: Int = 0, resyncs: Int = 0) {
    self.checks = checks
    self.failures = failures
    self.resyncs = resyncs
  }
}
