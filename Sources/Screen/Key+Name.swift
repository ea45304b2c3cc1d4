/// Keys by name, as the config file's `[keys]` table and the help overlay spell them.
extension Key {
  /// The named keys (a single character names itself: `"q"`, `"J"`, `"?"`).
  static let byName: [(name: String, key: Key)] = [
    ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("PgUp", .pageUp), ("PgDn", .pageDown),
    ("Home", .home), ("End", .end), ("Tab", .tab), ("Shift-Tab", .backTab), ("Enter", .enter),
    ("Esc", .escape),
    ("Backspace", .backspace), ("Ctrl-C", .interrupt), ("Space", .character(" ")),
  ]

  /// Other spellings people write.
  static let aliases: [String: Key] = [
    "pageup": .pageUp, "pagedown": .pageDown, "pgdown": .pageDown, "backtab": .backTab, "s-tab": .backTab,
    "return": .enter, "escape": .escape, "ctrl+c": .interrupt, "c-c": .interrupt, "^c": .interrupt,
    "shift+tab": .backTab, "bs": .backspace,
  ]

  /// The key named `name`: one printable character, or a name (`Up`, `PgDn`, `Tab`, `Shift-Tab`,
  /// `Enter`, `Esc`, `Space`, `Ctrl-C`, …; case does not matter for names). Nil for anything else.
  public init?(name: String) {
    if name.count == 1, let c = name.first, !c.isWhitespace, c.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
    {
      self = .character(c)
      return
    }
    let lower = name.lowercased()
    if let named = Self.byName.first(where: { $0.name.lowercased() == lower }) {
      self = named.key
    } else if let alias = Self.aliases[lower] {
      self = alias
    } else {
      return nil
    }
  }

  /// The key's name: `q`, `Up`, `Shift-Tab`.
  public var name: String {
    if let named = Self.byName.first(where: { $0.key == self }) { return named.name }
    if case .character(let c) = self { return String(c) }
    return "?"
  }

  /// The key names the config file takes, for messages.
  public static var names: String { byName.map(\.name).joined(separator: ", ") }
}
