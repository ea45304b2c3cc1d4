import Session

/// What `--once` does after each look at its feed, the same for BitMEX's run and every venue's:
/// go on waiting, print the snapshot, give up at the deadline, or fail with the feed's error.
/// Pure: the session's status and `now` in, a decision out; the runners only move frames.
public struct OnceWatch: Sendable {
  /// When the run gives up.
  public let deadline: MonotonicTime
  /// How long an unknown symbol waits for the REST check's close matches before it fails (nil:
  /// there is no check; it fails at once).
  public let unknownSymbolGrace: Double?
  /// When the feed first said the symbol is unknown.
  private var unknownSince: MonotonicTime?

  /// The longest the loop waits for the feed before it looks again.
  public static let poll = 0.25

  public init(now: MonotonicTime, timeout: Double, unknownSymbolGrace: Double? = nil) {
    deadline = now + timeout
    self.unknownSymbolGrace = unknownSymbolGrace
  }

  /// What to do next.
  public enum Decision: Sendable, Hashable {
    /// Nothing to end on yet: drain again.
    case wait
    /// What was asked for is there: print it and end.
    case snapshot
    /// The deadline passed with nothing worth printing: say where the run stood, exit 1.
    case gaveUp
    /// The feed failed for good: say why, exit `OnceWatch.exitStatus` of it.
    case failed(FeedFailure)
  }

  /// How long to wait for the feed at `now`: until the next look, or the deadline if sooner.
  public func waitLimit(now: MonotonicTime) -> Double { min(Self.poll, deadline - now) }

  /// At `now`, before a drain: at the deadline, the snapshot when what is there is `enough`
  /// (the book live and only an auxiliary table on its way: printed rather than nothing), else
  /// giving up; nil before it.
  public func atDeadline(now: MonotonicTime, enough: Bool) -> Decision? {
    guard now >= deadline else { return nil }
    return enough ? .snapshot : .gaveUp
  }

  /// After a drain: the session's `status`, and whether what was asked for is `ready` (the
  /// session live; a replay that waits for its end is never ready before it).
  public mutating func decide(_ status: FeedStatus?, ready: Bool, now: MonotonicTime) -> Decision {
    guard let status else { return .wait }
    switch status.state {
    case .error(let failure):
      guard failure.kind == .unknownSymbol, let grace = unknownSymbolGrace else { return .failed(failure) }
      let since = unknownSince ?? now
      unknownSince = since
      return now - since > grace ? .failed(failure) : .wait
    case .ended:
      return .snapshot
    case .live where ready:
      return .snapshot
    default:
      return .wait
    }
  }

  /// The exit status of a failed run: 2 for a symbol the venue does not know (a bad argument,
  /// as every bad argument is), else 1.
  public static func exitStatus(_ failure: FeedFailure) -> Int32 {
    failure.kind == .unknownSymbol ? 2 : 1
  }
}
