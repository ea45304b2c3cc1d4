import Testing

@testable import Session

@Suite struct ConnectAttemptLimiterTests {
  /// 60 attempts one second apart, at 0…59.
  private func fullHour() -> ConnectAttemptLimiter {
    var limiter = ConnectAttemptLimiter()
    for second in 0..<60 {
      let now = MonotonicTime(seconds: Double(second))
      #expect(limiter.allows(at: now))
      limiter.record(now)
    }
    return limiter
  }

  @Test func sixtyAttemptsFitTheHour() {
    let limiter = fullHour()
    #expect(limiter.limit == 60)
    #expect(limiter.window == 3600)
    #expect(limiter.attemptCount(at: 59) == 60)
  }

  @Test func theSixtyFirstWaitsUntilTheOldestLeavesTheWindow() {
    let limiter = fullHour()
    #expect(!limiter.allows(at: 60))
    #expect(limiter.earliestAttempt(notBefore: 60) == 3600)
    #expect(!limiter.allows(at: 3599.999))
    #expect(limiter.allows(at: 3600))
    #expect(limiter.attemptCount(at: 3600) == 59)
    #expect(limiter.earliestAttempt(notBefore: 3600) == 3600)
    #expect(limiter.earliestAttempt(notBefore: 5000) == 5000)
  }

  @Test func fullUntilSaysWhenASpentBudgetHasRoom() {
    var limiter = ConnectAttemptLimiter(limit: 2, window: 10)
    #expect(limiter.fullUntil == nil)
    limiter.record(1)
    #expect(limiter.fullUntil == nil)
    limiter.record(4)
    #expect(limiter.fullUntil == 11)
    #expect(limiter.earliestAttempt(notBefore: 5) == limiter.fullUntil)
    limiter.record(11)
    #expect(limiter.fullUntil == 14)
    // Past the window the time is in the past: there is room, as `allows` says.
    #expect(limiter.allows(at: 30) && limiter.fullUntil! < 30)
  }

  @Test func slotsFreeOneByOne() {
    var limiter = fullHour()
    limiter.record(3600)
    #expect(!limiter.allows(at: 3600))
    #expect(limiter.earliestAttempt(notBefore: 3600) == 3601)
    #expect(limiter.attemptCount(at: 7199) == 1)
    #expect(limiter.attemptCount(at: 7200) == 0)
  }

  @Test(arguments: [
    (1, 10.0, [0.0], 0.0, 10.0),
    (1, 10.0, [0.0], 9.0, 10.0),
    (1, 10.0, [0.0], 10.0, 10.0),
    (2, 10.0, [0.0, 4.0], 5.0, 10.0),
    (2, 10.0, [0.0, 4.0], 12.0, 12.0),
    (3, 10.0, [0.0, 4.0], 5.0, 5.0),
    (2, 10.0, [0.0, 4.0, 11.0], 12.0, 14.0),
    (2, 10.0, [0.0, 4.0, 11.0], 20.0, 20.0),
  ])
  func earliestAttemptTable(
    limit: Int, window: Double, attempts: [Double], asked: Double, expected: Double
  ) {
    var limiter = ConnectAttemptLimiter(limit: limit, window: window)
    for time in attempts { limiter.record(MonotonicTime(seconds: time)) }
    #expect(
      limiter.earliestAttempt(notBefore: MonotonicTime(seconds: asked)) == MonotonicTime(seconds: expected))
  }
}
