/// A chosen instrument's state as the venue strip shows it.
public enum VenueState: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The book follows the venue and is within its stale limit.
  case live
  /// Waiting for a first snapshot, or resyncing after a failed check.
  case syncing
  /// The book follows the venue but nothing has been heard for longer than its stale limit.
  case stale
  /// The connection carrying the book is down.
  case down

  /// `LIVE`, `SYNCING`, `STALE`, `DOWN`.
  public var description: String {
    switch self {
    case .live: "LIVE"
    case .syncing: "SYNCING"
    case .stale: "STALE"
    case .down: "DOWN"
    }
  }
}
