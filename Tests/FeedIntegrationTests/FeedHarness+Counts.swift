import ExchangeSim
import Feed
import Foundation
import MarketModel

/// What the fault suite counts from the outside. `FeedStatus` carries no running totals, so the
/// harness derives them from what the UI side saw: every status, every decode error, every fault.
extension FeedHarness {
  /// Reconnect waits seen: the distinct `.reconnecting` spells among the statuses (each failure
  /// schedules its own `nextTryAt`). A lower bound of the failures: a wait shorter than one drain
  /// can go unseen; the simulator's counters have the exact numbers.
  var reconnectsSeen: Int {
    var seen = Set<MonotonicTime>()
    for status in statuses {
      if case .reconnecting(_, let next, _, _) = status.state { seen.insert(next) }
    }
    return seen.count
  }

  /// The reconnect waits seen of one kind (`.rateLimited`, `.hourlyLimit`, …), first status of each.
  func reconnectWaits(_ wait: ConnectionState.Wait) -> [FeedStatus] {
    var seen = Set<MonotonicTime>()
    return statuses.filter { status in
      guard case .reconnecting(_, let next, _, let w) = status.state, w == wait else { return false }
      return seen.insert(next).inserted
    }
  }

  /// Resyncs the UI asked for (one per integrity fault).
  var resyncs: Int { resyncsPosted.count }

  /// Frames the feed skipped as undecodable.
  var skippedFrames: Int { decodeErrors }

  /// Drains and applies for `seconds`, whatever happens.
  func run(for seconds: Double) {
    let deadline = MonotonicTime.now() + seconds
    while true {
      let left = deadline - MonotonicTime.now()
      if left <= 0 { return }
      pump(wait: min(left, 0.02))
    }
  }
}

/// A small seeded generator (SplitMix64) for the fault schedules: the same seed gives the same
/// drops at the same offsets.
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
    let unit = Double(z >> 11) / Double(1 << 53)
    return range.lowerBound + unit * (range.upperBound - range.lowerBound)
  }
}

/// Samples a simulator counter over time, so a test can check a rate over any sliding window
/// (the simulator counts, but does not time, what it sees).
struct CounterTimeline {
  private(set) var times: [MonotonicTime] = []
  private var last = 0

  /// Notes the counter's value now; each increase since the last sample is stamped now.
  mutating func sample(_ value: Int) {
    let now = MonotonicTime.now()
    if value > last {
      times += Array(repeating: now, count: value - last)
      last = value
    }
  }

  /// The most events stamped within any `window` seconds.
  func maxIn(window: Double) -> Int {
    var best = 0
    var start = 0
    for end in times.indices {
      while times[end] - times[start] >= window { start += 1 }
      best = max(best, end - start + 1)
    }
    return best
  }
}
