import App
import MarketModel
import Screen
import TOMLKit
import Trading
import VenueCore

/// Turns the config file's text into `Settings`: pure (text in, settings or an error out); the
/// file is read by the caller. TOML syntax errors come with TOMLKit's line and column; a value of
/// the wrong type or out of range is placed by `KeyLocator`. Unknown keys are warnings.
public enum ConfigLoader {
  /// The top-level keys, for unknown-key warnings and their suggestions.
  static let topKeys = [
    "venue", "symbol", "depth", "fps", "start-screen", "confirm-quit", "large-trade", "favourites", "theme",
    "keys",
    "alerts", "positions", "log-file", "log-level", "across", "fees",
  ]
  static let alertKeys = [
    "symbol", "above", "below", "price", "move", "within", "funding-above", "funding-below", "trade", "wall",
    "spread",
    "within-bps", "repeat", "cooldown", "run",
  ]
  static let positionKeys = ["symbol", "quantity", "entry"]

  /// Loads `text`, the contents of `file` (named in messages). A venue it names must be one of
  /// `venues` (the registered ones, in their order: the messages list them), unless that is empty.
  public static func load(
    _ text: String, file: String, venues: [Venue] = []
  ) -> Result<LoadedConfig, ConfigError> {
    let table: TOMLTable
    switch parseTable(text, file: file, what: "the config") {
    case .success(let t): table = t
    case .failure(let error): return .failure(error)
    }
    var reader = Reader(file: file, locator: KeyLocator(text), venues: venues)
    do {
      let settings = try reader.settings(table)
      let conflicts = KeyBindings(overrides: settings.keys).conflicts
      let warnings = reader.warnings.sorted {
        ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column)
      }
      return .success(LoadedConfig(settings: settings, warnings: warnings, keyConflicts: conflicts))
    } catch {
      return .failure(error)
    }
  }

  /// `text` as a TOML table, or where and why it is not one. `what` names the file in the
  /// message about a NUL byte.
  static func parseTable(_ text: String, file: String, what: String) -> Result<TOMLTable, ConfigError> {
    // The TOML parser reads a C string: a NUL would end the file there, silently.
    if let at = nulPosition(text) {
      return .failure(
        ConfigError(file: file, position: at, message: "a NUL byte: \(what) must be text (nothing was read)"))
    }
    do {
      return .success(try TOMLTable(string: text))
    } catch let error as TOMLParseError {
      let at = SourcePosition(
        line: max(1, error.source.begin.line), column: max(1, error.source.begin.column))
      return .failure(ConfigError(file: file, position: at, message: "not valid TOML: \(error.description)"))
    } catch {
      return .failure(
        ConfigError(file: file, position: .init(line: 1, column: 1), message: "not valid TOML: \(error)"))
    }
  }

  /// Where the first NUL of `text` is (columns count characters, as TOMLKit's do), or nil.
  static func nulPosition(_ text: String) -> SourcePosition? {
    guard text.utf8.contains(0) else { return nil }
    var line = 1
    var column = 1
    for scalar in text.unicodeScalars {
      if scalar == "\0" { return SourcePosition(line: line, column: column) }
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return nil
  }

  /// Only the `[[alerts]]` of `text` (the alerts state file has the config's form). An alert
  /// that does not load is skipped with a warning and the others are kept; only text that is
  /// not TOML, or `alerts` that is not an array of tables, fails the file.
  public static func loadAlerts(
    _ text: String, file: String, venues: [Venue] = []
  ) -> Result<LoadedAlerts, ConfigError> {
    let table: TOMLTable
    switch parseTable(text, file: file, what: "the alerts file") {
    case .success(let t): table = t
    case .failure(let error): return .failure(error)
    }
    var reader = Reader(file: file, locator: KeyLocator(text), venues: venues)
    var loaded = LoadedAlerts()
    guard let value = table["alerts"] else { return .success(loaded) }
    guard let array = value.array else {
      return .failure(reader.error("alerts must be an array of tables: [[alerts]]", key: "alerts"))
    }
    for (i, item) in array.enumerated() {
      do throws(ConfigError) {
        guard let alert = item.table else {
          throw reader.error("each alert must be a table: [[alerts]]", table: "alerts", index: i)
        }
        loaded.rules.append(try reader.alert(alert, index: i))
      } catch {
        loaded.skipped.append(
          ConfigWarning(
            file: error.file, position: error.position, message: "alert #\(i + 1) skipped: \(error.message)"))
      }
    }
    loaded.warnings = reader.warnings
    return .success(loaded)
  }

  /// The closest of `candidates` to `word`, if it is close enough to be a typo.
  static func suggestion(_ word: String, in candidates: [String]) -> String? {
    let w = word.lowercased()
    let limit = word.count >= 4 ? 2 : 1
    // A length further off than the limit is further off than the limit: not worth a distance.
    let near = candidates.filter { abs($0.count - word.count) <= limit }
    let scored = near.map { ($0, distance(w, $0)) }.min { $0.1 < $1.1 }
    if let (best, d) = scored, d <= limit { return best }
    // An abbreviation: its letters in order in one candidate only, from its first (`qty`).
    let abbreviated = candidates.filter { c in
      w.count >= 2 && w.count < c.count && c.first == w.first && Self.isSubsequence(w, of: c)
    }
    return abbreviated.count == 1 ? abbreviated[0] : nil
  }

  /// Whether the characters of `a` appear in `b` in order.
  static func isSubsequence(_ a: String, of b: String) -> Bool {
    var rest = Substring(b)
    for ch in a {
      guard let i = rest.firstIndex(of: ch) else { return false }
      rest = rest[rest.index(after: i)...]
    }
    return true
  }

  /// Levenshtein distance.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in 1...max(1, b.count) where !b.isEmpty {
        let old = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = old
      }
    }
    return row[b.count]
  }
}

