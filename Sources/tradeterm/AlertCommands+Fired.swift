import App
import Commands

extension AlertCommands {
  /// Starts `fired.rule.run` with `{symbol}`, `{price}` and `{alert}` replaced; the reason when
  /// it was not started.
  mutating func start(_ fired: FiredAlert, now: Double) -> String? {
    let argv = fired.rule.run.map {
      $0.replacing("{symbol}", with: fired.rule.symbol.description)
        .replacing("{price}", with: AlertRule.number(fired.value)).replacing("{alert}", with: fired.message)
    }
    return start(argv, now: now)
  }
}
