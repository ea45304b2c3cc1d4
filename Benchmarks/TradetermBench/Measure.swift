import CMallocCounter

#if canImport(Glibc)
import Glibc
#endif

/// Timing and allocation counting for the benchmarks.
enum Measure {
  /// Monotonic nanoseconds.
  @inline(__always) static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// CPU time of the calling thread in nanoseconds: unlike `now()`, it does not count time the
  /// thread spent waiting for a core (on a loaded machine, most of a wall-clock p99).
  @inline(__always) static func threadCPU() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// Heap allocations so far in the process (every thread).
  @inline(__always) static func allocations() -> UInt64 { malloc_counter_allocations() }

  /// Runs `body` `runs` times and returns each run's duration in nanoseconds, sorted.
  static func durations(runs: Int, _ body: () -> Void) -> [UInt64] {
    var out: [UInt64] = []
    out.reserveCapacity(runs)
    for _ in 0..<runs {
      let t0 = now()
      body()
      out.append(now() - t0)
    }
    return out.sorted()
  }

  static func median(_ sorted: [UInt64]) -> UInt64 { sorted[sorted.count / 2] }

  /// The middle of `values`, in any order (the mean of the two middle ones for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  static func percentile(_ sorted: [UInt64], _ p: Double) -> UInt64 {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { _ = $0 }
}
