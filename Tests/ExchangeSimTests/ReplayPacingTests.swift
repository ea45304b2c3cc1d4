import NIOCore
import Seeding
import Testing

@testable import ExchangeSim

/// When replayed frames are due, for any offset and speed a file and a command line can give.
@Suite struct ReplayPacingTests {
  /// (offset s, speed, nanoseconds after the start; nil: not paced)
  static let cases: [(Double, Double, Int64?)] = [
    (0, 1, 0), (1.5, 1, 1_500_000_000), (1.5, 2, 750_000_000), (10, 0.5, 20_000_000_000),
    (1, 0, nil), (1, -1, nil), (1, .nan, nil), (1, -.infinity, nil),
    // Huge gaps and tiny speeds: due "never", not a trap.
    (1e300, 1, .max), (.infinity, 1, .max), (1, 1e-12, .max), (1, 0.001, 1_000_000_000_000),
    (1e3, 1e-12, .max),
    (9.3e9, 1, .max), (9.2e9, 1, 9_200_000_000_000_000_000), (1, .leastNonzeroMagnitude, .max),
    // No number, or before the start: at once.
    (.nan, 1, 0), (-1, 1, 0), (-.infinity, 1, 0), (-0.0, 1, 0), (1, .infinity, 0),
    (.leastNonzeroMagnitude, 1, 0),
  ]

  @Test(arguments: cases)
  func due(offset: Double, speed: Double, expected: Int64?) {
    #expect(ReplayPacing.nanoseconds(offset: offset, speed: speed) == expected)
  }

  @Test func laterOffsetsAreNeverDueSooner() {
    var random = SimRandom(seed: 1)
    let specials: [Double] = [0, 1e-300, 1, 1e9, 9.3e9, 1e300, .infinity]
    for _ in 0..<2_000 {
      let pick = { (r: inout SimRandom) -> Double in
        r.below(3) == 0 ? specials[r.below(specials.count)] : Double(bitPattern: r.next()).magnitude
      }
      var (a, b) = (pick(&random), pick(&random))
      guard !a.isNaN, !b.isNaN else { continue }
      if a > b { swap(&a, &b) }
      let speed = pick(&random)
      guard let first = ReplayPacing.nanoseconds(offset: a, speed: speed),
        let second = ReplayPacing.nanoseconds(offset: b, speed: speed)
      else { continue }
      #expect(first <= second, "seed 1: offsets \(a) ≤ \(b) at speed \(speed)")
    }
  }

  /// (seconds, nanoseconds): the simulator's timers (fault delays, the partial delay).
  static let intervals: [(Double, Int64)] = [
    (0, 0), (0.2, 200_000_000), (-1, 0), (.nan, 0), (.infinity, .max), (1e300, .max), (9.3e9, .max),
    (-.infinity, 0),
  ]

  @Test(arguments: intervals)
  func interval(seconds: Double, nanoseconds: Int64) {
    #expect(TimeAmount.interval(seconds).nanoseconds == nanoseconds)
  }
}
