import ExchangeSim

extension Tradeterm {
  /// The demo's simulated exchange: every venue's instruments, walls and liquidations, and the
  /// faults `--demo-fault` names (in `tradeterm-sim --fault`'s words); a fault it cannot read is
  /// refused with what was expected.
  func demoConfig() throws -> SimConfig {
    var config = SimConfig()
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
}
