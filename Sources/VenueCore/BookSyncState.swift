/// Where a book's sync stands, as every policy reports it (the screen's LIVE / SYNCING / RESYNC).
public enum BookSyncState: Sendable, Hashable {
  /// No trustworthy book yet: waiting for the first snapshot (or bridging one).
  case waiting
  /// The book follows the venue.
  case live
  /// The book failed a check and a fresh one was asked for; what is held is not to be shown as
  /// live. The fault says why.
  case resyncing(BookSyncFault)

  public var isLive: Bool { self == .live }
}
