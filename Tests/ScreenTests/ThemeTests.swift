import Testing

@testable import Screen

@Suite struct ThemeTests {
  @Test func coloursParse() {
    #expect(ThemeColor(parsing: "red") == .index(1))
    #expect(ThemeColor(parsing: "Bright-Blue") == .index(12))
    #expect(ThemeColor(parsing: "196") == .index(196))
    #expect(ThemeColor(parsing: "#FF8800") == .rgb(255, 136, 0))
    #expect(ThemeColor(parsing: "default") == .terminalDefault)
    for bad in ["256", "#ff88", "#gg0000", "blurple", "", "-1"] {
      #expect(ThemeColor(parsing: bad) == nil, "\(bad)")
    }
  }

  /// The text form (what `tradeterm config` prints) names each of the 16 basic colours, green
  /// too (a filter that left out "grey"/"gray" left out "green" and printed `2`), and every
  /// colour reads back as itself.
  @Test func everyColourPrintsItsNameAndReadsBack() {
    #expect(ThemeColor.index(2).text == "green")
    #expect(ThemeColor.index(8).text == "bright-black")
    #expect(ThemeColor.index(10).text == "bright-green")
    #expect(ThemeColor.index(196).text == "196")
    for n in 0...255 {
      let color = ThemeColor.index(UInt8(n))
      #expect(ThemeColor(parsing: color.text) == color, "\(n): \(color.text)")
      #expect((Int(color.text) == nil) == (n < 16), "\(n): \(color.text)")
    }
    #expect(ThemeColor(parsing: ThemeColor.rgb(255, 8, 0).text) == .rgb(255, 8, 0))
    #expect(ThemeColor.terminalDefault.text == "default")
  }

  /// RGB is exact on a direct-colour terminal, the nearest palette colour elsewhere.
  @Test func rgbOnEachKindOfTerminal() {
    let orange = ThemeColor.rgb(255, 135, 0)
    #expect(orange.terminalColor(colors: 1 << 24) == 0xFF8700)
    #expect(orange.terminalColor(colors: 256) == 208)  // xterm's (255, 135, 0)
    #expect(ThemeColor.rgb(250, 250, 250).terminalColor(colors: 256) == 15)
    #expect(ThemeColor.rgb(200, 0, 0).terminalColor(colors: 8) == 1)
    #expect(ThemeColor.index(196).terminalColor(colors: 8) == 1)
    #expect(ThemeColor.index(196).terminalColor(colors: 256) == 196)
    #expect(ThemeColor.terminalDefault.terminalColor(colors: 256) == -1)
  }

  /// Every built-in theme under 8, 16 and 256 colours: each role gets a colour the terminal has,
  /// bids and rising prices stay green, asks and falling prices red, nothing is drawn in the
  /// background's colour (black on a dark theme, white on the light one), and the heat ramp keeps
  /// five distinct steps. Before the fallbacks the dark theme's bars (22, 52) came out black on 8.
  @Test(arguments: [8, 16, 256])
  func everyThemeKeepsItsMeaningOnFewColours(colors: Int) {
    let greens: Set<Int32> = colors == 256 ? [] : [2, 10]
    let reds: Set<Int32> = colors == 256 ? [] : [1, 9]
    for theme in Theme.builtIn where !theme.monochrome {
      let background: Set<Int32> = theme.name == "light" ? [7, 15, 231, 255] : [0, 16, 232]
      var heat: Set<Int32> = []
      for role in Style.Color.allCases where theme.colors[role] != nil {
        let c = theme.terminalColor(of: role, colors: colors)
        let what = "\(theme.name) \(role) on \(colors): \(c)"
        #expect(c >= -1 && c < colors, "\(what)")
        #expect(!background.contains(c), "\(what)")
        if colors == 256, case .index(let n) = theme[role] { #expect(c == Int32(n), "\(what)") }
        if [.buy, .up, .bidBar, .live].contains(role), !greens.isEmpty {
          #expect(greens.contains(c), "\(what)")
        }
        if [.sell, .down, .askBar].contains(role), !reds.isEmpty { #expect(reds.contains(c), "\(what)") }
        if [.heat1, .heat2, .heat3, .heat4, .heat5].contains(role) { heat.insert(c) }
      }
      #expect(heat.count == 5, "\(theme.name) heat ramp on \(colors): \(heat.sorted())")
    }
  }

  /// A colour set in the config (no hand-picked fallback) becomes the nearest colour the terminal
  /// has, but never black when it is not nearly black.
  @Test func aConfiguredColourOnFewColoursIsNotBlack() {
    var theme = Theme.dark
    theme.colors[.bidBar] = .index(28)
    theme.colors[.askBar] = .rgb(90, 0, 0)
    #expect(theme.terminalColor(of: .bidBar, colors: 8) == 2)
    #expect(theme.terminalColor(of: .askBar, colors: 8) == 1)
    #expect(theme.terminalColor(of: .askBar, colors: 16) == 1)
    theme.colors[.bidBar] = .index(2)  // one the terminal has: itself
    #expect(theme.terminalColor(of: .bidBar, colors: 8) == 2)
    #expect(ThemeColor.index(235).terminalColor(colors: 8) == 0)  // nearly black stays black
  }

  @Test func everyRoleHasAConfigName() {
    let named = Set(Theme.roleNames.map(\.role))
    #expect(named == Set(Style.Color.allCases))
    for theme in Theme.builtIn where !theme.monochrome {
      for role in Style.Color.allCases where role != .normal {
        #expect(theme.colors[role] != nil, "\(theme.name) \(role)")
      }
    }
  }
}

@Suite struct DirectColourTests {
  static func colors(_ name: String) -> Int { ["xterm-direct": 1 << 24, "tmux-direct": 1 << 24][name] ?? -1 }

  @Test(
    arguments: [
      ("xterm-256color", "truecolor", 256, "xterm-direct"),
      ("tmux-256color", "24bit", 256, "tmux-direct"),
      ("xterm-256color", nil, 256, nil),
      ("xterm-256color", "yes", 256, nil),
      ("screen-256color", "truecolor", 256, nil),  // no screen-direct entry
      ("xterm-direct", "truecolor", 1 << 24, nil),  // direct already
    ] as [(String, String?, Int, String?)])
  func directTerm(_ term: String, _ colorterm: String?, _ termColors: Int, _ want: String?) {
    #expect(
      Theme.directTerm(term: term, colorterm: colorterm, termColors: termColors, colorsOf: Self.colors)
        == want)
  }

  @Test func indexedColoursStayAnsiBelowEightOnDirectTerminals() {
    #expect(ThemeColor.index(1).terminalColor(colors: 1 << 24) == 1)
    #expect(ThemeColor.index(196).terminalColor(colors: 1 << 24) == 0xFF0000)
  }
}
