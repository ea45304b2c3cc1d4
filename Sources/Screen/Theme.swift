/// A colour as a theme gives it: the terminal's own default, one of the 256 indexed colours, or
/// 24-bit RGB (drawn as such on a direct-colour terminal, else as the nearest indexed colour).
public enum ThemeColor: Sendable, Hashable {
  case terminalDefault
  case index(UInt8)
  case rgb(UInt8, UInt8, UInt8)

  /// The basic colours' names in index order (0–15 of every 256-colour palette): how the config
  /// file spells each.
  public static let basicNames = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
    "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
  ]

  /// The basic colours by name, and `grey`/`gray` for bright black, as the config file reads them.
  public static let names: [String: UInt8] = Dictionary(
    uniqueKeysWithValues: basicNames.enumerated().map { ($0.element, UInt8($0.offset)) }
      + [("grey", 8), ("gray", 8)])

  /// `"red"`, `"default"`, `"196"` (an index 0–255) or `"#ff8800"`; nil for anything else.
  public init?(parsing text: String) {
    let t = text.lowercased()
    if t == "default" || t == "none" {
      self = .terminalDefault
    } else if let n = Self.names[t] {
      self = .index(n)
    } else if let n = UInt8(t) {
      self = .index(n)
    } else if t.hasPrefix("#"), t.utf8.count == 7, let v = UInt32(t.dropFirst(), radix: 16) {
      self = .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    } else {
      return nil
    }
  }

  /// How the config file spells it.
  public var text: String {
    switch self {
    case .terminalDefault: "default"
    case .index(let n): n < Self.basicNames.count ? Self.basicNames[Int(n)] : "\(n)"
    case .rgb(let r, let g, let b):
      "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }

  /// The colour number to give the terminal, which has `colors` colours (8, 16, 256, or 2^24 for
  /// direct colour): -1 for the default; RGB exactly on a direct-colour terminal, else the
  /// nearest of the colours it has.
  public func terminalColor(colors: Int) -> Int32 {
    switch self {
    case .terminalDefault: return -1
    case .rgb(let r, let g, let b):
      if colors >= 1 << 24 { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
      return Int32(Self.nearest(r, g, b, among: min(colors, 256)))
    case .index(let n):
      // On a direct-colour terminal 0-7 are still the terminal's own ANSI colours.
      if colors >= 1 << 24, n >= 8 {
        let (r, g, b) = Self.rgb(ofIndex: Int(n))
        return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
      }
      if Int(n) < colors { return Int32(n) }
      let (r, g, b) = Self.rgb(ofIndex: Int(n))
      return Int32(Self.nearest(r, g, b, among: colors))
    }
  }

  /// Whether this colour shows as itself on a terminal of `colors` colours (nothing is rounded).
  public func isExact(colors: Int) -> Bool {
    switch self {
    case .terminalDefault: true
    case .index(let n): Int(n) < colors || colors >= 1 << 24
    case .rgb: colors >= 1 << 24
    }
  }

  /// The xterm palette's RGB for index `n`.
  static func rgb(ofIndex n: Int) -> (UInt8, UInt8, UInt8) {
    let basic: [(UInt8, UInt8, UInt8)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
      (0, 255, 255), (255, 255, 255),
    ]
    if n < 16 { return basic[n] }
    if n >= 232 {
      let v = UInt8(8 + (n - 232) * 10)
      return (v, v, v)
    }
    let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
    let i = n - 16
    return (levels[i / 36], levels[i / 6 % 6], levels[i % 6])
  }

  /// The index among the first `count` palette colours closest to (r, g, b). Among 8 or 16 a
  /// colour that is not nearly black never becomes black: a dark green (22) or red (52) would
  /// vanish on a dark background, so it becomes the nearest of the others (green, red).
  static func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8, among count: Int) -> Int {
    let skipBlack = count <= 16 && max(r, g, b) >= 64
    var best = 0
    var bestDistance = Int.max
    for n in (skipBlack ? 1 : 0)..<max(1, min(count, 256)) {
      let (pr, pg, pb) = rgb(ofIndex: n)
      let dr = Int(pr) - Int(r)
      let dg = Int(pg) - Int(g)
      let db = Int(pb) - Int(b)
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance {
        bestDistance = d
        best = n
      }
    }
    return best
  }
}

/// Every colour role the screens draw with, as one table: a theme. Built in: `dark` (the default),
/// `light`, `high-contrast` and `monochrome` (attributes only, what `NO_COLOR` gives).
public struct Theme: Sendable, Hashable {
  public var name: String
  /// The built-in theme this one starts from: its own name for a built-in, the `base` of a
  /// config's `[theme]` table (`tradeterm config` prints it).
  public var base: String
  /// The foreground colour of each role; a role not in the table draws in the terminal's default.
  public var colors: [Style.Color: ThemeColor]
  /// The colour of dimmed (stale) text, or nil to dim only (`stale = "none"` in the config).
  public var stale: ThemeColor?
  /// No colours at all: attributes only.
  public var monochrome: Bool
  /// What each role is drawn in on a terminal of 8 or 16 colours, chosen by hand to keep its
  /// meaning (green bids, red asks, a heat ramp of distinct steps): the nearest of 8 colours to
  /// a dark green bar is black, invisible on a dark background. Used while the role still has the
  /// colour the fallback was chosen for; a colour set in the config falls back to the nearest.
  public var fallbacks: [Style.Color: Fallback]

  /// A role's colours on terminals of few colours.
  public struct Fallback: Sendable, Hashable {
    /// The colour this fallback stands in for (a role set to another colour does not use it).
    public var standsFor: ThemeColor
    /// On an 8-colour terminal (`TERM=screen`, `xterm`): an index 0–7, or the default.
    public var on8: ThemeColor
    /// On a 16-colour terminal: an index 0–15, or the default.
    public var on16: ThemeColor

    public init(standsFor: ThemeColor, on8: ThemeColor, on16: ThemeColor) {
      self.standsFor = standsFor
      self.on8 = on8
      self.on16 = on16
    }
  }

  public init(
    name: String, colors: [Style.Color: ThemeColor], stale: ThemeColor? = nil, monochrome: Bool = false,
    fallbacks: [Style.Color: Fallback] = [:]
  ) {
    self.name = name
    self.base = name
    self.colors = colors
    self.stale = stale
    self.monochrome = monochrome
    self.fallbacks = fallbacks
  }

  /// A built-in theme: its colours, and per role its 8- and 16-colour indices (-1: the default).
  init(name: String, colors: [Style.Color: ThemeColor], low: [Style.Color: (on8: Int, on16: Int)]) {
    func color(_ n: Int) -> ThemeColor { n < 0 ? .terminalDefault : .index(UInt8(n)) }
    let fallbacks = Dictionary(
      uniqueKeysWithValues: low.map { role, pair in
        (
          role,
          Fallback(standsFor: colors[role] ?? .terminalDefault, on8: color(pair.on8), on16: color(pair.on16))
        )
      })
    self.init(name: name, colors: colors, fallbacks: fallbacks)
  }

  /// The role's colour.
  public subscript(role: Style.Color) -> ThemeColor { colors[role] ?? .terminalDefault }

  /// The colour number to give a terminal of `colors` colours for `role`: the theme's own colour
  /// where the terminal has it, else the role's hand-picked fallback (8 or 16 colours), else the
  /// nearest colour it has.
  public func terminalColor(of role: Style.Color, colors: Int) -> Int32 {
    let color = self[role]
    if colors <= 16, !color.isExact(colors: colors), let fallback = fallbacks[role],
      fallback.standsFor == color
    {
      return (colors >= 16 ? fallback.on16 : fallback.on8).terminalColor(colors: colors)
    }
    return color.terminalColor(colors: colors)
  }

  /// The config file's name of every role, in the order `tradeterm config` lists them.
  public static let roleNames: [(name: String, role: Style.Color)] = [
    ("text", .normal), ("muted", .muted), ("accent", .accent), ("bid", .buy), ("ask", .sell), ("up", .up),
    ("down", .down), ("warning", .warning), ("error", .error), ("live", .live), ("bid-bar", .bidBar),
    ("ask-bar", .askBar), ("border", .border), ("banner", .banner), ("heat-1", .heat1), ("heat-2", .heat2),
    ("heat-3", .heat3), ("heat-4", .heat4), ("heat-5", .heat5),
  ]

  /// The name of the pseudo-role for stale (dimmed) text.
  public static let staleRoleName = "stale"
  /// The stale role's value for "no colour of its own: dimmed only" (the built-ins' choice).
  public static let noStaleColor = "none"

  public static let dark = Theme(
    name: "dark",
    colors: [
      .muted: .index(245), .accent: .index(81), .buy: .index(78), .sell: .index(203), .up: .index(78),
      .down: .index(203), .warning: .index(214), .error: .index(196), .live: .index(40), .bidBar: .index(22),
      .askBar: .index(52), .border: .index(245), .banner: .index(214),
      // The liquidity heatmap: deep blue through teal and green to yellow.
      .heat1: .index(17), .heat2: .index(25), .heat3: .index(37), .heat4: .index(142), .heat5: .index(226),
    ],
    low: [
      .muted: (7, 8), .accent: (6, 14), .buy: (2, 10), .sell: (1, 9), .up: (2, 10), .down: (1, 9),
      .warning: (3, 11), .error: (1, 9), .live: (2, 10), .bidBar: (2, 2), .askBar: (1, 1), .border: (7, 8),
      .banner: (3, 11), .heat1: (4, 4), .heat2: (6, 12), .heat3: (2, 6), .heat4: (3, 3), .heat5: (7, 11),
    ])

  public static let light = Theme(
    name: "light",
    colors: [
      .muted: .index(242), .accent: .index(25), .buy: .index(28), .sell: .index(160), .up: .index(28),
      .down: .index(160), .warning: .index(130), .error: .index(160), .live: .index(28), .bidBar: .index(151),
      .askBar: .index(217), .border: .index(244), .banner: .index(130),
      .heat1: .index(189), .heat2: .index(117), .heat3: .index(74), .heat4: .index(136), .heat5: .index(160),
    ],
    // A light background: no white or yellow text.
    low: [
      .muted: (-1, 8), .accent: (4, 4), .buy: (2, 2), .sell: (1, 1), .up: (2, 2), .down: (1, 1),
      .warning: (5, 5), .error: (1, 1), .live: (2, 2), .bidBar: (2, 10), .askBar: (1, 9), .border: (-1, 8),
      .banner: (5, 5), .heat1: (6, 14), .heat2: (4, 12), .heat3: (2, 6), .heat4: (5, 5), .heat5: (1, 1),
    ])

  public static let highContrast = Theme(
    name: "high-contrast",
    colors: [
      .normal: .index(15), .muted: .index(252), .accent: .index(51), .buy: .index(46), .sell: .index(196),
      .up: .index(46), .down: .index(196), .warning: .index(226), .error: .index(196), .live: .index(46),
      .bidBar: .index(34), .askBar: .index(160), .border: .index(255), .banner: .index(226),
      .heat1: .index(17), .heat2: .index(25), .heat3: .index(37), .heat4: .index(142), .heat5: .index(226),
    ],
    low: [
      .normal: (7, 15), .muted: (7, 7), .accent: (6, 14), .buy: (2, 10), .sell: (1, 9), .up: (2, 10),
      .down: (1, 9), .warning: (3, 11), .error: (1, 9), .live: (2, 10), .bidBar: (2, 2), .askBar: (1, 1),
      .border: (7, 15), .banner: (3, 11), .heat1: (4, 4), .heat2: (6, 12), .heat3: (2, 6), .heat4: (3, 3),
      .heat5: (7, 11),
    ])

  public static let monochromeTheme = Theme(name: "monochrome", colors: [:], monochrome: true)

  public static let builtIn: [Theme] = [dark, light, highContrast, monochromeTheme]

  /// Whether any role is given as RGB (worth a direct-colour terminal).
  public var usesRGB: Bool {
    (Array(colors.values) + [stale].compactMap { $0 }).contains { if case .rgb = $0 { true } else { false } }
  }

  /// The direct-colour terminal type to use instead of `term` for 24-bit colour, or nil: when the
  /// terminal says it can (`COLORTERM` is `truecolor` or `24bit`), `term` is not direct already
  /// (`termColors` below 2^24), and terminfo has the `-direct` sibling (`xterm-256color` →
  /// `xterm-direct`, `tmux-256color` → `tmux-direct`; `colorsOf` answers -1 for none).
  public static func directTerm(
    term: String, colorterm: String?, termColors: Int, colorsOf: (String) -> Int
  ) -> String? {
    guard let colorterm, ["truecolor", "24bit"].contains(colorterm.lowercased()), termColors < 1 << 24 else {
      return nil
    }
    var base = Substring(term)
    for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
      base = base.dropLast(suffix.count)
      break
    }
    guard !base.isEmpty else { return nil }
    let candidate = base + "-direct"
    return colorsOf(String(candidate)) >= 1 << 24 ? String(candidate) : nil
  }

  /// A built-in theme by name.
  public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name } }
}
