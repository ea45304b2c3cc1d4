import Feed

/// When a simulator counter (connection attempts) went up, sampled by the driver on every drain:
/// the simulator counts what it sees but does not time it. Good to the drain period (~33 ms).
struct AttemptTimeline {
  private(set) var times: [MonotonicTime] = []
  private var last = 0

  /// Notes the counter's value now; each increase since the last sample is stamped now.
  mutating func sample(_ value: Int) {
    guard value > last else { return }
    let now = MonotonicTime.now()
    times += Array(repeating: now, count: value - last)
    last = value
  }

  /// The most increases within any `window` seconds.
  func maxIn(window: Double) -> Int {
    var best = 0
    var start = 0
    for end in times.indices {
      while times[end] - times[start] >= window { start += 1 }
      best = max(best, end - start + 1)
    }
    return best
  }

  /// The shortest time between two increases, if there were two.
  var minGap: Double? {
    zip(times, times.dropFirst()).map { $1 - $0 }.min()
  }
}

/// A small seeded generator (SplitMix64) for fault schedules: the same seed, the same drops.
struct FaultSchedule {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next value in `range`, uniformly.
  mutating func next(in range: ClosedRange<Double>) -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return range.lowerBound + Double(z >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
  }
}
