import Testing

@testable import ExchangeSim

/// Binance's REST weight limit as a state machine, on a clock the test holds.
@Suite struct BinanceRateLimiterTests {
  @Test func aClientThatKeepsGoingAfter429IsBannedAndLetGoAfter() {
    var limiter = BinanceRateLimiter()
    // 10 s into a minute.
    let t0: Int64 = 1_699_999_990_000
    func ask(_ weight: Int, at t: Int64) -> BinanceRateLimiter.Verdict {
      limiter.request(weight: weight, limit: 60, banSeconds: 120, nowMs: t)
    }
    #expect(ask(50, at: t0) == .allowed(used: 50))
    #expect(ask(50, at: t0 + 1) == .limited(retryAfter: 50, used: 100))
    #expect(ask(1, at: t0 + 2) == .banned(retryAfter: 120, untilMs: t0 + 120_002))
    #expect(ask(1, at: t0 + 60_002) == .banned(retryAfter: 60, untilMs: t0 + 120_002))
    // The ban over, a new minute; the next ban lasts twice as long.
    #expect(ask(70, at: t0 + 120_002) == .limited(retryAfter: 50, used: 70))
    #expect(ask(1, at: t0 + 120_003) == .banned(retryAfter: 240, untilMs: t0 + 360_003))
    #expect(limiter.bans == 2)
  }

  /// A client that waits out the 429's Retry-After is served again, unbanned.
  @Test func waitingOutRetryAfterIsNoOffence() {
    var limiter = BinanceRateLimiter()
    let t0: Int64 = 1_699_999_990_000
    #expect(
      limiter.request(weight: 70, limit: 60, banSeconds: 120, nowMs: t0) == .limited(retryAfter: 50, used: 70)
    )
    #expect(limiter.request(weight: 5, limit: 60, banSeconds: 120, nowMs: t0 + 50_000) == .allowed(used: 5))
    #expect(limiter.bans == 0)
  }
}