/// One load's state: where keys are, and the warnings so far.
struct Reader {
  var file: String
  var locator: KeyLocator
  /// The venues a name may be (the registered ones, in order); empty: any well-formed name.
  var venues: [Venue] = []
  var warnings: [ConfigWarning] = []

  func error(_ message: String, table: String = "", index: Int? = nil, key: String? = nil) -> ConfigError {
    ConfigError(
      file: file, position: locator.position(table: table, index: index, key: key, value: true),
      message: message)
  }

  mutating func unknown(_ key: String, known: [String], table: String = "", index: Int? = nil) {
    let place = table.isEmpty ? "" : index == nil ? " in [\(table)]" : " in [[\(table)]] #\(index! + 1)"
    var message = "unknown key \"\(key)\"\(place), ignored"
    if let guess = ConfigLoader.suggestion(key, in: known) { message += " (did you mean \"\(guess)\"?)" }
    warnings.append(
      ConfigWarning(
        file: file, position: locator.position(table: table, index: index, key: key), message: message))
  }

  static func typeName(_ v: TOMLValueConvertible) -> String {
    switch v.type {
    case .string: "a string"
    case .int: "an integer"
    case .double: "a number with a fraction"
    case .bool: "true/false"
    case .table: "a table"
    case .array: "an array"
    default: "a date or time"
    }
  }

  // MARK: Typed values

  func string(
    _ v: TOMLValueConvertible, _ what: String, table: String = "", index: Int? = nil, key: String
  ) throws(ConfigError) -> String {
    guard let s = v.string else {
      throw error("\(what) must be a string, not \(Self.typeName(v))", table: table, index: index, key: key)
    }
    return s
  }

  /// The largest magnitude any number in the file may have unless its key says less: beyond
  /// it a Double no longer holds every integer (2^53 is about 9e15), and no price, size or
  /// quantity is that large.
  static let numberLimit = 1e15
  /// A year in minutes: the longest `within` (and, in seconds, `cooldown`).
  static let yearMinutes = 525_600.0

  /// A finite number of at most `limit` in magnitude (an integer or one with a fraction).
  func number(
    _ v: TOMLValueConvertible, _ what: String, table: String = "", index: Int? = nil, key: String,
    limit: Double = Reader.numberLimit
  ) throws(ConfigError) -> Double {
    let value: Double
    if let i = v.int {
      value = Double(i)
    } else if let d = v.double {
      guard d.isFinite else {
        throw error("\(what) must be a finite number, not \(d)", table: table, index: index, key: key)
      }
      value = d
    } else {
      throw error("\(what) must be a number, not \(Self.typeName(v))", table: table, index: index, key: key)
    }
    guard abs(value) <= limit else {
      throw error(
        "\(what) must be a number from \(Self.text(-limit)) to \(Self.text(limit)), not \(Self.text(value))",
        table: table, index: index, key: key)
    }
    return value
  }

