import ExchangeSim
import Feed
import Foundation
import Session

/// Fast settings for the integration tests: the connection behaviour of design.md with every
/// timing shrunk, and a small, lively simulated market.
enum Integration {
  /// The feed's timings, shrunk: a heartbeat after 0.3 s of silence, reconnects within a
  /// fifth of a second.
  static func feedConfig() -> FeedConfig {
    var config = FeedConfig()
    config.heartbeatIdle = 0.3
    config.pongTimeout = 0.3
    config.connectTimeout = 5
    config.backoffBase = 0.05
    config.backoffCap = 0.2
    config.partialTimeout = 5
    return config
  }

  /// A quick market: partials after 50 ms, 100 book changes a second, a short warm-up.
  static func simConfig(seed: UInt64, levels: Int = 200, partialDelay: Double = 0.05) -> SimConfig {
    SimConfig(
      seed: seed, levels: levels, bookRate: 100, tradeRate: 10, instrumentInterval: 0.2,
      partialDelay: partialDelay, warmUpTicks: 200)
  }

  /// Starts a simulator with `config`, runs `body`, and stops it.
  static func withSim<T>(_ config: SimConfig, _ body: (ExchangeSim) throws -> T) throws -> T {
    let sim = ExchangeSim(config)
    try sim.start()
    defer { sim.stop() }
    return try body(sim)
  }
}
