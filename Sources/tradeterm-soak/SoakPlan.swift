/// How long and how hard each soak scenario runs: the full-length plan of issue 6 (`make soak`)
/// or a quick one (`--quick`, a few minutes in all).
struct SoakPlan: Sendable {
  /// Length of the 100x-rate run, in seconds.
  var rateSeconds: Double
  /// Book messages per second in the rate run (BitMEX sends ~20: 100x is 2,000).
  var rate: Double
  /// RSS sampling period, seconds.
  var sampleEvery: Double
  /// Samples taken before this many seconds are warm-up: growth is measured from the first
  /// sample after it.
  var warmUp: Double
  /// A book==sim check (market paused a moment) this often in the rate run, seconds.
  var bookCheckEvery: Double
  /// Connections dropped (or closed by the client) in the descriptor-leak run.
  var reconnects: Int
  /// Length of the flapping network, seconds; the drops come every `flapInterval` seconds.
  var flapSeconds: Double
  var flapInterval: ClosedRange<Double>
  /// Length of the 429 spell, seconds, and its `Retry-After`.
  var rateLimitSeconds: Double
  var retryAfter: Int
  /// Length of the 503 spell, seconds.
  var maintenanceSeconds: Double
  /// Upgrades accepted on TCP and never answered, in a row (each costs a 10 s connect timeout).
  var ignoredUpgrades: Int
  /// Length of the garbage spell, seconds, and the time between frames.
  var garbageSeconds: Double
  var garbageEvery: Double
  /// Length of the unknown-level spell, seconds, and the delay after each partial.
  var unknownLevelSeconds: Double
  var unknownLevelAfter: Double
  /// Levels per side of the slow partial's book (10,000 is about 2 MB of the full book's partial), and
  /// its speed in bytes per second.
  var slowPartialLevels: Int
  var slowPartialBytesPerSecond: Int
  /// Messages in the burst.
  var burst: Int

  /// Issue 6 as written: 30 minutes at 100x, 1,000 reconnects, two minutes of flapping, five of
  /// 429, a 2 MB partial at 50 KB/s.
  static func full(minutes: Double) -> SoakPlan {
    SoakPlan(
      rateSeconds: minutes * 60, rate: 2_000, sampleEvery: 10, warmUp: min(120, minutes * 60 / 4),
      bookCheckEvery: 60, reconnects: 1_000, flapSeconds: 120, flapInterval: 3...10, rateLimitSeconds: 300,
      retryAfter: 5, maintenanceSeconds: 60, ignoredUpgrades: 3, garbageSeconds: 120, garbageEvery: 0.5,
      unknownLevelSeconds: 120, unknownLevelAfter: 3, slowPartialLevels: 10_000,
      slowPartialBytesPerSecond: 50_000, burst: 20_000)
  }

  /// Every scenario, shorter: a minute at 100x, 100 reconnects, the spells in seconds.
  static func quick(minutes: Double) -> SoakPlan {
    SoakPlan(
      rateSeconds: minutes * 60, rate: 2_000, sampleEvery: 5, warmUp: min(20, minutes * 60 / 3),
      bookCheckEvery: 20, reconnects: 100, flapSeconds: 20, flapInterval: 3...10, rateLimitSeconds: 20,
      retryAfter: 2, maintenanceSeconds: 10, ignoredUpgrades: 1, garbageSeconds: 10, garbageEvery: 0.5,
      unknownLevelSeconds: 12, unknownLevelAfter: 3, slowPartialLevels: 2_000,
      slowPartialBytesPerSecond: 50_000, burst: 20_000)
  }
}
