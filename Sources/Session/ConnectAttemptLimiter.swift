/// A budget of connections per rolling window: at most `limit` in any `window` seconds (BitMEX
/// allows 60 WebSocket connections per hour and answers more with HTTP 429).
///
/// `ConnectionMachine` records what BitMEX counts: WebSocket upgrades that succeeded. A TCP
/// connect that failed never reached the exchange, and a refused upgrade opened nothing, so
/// neither spends the budget (their pace is the backoff's and the server's `Retry-After`).
///
/// An attempt made at `t` counts against the budget for times in `[t, t + window)`; it no longer
/// counts from `t + window` on.
public struct ConnectAttemptLimiter: Sendable, Hashable {
  /// Attempts allowed per window.
  public let limit: Int
  /// The window's length in seconds.
  public let window: Double
  /// Recorded attempts that may still count, oldest first.
  private var attempts: [MonotonicTime] = []

  /// A limiter allowing `limit` (at least 1) attempts per `window` seconds.
  public init(limit: Int = 60, window: Double = 3600) {
    precondition(limit > 0, "a connection budget needs room for at least one attempt")
    self.limit = limit
    self.window = window
  }

  /// How many recorded attempts count against the budget at `time`.
  public func attemptCount(at time: MonotonicTime) -> Int {
    attempts.count - firstCounting(at: time)
  }

  /// The earliest time, at or after `time`, when one more attempt fits the budget.
  public func earliestAttempt(notBefore time: MonotonicTime) -> MonotonicTime {
    if attemptCount(at: time) < limit { return time }
    // The attempt `limit` places from the newest must leave the window before a new one fits.
    return max(time, attempts[attempts.count - limit] + window)
  }

  /// When the budget, spent by the attempts recorded so far, has room again: the time the
  /// oldest of the last `limit` attempts leaves the window. Nil while fewer than `limit` are
  /// recorded. A time already past means there is room (attempts are forgotten only when a new
  /// one is recorded).
  public var fullUntil: MonotonicTime? {
    attempts.count >= limit ? attempts[attempts.count - limit] + window : nil
  }

  /// Whether an attempt at `time` fits the budget.
  public func allows(at time: MonotonicTime) -> Bool {
    attemptCount(at: time) < limit
  }

  /// Records an attempt made at `time` (times come from a monotonic clock, so they never go back)
  /// and forgets attempts that can no longer count.
  public mutating func record(_ time: MonotonicTime) {
    attempts.removeFirst(firstCounting(at: time))
    attempts.append(time)
  }

  /// The index of the oldest recorded attempt that still counts at `time`.
  private func firstCounting(at time: MonotonicTime) -> Int {
    attempts.firstIndex { $0 + window > time } ?? attempts.count
  }
}
