import MarketModel
import Testing

@testable import App

/// The `a` prompt's words (issue 29: only a price alert could be added from the screen).
@Suite struct AlertPromptTests {
  @Test(arguments: [
    ("98000", AlertRule.Kind.above(98_000, .last)),
    ("90000", .below(90_000, .last)),
    (">90000", .above(90_000, .last)),
    ("<98000.5", .below(98_000.5, .last)),
    ("move 2% 5m", .move(percent: 2, minutes: 5)),
    ("Move 5 1h", .move(percent: 5, minutes: 60)),
    ("move 0.5%", .move(percent: 0.5, minutes: 5)),
    ("funding > 0.05%", .fundingAbove(0.0005)),
    ("funding <-0.01%", .fundingBelow(-0.0001)),
    ("funding 0.05", .fundingAbove(0.0005)),
    ("funding -0.05", .fundingBelow(-0.0005)),
    ("trade 100k", .trade(size: 100_000)),
    ("trade 2.5", .trade(size: 3)),
    ("wall 1m 20bp", .wall(size: 1_000_000, bps: 20)),
    ("wall 500k 5bps", .wall(size: 500_000, bps: 5)),
    ("wall 250000", .wall(size: 250_000, bps: 20)),
  ])
  func parses(text: String, kind: AlertRule.Kind) {
    #expect(AlertPrompt.parse(text, last: 95_000, funding: 0.0001) == .success(kind))
  }

  @Test(arguments: [
    ("", "type a price or a kind"),
    ("abc", "is not a price or a kind"),
    ("0", "is not a price or a kind"),
    ("1e400", "is not a price or a kind"),
    ("move", "move takes a percent"),
    ("move -2%", "move takes a percent"),
    ("move 2% 0m", "move's window"),
    ("move 2% 2000000m", "move's window"),
    ("funding > 150%", "funding takes a rate"),
    ("funding >", "funding takes a rate"),
    ("trade", "trade takes a size"),
    ("trade -5", "trade takes a size"),
    ("trade 2000000000m", "trade takes a size"),
    ("wall 1m 0bp", "wall's distance"),
    ("wall 1m 20000bp", "wall's distance"),
    ("wall", "wall takes a size"),
  ])
  func refuses(text: String, words: String) {
    guard case .failure(let failure) = AlertPrompt.parse(text, last: 95_000, funding: 0.0001) else {
      Issue.record("\(text) was taken")
      return
    }
    #expect(failure.words.contains(words), "\(failure.words)")
  }

  /// Typed into the prompt: a letter over the price it opened with starts a kind's words; the
  /// alert armed is the one typed, on the instrument in view, and saved.
  @Test func aWallAlertFromTheScreen() {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.overlay = .alertPrompt("98000.5")
    for c in "wall 1m 20bp" { _ = App.update(&s, .key(.character(c))) }
    #expect(s.alertPrompt == "wall 1m 20bp")
    let effects = App.update(&s, .key(.enter))
    #expect(s.alerts.alerts.map(\.rule.kind) == [AlertRule.Kind.wall(size: 1_000_000, bps: 20)])
    #expect(s.notice?.text == "alert armed: XBTUSD wall >= 1000000 within 20 bps")
    #expect(effects == [Effect.saveAlerts(s.alerts.persistent)])
  }

  @Test func aRefusalSaysWhy() {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.overlay = .alertPrompt("")
    for c in "move x" { _ = App.update(&s, .key(.character(c))) }
    _ = App.update(&s, .key(.enter))
    #expect(s.alerts.alerts.isEmpty)
    #expect(s.notice?.text == "alert: move takes a percent: move 2% 5m")
  }
}
