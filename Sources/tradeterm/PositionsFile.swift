import Config
import ExchangeSim
import MarketModel
import Trading

/// `--positions FILE`: the `[[positions]]` tables of a TOML file (`symbol`, `quantity` in the
/// instrument's units, negative for a short, `entry` price), read by the config's own loader (so
/// the config file itself can be given, and a mistake says file:line:column). In a file given for
/// its positions an unknown key is an error, not a warning: a typo there would value the wrong
/// portfolio.
enum PositionsFile {
  static func parse(_ text: String, file: String) -> Result<[HeldPosition], PositionsFileError> {
    switch ConfigLoader.load(text, file: file, venues: Venues.names) {
    case .failure(let error): return .failure(PositionsFileError(error.description))
    case .success(let loaded):
      if let w = loaded.warnings.first {
        let words = w.message.replacing(", ignored", with: "")
        return .failure(PositionsFileError("\(w.file):\(w.position.line):\(w.position.column): \(words)"))
      }
      return .success(loaded.settings.positions)
    }
  }

  /// `--demo`'s portfolio: the simulator's (`SimPosition.demo`), which owns what the demo shows.
  static var demo: [HeldPosition] {
    SimPosition.demo.map { HeldPosition(symbol: $0.symbol, quantity: $0.quantity, entry: $0.entry) }
  }

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