  /// `value` for a message: an integer without `.0`, otherwise Swift's shortest spelling.
  static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e16 ? String(Int64(value)) : String(value)
  }

  func integer(
    _ v: TOMLValueConvertible, _ what: String, table: String = "", index: Int? = nil, key: String
  ) throws(ConfigError) -> Int {
    guard let i = v.int else {
      throw error("\(what) must be an integer, not \(Self.typeName(v))", table: table, index: index, key: key)
    }
    return i
  }

  func symbol(
    _ v: TOMLValueConvertible, table: String = "", index: Int? = nil, key: String = "symbol"
  ) throws(ConfigError) -> Symbol {
    let s = try string(v, key, table: table, index: index, key: key)
    guard !s.isEmpty, !s.contains(" "), s.unicodeScalars.allSatisfy(TerminalText.isSafe), let sym = Symbol(s)
    else {
      throw error(
        "\(key) must be an instrument symbol such as \"ETHUSD\" (printable, 1 to \(Symbol.maxLength) characters)",
        table: table, index: index, key: key)
    }
    return sym
  }

  /// An instrument: `SYMBOL` (BitMEX's) or `venue:SYMBOL` (`kraken:BTC/USD`), as an alert's
  /// `symbol` names it.
  func instrument(
    _ v: TOMLValueConvertible, table: String, index: Int
  ) throws(ConfigError) -> (InstrumentID.Venue, Symbol) {
    let s = try string(v, "symbol", table: table, index: index, key: "symbol")
    guard !s.isEmpty, !s.contains(" "), s.unicodeScalars.allSatisfy(TerminalText.isSafe) else {
      throw error(
        "symbol must be an instrument such as \"ETHUSD\" or \"kraken:BTC/USD\" (printable, no spaces)",
        table: table, index: index, key: "symbol")
    }
    switch InstrumentKey.parse(s, venues: venues) {
    case .success(let key): return (key.venue, key.symbol)
    case .failure(let problem):
      throw error(problem.description, table: table, index: index, key: "symbol")
    }
  }

  /// `venue = "kraken"`: a venue's name (any case), with a guess for a misspelt one.
  func venue(_ v: TOMLValueConvertible) throws(ConfigError) -> Venue {
    let name = try string(v, "venue", key: "venue")
    guard let venue = Venue(name: name, among: venues) else {
      let names = venues.map(\.rawValue)
      var message =
        names.isEmpty
        ? "venue must be a venue's name (`tradeterm venues` lists them), not \"\(TerminalText.sanitized(name))\""
        : "venue must be one of \(names.joined(separator: ", ")), not \"\(TerminalText.sanitized(name))\""
      if let guess = ConfigLoader.suggestion(name, in: names) { message += " (did you mean \"\(guess)\"?)" }
      throw error(message, key: "venue")
    }
    return venue
  }

  // MARK: Sections

  mutating func settings(_ t: TOMLTable) throws(ConfigError) -> Settings {
    var s = Settings()
    // `symbol = "kraken:BTC/USD"` names its venue too: it is the run's venue, unless `venue` names
    // another (refused: which one is meant?).
    var symbolVenue: Venue?
    for (key, v) in t {
      switch key {
      case "venue": s.venue = try venue(v)
      case "symbol":
        if let text = v.string, text.contains(":") {
          let (venue, symbol) = try venueSymbol(v)
          symbolVenue = venue
          s.configuredSymbol = symbol.description
        } else {
          s.configuredSymbol = try symbol(v).description
        }
      case "depth":
        let text = v.int.map(String.init) ?? v.string ?? ""
        guard Settings.depths.contains(text) else {
          throw error("depth must be 25 or \"full\", not \(v.debugDescription)", key: key)
        }
        s.depth = text
      case "fps":
        let n = try integer(v, "fps", key: key)
        guard Settings.fpsRange.contains(n) else {
          throw error("fps must be from 1 to 120, not \(n)", key: key)
        }
        s.fps = n
      case "start-screen":
        let name = try string(v, key, key: key)
        guard let screen = StartScreen(rawValue: name) else {
          throw error("start-screen must be \"dashboard\" or \"markets\", not \"\(name)\"", key: key)
        }
        s.startScreen = screen
      case "confirm-quit":
        guard let b = v.bool else {
          throw error("confirm-quit must be true or false, not \(Self.typeName(v))", key: key)
        }
        s.confirmQuit = b
      case "log-file":
        let path = try string(v, key, key: key)
        guard !path.isEmpty else { throw error("log-file must be a file name, not empty", key: key) }
        s.logFile = path
      case "log-level":
        let level = try string(v, key, key: key).lowercased()
        guard Settings.logLevels.contains(level) else {
          throw error(
            "log-level must be one of \(Settings.logLevels.joined(separator: ", ")), not \"\(level)\"",
            key: key)
        }
        s.logLevel = level
      case "favourites":
        guard let array = v.array else {
          throw error("favourites must be an array of symbols, not \(Self.typeName(v))", key: key)
        }
        for item in array {
          let text = try symbol(item, key: key).description
          // `venue:SYMBOL` names a venue tradeterm follows: a misspelt one would be kept as a
          // favourite nothing opens, and written back to the favourites file.
          if case .failure(let problem) = InstrumentKey.parse(text, venues: venues) {
            throw error("favourites: \(TerminalText.sanitized(problem.description))", key: key)
          }
          s.favourites.append(text)
        }
      case "large-trade":
        guard let table = v.table else {
          throw error(
            "large-trade must be a table of symbol = size, e.g. [large-trade] ETHUSD = 50000", key: key)
        }
        for (sym, size) in table {
          let n = try integer(size, "large-trade.\(sym)", table: key, key: sym)
          guard n > 0, let symbol = Symbol(sym), !sym.isEmpty else {
            throw error("large-trade.\(sym) must be a positive size for a symbol", table: key, key: sym)
          }
          s.largeTrade[symbol.description] = Int64(n)
        }
      case "across": try across(v, into: &s)
      case "fees": try fees(v, into: &s)
      case "theme": s.theme = try theme(v)
      case "keys":
        guard let table = v.table else { throw error("keys must be a table of command = key(s)", key: key) }
        s.keys = try keys(table)
      case "alerts":
        guard let array = v.array else {
          throw error("alerts must be an array of tables: [[alerts]]", key: key)
        }
        for (i, item) in array.enumerated() {
          guard let table = item.table else {
            throw error("each alert must be a table: [[alerts]]", table: key, index: i)
          }
          s.alerts.append(try alert(table, index: i))
        }
      case "positions":
        guard let array = v.array else {
          throw error("positions must be an array of tables: [[positions]]", key: key)
        }
        for (i, item) in array.enumerated() {
          guard let table = item.table else {
            throw error("each position must be a table: [[positions]]", table: key, index: i)
          }
          s.positions.append(try position(table, index: i))
        }
      default: unknown(key, known: ConfigLoader.topKeys)
      }
    }
    if let symbolVenue {
      if t["venue"] != nil, s.venue != symbolVenue {
        throw error(
          "symbol is on \(symbolVenue.rawValue) but venue is \(s.venue.rawValue): give one venue "
            + "(symbol = \"\(s.configuredSymbol ?? "")\" with venue = \"\(symbolVenue.rawValue)\", or venue:SYMBOL alone)",
          key: "symbol")
      }
      s.venue = symbolVenue
    }
    return s
  }

  /// `symbol = "venue:SYMBOL"` (`kraken:BTC/USD`): the venue and the symbol.
  func venueSymbol(_ v: TOMLValueConvertible) throws(ConfigError) -> (Venue, Symbol) {
    let text = try string(v, "symbol", key: "symbol")
    guard !text.contains(" "), text.unicodeScalars.allSatisfy(TerminalText.isSafe) else {
      throw error(
        "symbol must be an instrument such as \"ETHUSD\" or \"kraken:BTC/USD\" (printable, no spaces)",
        key: "symbol")
    }
    switch InstrumentKey.parse(text, venues: venues) {
    case .success(let key): return (key.venue, key.symbol)
    case .failure(let problem): throw error(TerminalText.sanitized(problem.description), key: "symbol")
    }
  }

  /// `theme = "light"`, or a `[theme]` table: `base = "light"` and colours by role.
  mutating func theme(_ v: TOMLValueConvertible) throws(ConfigError) -> Theme {
    let names = Theme.builtIn.map(\.name)
    if let name = v.string {
      guard let theme = Theme.named(name) else {
        throw error(
          "theme must be one of \(names.joined(separator: ", ")) (or a [theme] table), not \"\(name)\"",
          key: "theme")
      }
      return theme
    }
    guard let table = v.table else { throw error("theme must be a name or a [theme] table", key: "theme") }
    var theme = Theme.dark
    if let base = table["base"] {
      let name = try string(base, "theme.base", table: "theme", key: "base")
      guard let named = Theme.named(name) else {
        throw error(
          "theme.base must be one of \(names.joined(separator: ", ")), not \"\(name)\"", table: "theme",
          key: "base")
      }
      theme = named
    }
    theme.name = "custom"
    let roles = Theme.roleNames.map(\.name) + [Theme.staleRoleName]
    for (key, value) in table where key != "base" {
      guard roles.contains(key) else {
        unknown(key, known: roles + ["base"], table: "theme")
        continue
      }
      let text: String
      if let n = value.int {
        text = String(n)
      } else if let s = value.string {
        text = s
      } else {
        throw error(
          "theme.\(key) must be a colour name, an index 0-255 or \"#rrggbb\", not \(Self.typeName(value))",
          table: "theme", key: key)
      }
      if key == Theme.staleRoleName, text.lowercased() == Theme.noStaleColor {
        theme.stale = nil  // dimmed only
        continue
      }
      guard let color = ThemeColor(parsing: text) else {
        throw error(
          "theme.\(key) must be a colour: a name (red, bright-blue, …), an index 0-255, \"#rrggbb\" or \"default\"; not \"\(text)\"",
          table: "theme", key: key)
      }
      if key == Theme.staleRoleName {
        theme.stale = color
      } else if let role = Theme.roleNames.first(where: { $0.name == key })?.role {
        theme.colors[role] = color
      }
      if theme.monochrome { theme.monochrome = false }
    }
    return theme
  }

  mutating func keys(_ table: TOMLTable) throws(ConfigError) -> [String: [Key]] {
    var out: [String: [Key]] = [:]
    let names = Keymap.table.map(\.name)
    for (name, v) in table {
      guard names.contains(name) else {
        unknown(name, known: names, table: "keys")
        continue
      }
      var spelled: [String] = []
      if let s = v.string {
        spelled = [s]
      } else if let array = v.array {
        for item in array { spelled.append(try string(item, "keys.\(name)", table: "keys", key: name)) }
      } else {
        throw error(
          "keys.\(name) must be a key or an array of keys, e.g. \"k\" or [\"k\", \"Up\"]", table: "keys",
          key: name)
      }
      var keys: [Key] = []
      for s in spelled {
        guard let key = Key(name: s) else {
          throw error(
            "keys.\(name): \"\(s)\" is not a key: one character, or one of \(Key.names)", table: "keys",
            key: name)
        }
        keys.append(key)
      }
      out[name] = keys
    }
    return out
  }

  mutating func alert(_ t: TOMLTable, index i: Int) throws(ConfigError) -> AlertRule {
    let table = "alerts"
    for (key, _) in t where !ConfigLoader.alertKeys.contains(key) {
      unknown(key, known: ConfigLoader.alertKeys, table: table, index: i)
    }
    guard let symbolValue = t["symbol"] else {
      throw error("each alert needs a symbol (e.g. symbol = \"ETHUSD\")", table: table, index: i)
    }
    let (venue, sym) = try instrument(symbolValue, table: table, index: i)
    var source = AlertRule.PriceSource.last
    if let p = t["price"] {
      let name = try string(p, "price", table: table, index: i, key: "price")
      guard let s = AlertRule.PriceSource(rawValue: name) else {
        throw error(
          "price must be \"last\" or \"mark\", not \"\(name)\"", table: table, index: i, key: "price")
      }
      source = s
    }
    let kinds = ["above", "below", "move", "funding-above", "funding-below", "trade", "wall", "spread"]
    let given = kinds.filter { t[$0] != nil }
    guard given.count == 1, let kindKey = given.first else {
      throw error(
        given.isEmpty
          ? "each alert needs one of \(kinds.joined(separator: ", "))"
          : "an alert takes one of \(given.joined(separator: ", ")), not several",
        table: table, index: i, key: given.dropFirst().first)
    }
    let value = try number(t[kindKey]!, kindKey, table: table, index: i, key: kindKey)
    func positive(_ v: Double, _ key: String) throws(ConfigError) {
      guard v > 0 else {
        throw error("\(key) must be above 0, not \(AlertRule.number(v))", table: table, index: i, key: key)
      }
    }
    let kind: AlertRule.Kind
    switch kindKey {
    case "above":
      try positive(value, kindKey)
      kind = .above(value, source)
    case "below":
      try positive(value, kindKey)
      kind = .below(value, source)
    case "move":
      try positive(value, kindKey)
      guard let w = t["within"] else {
        throw error(
          "a move alert needs within = minutes (e.g. within = 5)", table: table, index: i, key: kindKey)
      }
      // A year of minutes at most: the window in milliseconds must fit an Int64.
      let minutes = try number(w, "within", table: table, index: i, key: "within", limit: Reader.yearMinutes)
      try positive(minutes, "within")
      kind = .move(percent: value, minutes: minutes)
    case "funding-above", "funding-below":
      // A rate in percent: beyond ±100 % a funding rate means nothing.
      guard abs(value) <= 100 else {
        throw error(
          "\(kindKey) must be a rate in percent from -100 to 100, not \(Self.text(value))", table: table,
          index: i, key: kindKey)
      }
      kind = kindKey == "funding-above" ? .fundingAbove(value / 100) : .fundingBelow(value / 100)
    case "spread":
      // Basis points an asset's venues cross by (`symbol` is the asset: `BTC`); 10,000 is 100 %.
      try positive(value, kindKey)
      guard value <= 10_000 else {
        throw error(
          "spread must be basis points from 0 to 10000, not \(Self.text(value))", table: table, index: i,
          key: kindKey)
      }
      kind = .spread(bps: value)
    case "trade":
      try positive(value, kindKey)
      // `value` is at most `numberLimit`, so it fits an Int64; a fraction of a contract rounds up.
      kind = .trade(size: Int64(value.rounded(.up)))
    default:
      try positive(value, kindKey)
      guard let b = t["within-bps"] else {
        throw error(
          "a wall alert needs within-bps = basis points of mid (e.g. within-bps = 20)", table: table,
          index: i, key: kindKey)
      }
      // 10,000 bps is the whole of mid either side.
      let bps = try number(b, "within-bps", table: table, index: i, key: "within-bps", limit: 10_000)
      try positive(bps, "within-bps")
      kind = .wall(size: Int64(value.rounded(.up)), bps: bps)
    }
    var rearm = AlertRule.Rearm.once
    if let r = t["repeat"] {
      let name = try string(r, "repeat", table: table, index: i, key: "repeat")
      switch name {
      case "once": rearm = .once
      case "every":
        var cooldown = 60.0
        if let c = t["cooldown"] {
          cooldown = try number(
            c, "cooldown", table: table, index: i, key: "cooldown", limit: Reader.yearMinutes * 60)
          guard cooldown >= 0 else {
            throw error("cooldown must be seconds, 0 or more", table: table, index: i, key: "cooldown")
          }
        }
        rearm = .every(cooldownSeconds: cooldown)
      default:
        throw error(
          "repeat must be \"once\" or \"every\", not \"\(name)\"", table: table, index: i, key: "repeat")
      }
    }
    var run: [String] = []
    if let r = t["run"] {
      guard let array = r.array, array.count > 0 else {
        throw error(
          "run must be an array: the program and its arguments, e.g. [\"notify-send\", \"{symbol}\"]",
          table: table, index: i, key: "run")
      }
      for item in array { run.append(try string(item, "run", table: table, index: i, key: "run")) }
    }
    return AlertRule(symbol: sym, venue: venue, kind: kind, rearm: rearm, run: run)
  }

  mutating func position(_ t: TOMLTable, index i: Int) throws(ConfigError) -> HeldPosition {
    let table = "positions"
    for (key, _) in t where !ConfigLoader.positionKeys.contains(key) {
      unknown(key, known: ConfigLoader.positionKeys, table: table, index: i)
    }
    guard let s = t["symbol"], let q = t["quantity"], let e = t["entry"] else {
      // A key missing because it was misspelt (`qty`): say which, with the guess.
      let missing = ["symbol", "quantity", "entry"].filter { t[$0] == nil }
      let guesses = t.map(\.0).filter { !ConfigLoader.positionKeys.contains($0) }.sorted().compactMap { key in
        ConfigLoader.suggestion(key, in: missing).map { "unknown key \"\(key)\" (did you mean \"\($0)\"?)" }
      }
      throw error(
        (["each position needs symbol, quantity and entry"] + guesses).joined(separator: "; "), table: table,
        index: i)
    }
    let sym = try symbol(s, table: table, index: i)
    let quantity = try number(q, "quantity", table: table, index: i, key: "quantity")
    guard quantity != 0 else {
      throw error(
        "quantity must be a number in the instrument's units, negative for a short, not 0", table: table,
        index: i, key: "quantity")
    }
    let entry = try number(e, "entry", table: table, index: i, key: "entry")
    guard entry > 0 else {
      throw error("entry must be a price above 0", table: table, index: i, key: "entry")
    }
    return HeldPosition(symbol: sym, quantity: quantity, entry: entry)
  }
}
