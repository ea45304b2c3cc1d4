import ExchangeSim
import MarketModel

extension Tradeterm {
  /// The demo's simulated exchange: every venue's instruments, walls and liquidations, at the
  /// pace `--demo-rates` names (`SimRates`), and the faults `--demo-fault` names (in
  /// `tradeterm-sim --fault`'s words); a fault or a pace it cannot read is refused with what was
  /// expected.
  func demoConfig() throws -> SimConfig {
    var config = SimConfig()
    if let demoRates {
      guard let rates = SimRates.named(demoRates) else {
        throw fail("--demo-rates takes demo or real, not '\(TerminalText.sanitized(demoRates))'")
      }
      rates.apply(to: &config)
    }
    config.universe = SimUniverse.extras(for: config)
    config.activity = true
    for spec in demoFaults {
      do {
        try config.faults.apply(spec: spec)
      } catch {
        throw fail("--demo-fault: " + error.description.replacingOccurrences(of: "\n", with: " "))
      }
    }
    return config
  }

  /// `--demo-at HOST:PORT` names a simulator's address, and stands for `--demo` (its own
  /// simulator's options go with `--demo`), for the dashboard or `--across`.
  func validateDemoAt() throws {
    guard let demoAt else { return }
    guard SimAddress.parse(demoAt) != nil else {
      throw fail(
        "--demo-at takes HOST:PORT or PORT (a port from 1 to 65535), not '\(TerminalText.sanitized(demoAt))'")
    }
    let others: [(Bool, String)] = [
      (demo, "--demo"), (replay != nil, "--replay"), (wsURL != nil, "--ws-url"),
      (restURL != nil, "--rest-url"),
      (testnet, "--testnet"),
    ]
    if let (_, name) = others.first(where: \.0) { throw fail("choose one of --demo-at and \(name)") }
  }
}
