/// What one soak scenario measured and whether it passed.
struct ScenarioResult: Sendable {
  /// The scenario's name (as `--only` takes it).
  var name: String
  /// Seconds it ran.
  var seconds = 0.0
  /// Figures in order: what, value.
  var figures: [(String, String)] = []
  /// Why it failed, if it did.
  var failures: [String] = []

  init(name: String) {
    self.name = name
  }

  var passed: Bool { failures.isEmpty }

  /// Records `what` = `value`.
  mutating func figure(_ what: String, _ value: some CustomStringConvertible) {
    figures.append((what, value.description))
  }

  /// Records a failure unless `condition` holds.
  mutating func expect(_ condition: Bool, _ failure: @autoclosure () -> String) {
    if !condition { failures.append(failure()) }
  }
}
