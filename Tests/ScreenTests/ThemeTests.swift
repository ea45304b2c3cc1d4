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
