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
