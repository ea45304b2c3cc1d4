import Config
import MarketModel
import Trading

/// `--positions FILE`: the `[[positions]]` tables of a TOML file (`symbol`, `quantity` in the
/// instrument's units, negative for a short, `entry` price), read by the config's own loader (so
/// the config file itself can be given, and a mistake says file:line:column). In a file given for
/// its positions an unknown key is an error, not a warning: a typo there would value the wrong
/// portfolio.
enum PositionsFile {
  static func parse(_ text: String, file: String) -> Result<[HeldPosition], PositionsFileError> {
    switch ConfigLoader.load(text, file: file) {
    case .failure(let error): return .failure(PositionsFileError(error.description))
    case .success(let loaded):
      if let w = loaded.warnings.first {
        let words = w.message.replacing(", ignored", with: "")
        return .failure(PositionsFileError("\(w.file):\(w.position.line):\(w.position.column): \(words)"))
      }
      return .success(loaded.settings.positions)
    }
  }

  /// `--demo`'s portfolio on the simulated universe: an inverse long, a quanto short, a linear
  /// USDT long and a linear short, entered near the simulator's opening prices.
  static let demo: [HeldPosition] = [
    HeldPosition(symbol: "XBTUSD", quantity: 25_000, entry: 97_500),
    HeldPosition(symbol: "ETHUSD", quantity: -300, entry: 3_520),
    HeldPosition(symbol: "XBTUSDT", quantity: 0.25, entry: 97_000),
    HeldPosition(symbol: "SOLUSDT", quantity: -40, entry: 152),
  ]

  /// Reads and parses `path` (read as the config file is: a regular file of at most 1 MB of
  /// UTF-8, and the reason when it is not).
  static func load(_ path: String) -> Result<[HeldPosition], PositionsFileError> {
    switch ConfigFile.read(path) {
    case .failure(let problem): return .failure(PositionsFileError(problem.message))
    case .success(nil): return .failure(PositionsFileError("\(path): no such file"))
    case .success(let text?): return parse(text, file: path)
    }
  }
}

struct PositionsFileError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
