/// Where in the config file something is: 1-based line and column.
public struct SourcePosition: Sendable, Hashable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// A config file that cannot be used: where, and what was expected there.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var position: SourcePosition
  public var message: String

  public init(file: String, position: SourcePosition, message: String) {
    self.file = file
    self.position = position
    self.message = message
  }

  /// `config.toml:3:9: fps must be an integer from 1 to 120, not "fast"`.
  public var description: String { "\(file):\(position.line):\(position.column): \(message)" }
}

/// Something in the config that was ignored (an unknown key): a warning, not a failure.
public struct ConfigWarning: Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var position: SourcePosition
  public var message: String

  public var description: String { "\(file):\(position.line):\(position.column): warning: \(message)" }
}

/// The loader's answer: the settings with any warnings.
public struct LoadedConfig: Sendable {
  public var settings: Settings
  public var warnings: [ConfigWarning]
  /// Keys the `[keys]` table gives two commands (both named).
  public var keyConflicts: [String]

  public init(settings: Settings, warnings: [ConfigWarning], keyConflicts: [String]) {
    self.settings = settings
    self.warnings = warnings
    self.keyConflicts = keyConflicts
  }
}
