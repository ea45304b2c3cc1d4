import MarketModel
import Screen
import Session
import Testing

@testable import App

/// Every footer, hint and help line that names a key names the key in force: rebinding a
/// command in the config's `[keys]` table (`KeyBindings(overrides:)`, as the config loader
/// builds it) changes what the screens say.
@Suite struct HintKeysTests {
  /// The config's rebindings: none of the new keys is a default of anything on these screens.
  static let rebound = KeyBindings(overrides: [
    "markets-open": [.character("O")], "markets-sort-next": [.character("n")],
    "markets-direction": [.character("D")], "markets-filter": [.character("F")],
    "markets-kinds": [.character("K")], "markets-star": [.character("8")], "markets": [.character("M")],
    "activity": [.character("W")], "portfolio": [.character("Y")], "help": [.character("H")],
    "cycle-chart": [.character("C")], "group-coarser": [.character("]")], "group-finer": [.character("[")],
    "chart-back": [.character("<")], "chart-forward": [.character(">")], "scroll-home": [.character("g")],
    "scroll-up": [.character("i")], "ticket-confirm": [.character("!")], "scroll-down": [.character("u")],
    "unzoom": [.character("9")],
  ])

  static func screen(_ s: AppState) -> String { DashboardView.render(s).text }

  @Test func theMarketsListsFooterAndEmptyFavourites() {
    var s = MarketsAppTests.state(width: 120, height: 30)
    #expect(MarketsScreen.footer(s.keys) == "Enter open  Tab/d sort  / filter  f type  * star  m back")
    s.keys = Self.rebound
    _ = MarketsAppTests.press(&s, .character("M"))
    #expect(s.screen == .markets)
    #expect(Self.screen(s).contains("O open  n/D sort  F filter  K type  8 star  M back"))
    for _ in 0..<8 where s.markets.kinds != .favourites { _ = MarketsAppTests.press(&s, .character("K")) }
    #expect(s.markets.kinds == .favourites)
    #expect(Self.screen(s).contains("no favourites yet: 8 stars the selected row"))
  }

  @Test func thePortfoliosFooter() {
    var s = PortfolioAppTests.state()
    #expect(PortfolioScreen.footer(s.keys) == "↑/↓ scroll  P back  m markets  ? help")
    s.keys = Self.rebound
    PortfolioAppTests.press(&s, .character("Y"))
    #expect(s.screen == .portfolio)
    #expect(Self.screen(s).contains("i/u scroll  Y back  M markets  H help"))
  }

  @Test func theActivityPaneAndTheChartFooters() throws {
    var s = try DashboardSnapshotTests.state(width: 120, height: 40)
    s.keys = Self.rebound
    _ = App.update(&s, .key(.character("W")))
    #expect(s.activityVisible)
    var text = Self.screen(s)
    #expect(text.contains("W: hide") && !text.contains("w: hide"))
    #expect(text.contains("C: next chart") && !text.contains("c: next chart"))
    // Candles, focused: the cursor's keys and Home's.
    for _ in 0..<2 { _ = App.update(&s, .key(.character("C"))) }
    #expect(s.chartMode == .candles)
    s.focus = .chart
    text = Self.screen(s)
    #expect(text.contains("</> time · g: now · C: next"), "\(text)")
    s.focus = .book
    #expect(Self.screen(s).contains("C: next chart"))
    for _ in 0..<4 { _ = App.update(&s, .key(.character("C"))) }
    #expect(s.chartMode == .heatmap)
    #expect(Self.screen(s).contains("]/[: band · C: next chart"))
  }

  @Test func theTicketsConfirmLine() {
    var s = TicketAppTests.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = TicketAppTests.press(&s, .character("o"))
    _ = TicketAppTests.type(&s, "1200")
    #expect(Self.screen(s).contains("Enter: paper BUY"))
    s.keys = Self.rebound
    #expect(Self.screen(s).contains("!: paper BUY"))
  }

  @Test func theHelpNamesTheKeysInForce() {
    let standard = KeyBindings.standard.help
    #expect(standard.contains { $0.action == "zoom book / trades / chart (again, 0 or Esc: split)" })
    #expect(standard.contains { $0.action == "markets list (m or Esc: back to the dashboard)" })
    #expect(standard.contains { $0.key == "  Up k Down j PgUp PgDn" })
    let help = Self.rebound.help
    #expect(help.contains { $0.action == "zoom book / trades / chart (again, 9 or Esc: split)" })
    #expect(help.contains { $0.action == "markets list (M or Esc: back to the dashboard)" })
    #expect(help.contains { $0.action == "ticket: cancel the selected open order (i u)" })
    #expect(
      help.contains {
        $0.action.hasPrefix("portfolio: file + paper positions") && $0.action.contains("(Y or Esc back)")
      })
    #expect(help.contains { $0.key == "  i u PgUp PgDn" })
    #expect(!help.contains { $0.action.contains("{") })
  }
}
