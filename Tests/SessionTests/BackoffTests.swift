import TestSupport
import Testing

@testable import Session

/// A generator that always returns the same bits: `1 << 63` makes every jitter fraction exactly
/// 0.5, so delays are predictable (half the window).
struct FixedRandom: RandomNumberGenerator, Sendable {
  var bits: UInt64 = 1 << 63
  mutating func next() -> UInt64 { bits }
}

@Suite struct BackoffTests {
  @Test(arguments: [
    (-1, 0.5), (0, 0.5), (1, 1.0), (2, 2.0), (5, 16.0), (6, 30.0), (7, 30.0), (100, 30.0), (Int.max, 30.0),
  ])
  func ceilingDoublesFromHalfASecondUpToTheCap(retry: Int, expected: Double) {
    #expect(Backoff().ceiling(retry: retry) == expected)
  }

  @Test func defaultsAreTheHouseNumbers() {
    #expect(Backoff() == Backoff(base: 0.5, cap: 30))
    #expect(FeedConfig().backoff == Backoff(base: 0.5, cap: 30))
  }

  @Test(arguments: [0, 1, 2, 3, 7, 42, 0xDEAD_BEEF] as [UInt64])
  func seededDelaysStayInsideTheWindowAndVary(seed: UInt64) {
    var random = SimRandom(seed: seed)
    let backoff = Backoff()
    var delays: Set<Double> = []
    for retry in 0..<20 {
      for _ in 0..<50 {
        let delay = backoff.delay(retry: retry, using: &random)
        #expect(delay >= 0)
        #expect(delay < min(30, 0.5 * Double(1 << retry)))
        delays.insert(delay)
      }
    }
    // Full jitter: 1,000 draws are not a handful of fixed values.
    #expect(delays.count > 900)
  }

  @Test(arguments: [
    (UInt64(0), 0, 0.0), (1 << 63, 0, 0.25), (1 << 63, 3, 2.0), (1 << 63, 10, 15.0), (1 << 62, 1, 0.25),
  ])
  func jitterIsTheFractionOfTheWindow(bits: UInt64, retry: Int, expected: Double) {
    var random = FixedRandom(bits: bits)
    #expect(Backoff().delay(retry: retry, using: &random) == expected)
  }

  @Test func theLargestDrawStaysBelowTheCeiling() {
    var random = FixedRandom(bits: .max)
    let delay = Backoff().delay(retry: 20, using: &random)
    #expect(delay < 30)
    #expect(delay > 29.999_999)
  }

  @Test func unitFractionCoversZeroToOneExclusive() {
    #expect(Backoff.unitFraction(0) == 0)
    #expect(Backoff.unitFraction(1 << 63) == 0.5)
    #expect(Backoff.unitFraction(.max) < 1)
    #expect(Backoff.unitFraction(.max) == 1 - 0x1p-53)
  }

  @Test func aZeroBaseNeverWaits() {
    var random = SimRandom(seed: 9)
    #expect(Backoff(base: 0, cap: 30).ceiling(retry: 80) == 0)
    #expect(Backoff(base: 0, cap: 30).delay(retry: 80, using: &random) == 0)
  }
}
