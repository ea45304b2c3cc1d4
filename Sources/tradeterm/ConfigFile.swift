import App
import Config
import Files

#if canImport(Glibc)
import Glibc
#endif

/// The config file on disk: where it is, and reading it (the loading itself is pure:
/// `ConfigLoader`).
enum ConfigFile {
  /// `$XDG_CONFIG_HOME/tradeterm/config.toml`, else `~/.config/tradeterm/config.toml`; nil
  /// when neither variable is set.
  static func standardPath() -> String? { Files.configPath("config.toml") }

  /// `~/x` as `$HOME/x` (the config's paths; the shell expands the command line's).
  static func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = Files.env("HOME") else { return path }
    return home + path.dropFirst()
  }

  /// The file's text; nil when it does not exist; an error for anything else (a directory, no
  /// permission, not UTF-8).
  static func read(_ path: String) -> Result<String?, Problem> {
    var info = stat()
    if stat(path, &info) != 0 {
      if errno == ENOENT { return .success(nil) }
      return .failure(Problem("\(path): \(String(cString: strerror(errno)))"))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Problem("\(path): not a regular file")) }
    guard info.st_size <= 1 << 20 else {
      return .failure(Problem("\(path): larger than 1 MB, not a config file"))
    }
    guard let bytes = Files.readAll(path) else {
      return .failure(Problem("\(path): \(String(cString: strerror(errno)))"))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(Problem("\(path): not UTF-8 text"))
    }
    return .success(text)
  }

  /// The settings from `explicit` (`--config`, which must exist) or the standard file (which may
  /// not): the path used (nil for none), and the loaded config, or one line saying what is wrong.
  static func load(explicit: String?) -> Result<(path: String?, config: LoadedConfig), Problem> {
    loadFile(explicit: explicit).map { found in
      // Each venue's default instrument is its registration's: the config file cannot set it.
      var config = found.config
      config.settings.venueDefaults = Venues.defaultSymbols
      config.settings.venueNames = Venues.directory.mapValues(\.displayName)
      return (found.path, config)
    }
  }

  /// `load` without the venues' defaults.
  private static func loadFile(explicit: String?) -> Result<(path: String?, config: LoadedConfig), Problem> {
    let path = explicit ?? standardPath()
    let empty = LoadedConfig(settings: Settings(), warnings: [], keyConflicts: [])
    guard let path else { return .success((nil, empty)) }
    switch read(path) {
    case .failure(let problem): return .failure(Problem("config: \(problem.message)"))
    case .success(nil):
      if explicit != nil { return .failure(Problem("config: \(path): no such file")) }
      return .success((nil, empty))
    case .success(let text?):
      switch ConfigLoader.load(text, file: path, venues: Venues.names) {
      case .success(let config): return .success((path, config))
      case .failure(let error): return .failure(Problem(error.description))
      }
    }
  }
}

/// The alerts added live, kept across runs in `$XDG_STATE_HOME/tradeterm/alerts` (else
/// `~/.local/state/tradeterm/alerts`), in the config's `[[alerts]]` form; written atomically (a
/// temp file in the same directory, flushed, then renamed over the old one).
struct AlertsFile {
  var path: String

  static func standard() -> AlertsFile? { Files.statePath("alerts").map(AlertsFile.init(path:)) }

  /// The saved alerts (none when there is no file), with the ones skipped because they do not
  /// load; an error line when the file cannot be used at all.
  func load() -> Result<LoadedAlerts, Problem> {
    switch ConfigFile.read(path) {
    case .failure(let problem): return .failure(Problem("alerts file: \(problem.message)"))
    case .success(nil): return .success(LoadedAlerts())
    case .success(let text?):
      return ConfigLoader.loadAlerts(text, file: path, venues: Venues.names).mapError {
        Problem("alerts file: \($0.description)")
      }
    }
  }

  /// Writes `rules`; returns why it failed, or nil. A rule whose lines would not read back as
  /// the same rule is left out, and named in what is returned (`Settings.alertsFile`).
  func save(_ rules: [AlertRule]) -> String? {
    let (text, refused) = Settings.alertsFile(rules)
    if let failure = Files.replace(path, with: text) { return failure }
    return refused.isEmpty
      ? nil : "alert not saved (it would not read back): \(refused.map(\.summary).joined(separator: ", "))"
  }
}

/// What is wrong with a file, in one line.
struct Problem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
