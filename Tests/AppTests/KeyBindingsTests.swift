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

  /// Within each scope (the dashboard, the markets list, the ticket) a key has one command.
  @Test func everyDefaultKeyIsUniqueInItsScope() {
    for scope in Keymap.Scope.allCases {
      var seen: [Key: String] = [:]
      for entry in Keymap.table where entry.scope == scope {
        for key in entry.keys {
          #expect(seen[key] == nil, "\(key.name) bound to \(seen[key] ?? "") and \(entry.name) in \(scope)")
          seen[key] = entry.name
        }
      }
    }
    #expect(KeyBindings.standard.conflicts.isEmpty)
  }

  /// The markets list's and the ticket's keys are rebindable too, in their own scope: the new
  /// key acts on that screen, the old one no longer does, the dashboard's meaning of the key is
  /// untouched, and the help shows the key in force.
  @Test func aScreensKeysAreRebindableInTheirScope() {
    let k = KeyBindings(overrides: ["markets-star": [.character("S")], "ticket-buy": [.character("B")]])
    #expect(k.command(for: .character("S"), in: .markets) == .marketsStar)
    #expect(k.command(for: .character("*"), in: .markets) == nil)
    #expect(k.command(for: .character("B"), in: .ticket) == .ticketBuy)
    #expect(k.command(for: .character("b"), in: .ticket) == nil)
    #expect(k.command(for: .tab, in: .markets) == .marketsSort(forward: true))
    #expect(k.command(for: .tab) == .focusNext)
    #expect(k.conflicts.isEmpty)
    #expect(k.help.contains { $0.key.hasPrefix("  Enter  S") && $0.action.contains("star it") })

    var s = MarketsAppTests.state()
    s.keys = k
    s.screen = .markets
    #expect(MarketsAppTests.press(&s, .character("*")).isEmpty)
    #expect(s.markets.favourites.isEmpty)
    #expect(MarketsAppTests.press(&s, .character("S")).count == 1)
    #expect(s.markets.favourites.count == 1)
  }

  @Test func aConflictInsideAScreensScopeNamesBoth() {
    let k = KeyBindings(overrides: ["markets-direction": [.character("f")]])
    #expect(k.command(for: .character("f"), in: .markets) == .marketsDirection)
    #expect(
      k.conflicts == [
        "key f is bound to markets-direction in the config and to markets-kinds by default; markets-direction takes it"
      ])
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

  /// A key listed twice for the same command is bound once, without a warning (it said "bound
  /// to both markets and markets").
  @Test func aKeyListedTwiceForOneCommandIsNoConflict() {
    let b = KeyBindings(overrides: ["markets": [.character("m"), .character("M"), .character("m")]])
    #expect(b.conflicts.isEmpty, "\(b.conflicts)")
    #expect(b.keys(for: .toggleMarkets) == [.character("m"), .character("M")])
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
    #expect(s.overlay == .quitQuestion)
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
    #expect(s.overlay == .alertList(selected: 0))
    #expect(AppUpdateTests.press(&s, .character("x")) == [.saveAlerts([])])
    #expect(s.alerts.alerts.isEmpty)
  }
}
