/// Binance's REST weight limit for one market, as a pure state machine (`now` is a parameter):
/// each request adds its weight to the current minute's; past the limit the request gets 429
/// with `Retry-After` (the seconds left in the minute); a request before that time is up gets
/// 418, an IP ban with its own `Retry-After`, and so does every request until the ban ends.
/// Each ban lasts twice the one before, from `banSeconds` up to three days.
struct BinanceRateLimiter: Sendable, Hashable {
  /// What to answer.
  enum Verdict: Sendable, Hashable {
    /// Serve it; `used` is the minute's weight so far (`X-MBX-USED-WEIGHT-1M`).
    case allowed(used: Int)
    /// 429: too much weight this minute; retry after `retryAfter` seconds.
    case limited(retryAfter: Int, used: Int)
    /// 418: banned until `untilMs`, `retryAfter` seconds from now.
    case banned(retryAfter: Int, untilMs: Int64)
  }

  /// The longest ban.
  static let longestBan = 3 * 86_400

  private var minuteStartMs: Int64 = .min
  private(set) var used = 0
  /// After a 429: a request before this time is banned.
  private var limitedUntilMs: Int64?
  private var bannedUntilMs: Int64?
  private(set) var bans = 0

  /// Seconds from `now` to `until`, rounded up, at least 1.
  private static func seconds(from now: Int64, to until: Int64) -> Int {
    max(1, Int((until - now + 999) / 1_000))
  }

  /// Counts a request of `weight` at `now` against `limit` a window of `windowMs` (a minute).
  mutating func request(
    weight: Int, limit: Int, banSeconds: Int, windowMs: Int64 = 60_000, nowMs now: Int64
  )
    -> Verdict
  {
    if let until = bannedUntilMs {
      if now < until { return .banned(retryAfter: Self.seconds(from: now, to: until), untilMs: until) }
      bannedUntilMs = nil
    }
    if let until = limitedUntilMs, now < until {
      // Kept going after a 429.
      limitedUntilMs = nil
      bans += 1
      let ban = min(max(1, banSeconds) << min(bans - 1, 20), Self.longestBan)
      let end = now + Int64(ban) * 1_000
      bannedUntilMs = end
      return .banned(retryAfter: ban, untilMs: end)
    }
    limitedUntilMs = nil
    let window = max(1_000, windowMs)
    let minute = now - ((now % window) + window) % window
    if minute != minuteStartMs {
      minuteStartMs = minute
      used = 0
    }
    used += max(0, weight)
    guard used > limit else { return .allowed(used: used) }
    let end = minute + window
    limitedUntilMs = end
    return .limited(retryAfter: Self.seconds(from: now, to: end), used: used)
  }
}
