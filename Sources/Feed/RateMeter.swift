import Session

/// Messages and bytes per second over the last few seconds, for the status line.
struct RateMeter {
  /// Per-second buckets of (messages, bytes), newest last.
  private var buckets: [(second: Int64, messages: Int, bytes: Int)] = []
  private var lastRefresh: Int64 = 0
  private let window = 3

  mutating func add(bytes: Int, now: MonotonicTime) {
    let second = now.nanoseconds / 1_000_000_000
    if let last = buckets.last, last.second == second {
      buckets[buckets.count - 1].messages += 1
      buckets[buckets.count - 1].bytes += bytes
    } else {
      buckets.append((second, 1, bytes))
      if buckets.count > window + 1 { buckets.removeFirst() }
    }
  }

  /// Full seconds only: the current, partial second would under-count.
  private func total(
    now: MonotonicTime, _ value: ((second: Int64, messages: Int, bytes: Int)) -> Int
  ) -> Double {
    let current = now.nanoseconds / 1_000_000_000
    let seconds = buckets.filter { $0.second < current && $0.second >= current - Int64(window) }
    return Double(seconds.reduce(0) { $0 + value($1) }) / Double(window)
  }

  func messagesPerSecond(now: MonotonicTime) -> Double { total(now: now) { $0.messages } }
  func bytesPerSecond(now: MonotonicTime) -> Double { total(now: now) { $0.bytes } }

  /// True once per second.
  mutating func shouldRefresh(now: MonotonicTime) -> Bool {
    let second = now.nanoseconds / 1_000_000_000
    guard second != lastRefresh else { return false }
    lastRefresh = second
    return true
  }
}
