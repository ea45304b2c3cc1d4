import Screen
import Testing

@testable import App

@Suite struct KeyBindingsTests {
  @Test func defaultsIncludeVimScrollingBesideTheArrows() {
    let k = KeyBindings.standard
    #expect(k.command(for: .character("j")) == .scrollDown)
    #expect(k.command(for: .down) == .scrollDown)
    #expect(k.command(for: .character("k")) == .scrollUp)
    #expect(k.conflicts.isEmpty)
  }

  @Test func everyDefaultKeyIsUnique() {
    var seen: [Key: String] = [:]
    for entry in Keymap.table {
      for key in entry.keys {
        #expect(seen[key] == nil, "\(key.name) bound to \(seen[key] ?? "") and \(entry.name)")
        seen[key] = entry.name
      }
    }
  }

  @Test func aRebindingReplacesTheDefaultsAndShowsInHelpAndHints() {
    let k = KeyBindings(overrides: ["toggle-bars": [.character("b")], "quit": [.character("x")]])
    #expect(k.command(for: .character("b")) == .toggleBars)
    #expect(k.command(for: .character("t")) == nil)
    #expect(k.command(for: .character("q")) == nil)
    #expect(k.command(for: .interrupt) == .quit)  // Ctrl-C always quits
    #expect(k.help.contains { $0.key == "b" && $0.action.contains("depth bars") })
    #expect(DashboardView.hints(k).contains { $0.key == "x" && $0.action == "quit" })
  }

  @Test func conflictsNameBothBindings() {
    let k = KeyBindings(overrides: ["pause": [.character("m")]])
    #expect(k.command(for: .character("m")) == .togglePause)
    #expect(
      k.conflicts == ["key m is bound to pause in the config and to markets by default; pause takes it"])
  }

  @Test func keyNamesRoundTrip() {
    for (name, key) in [
      ("q", Key.character("q")), ("PgDn", .pageDown), ("Shift-Tab", .backTab), ("Space", .character(" ")),
    ] {
      #expect(Key(name: name) == key)
      #expect(key.name == name)
    }
    #expect(Key(name: "esc") == .escape)
    #expect(Key(name: "F13") == nil)
    #expect(Key(name: "") == nil)
  }

  @Test func confirmQuitAsksFirst() {
    var s = AppUpdateTests.state()
    s.confirmQuit = true
    #expect(AppUpdateTests.press(&s, .character("q")).isEmpty)
    #expect(s.quitAsked)
    #expect(AppUpdateTests.press(&s, .character("n")).isEmpty)
    #expect(!s.quitting)
    #expect(AppUpdateTests.press(&s, .character("q"), .character("y")) == [.quit])
  }

  @Test func theAlertPromptArmsAnAlertAndSavesIt() {
    var s = AppUpdateTests.state()
    _ = AppUpdateTests.press(&s, .character("a"))
    #expect(s.alertPrompt == "")
    let effects = AppUpdateTests.press(&s, .character(">"), .character("1"), .character("0"), .enter)
    #expect(s.alertPrompt == nil)
    let rule = AlertRule(symbol: "XBTUSD", kind: .above(10, .last))
    #expect(effects == [.saveAlerts([rule])])
    // The list shows it; x removes it and saves.
    _ = AppUpdateTests.press(&s, .character("A"))
    #expect(s.alertListVisible)
    #expect(AppUpdateTests.press(&s, .character("x")) == [.saveAlerts([])])
    #expect(s.alerts.alerts.isEmpty)
  }
}
