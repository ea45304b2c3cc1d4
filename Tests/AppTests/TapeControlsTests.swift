import MarketModel
import Screen
import Session
import Testing
import Trading

@testable import App

/// The tape's keys on the real dashboard (the recorded 2021 XBTUSD session): `T` switches
/// between one line per taker order and every trade, `f` steps the minimum size, each said on
/// the pane.
@Suite struct TapeControlsTests {
  static func press(_ s: inout AppState, _ key: Character) { _ = App.update(&s, .key(.character(key))) }

  /// The trades pane's lines (the right half of a 120-column dashboard), title to footer.
  static func tape(_ s: AppState) -> [String] {
    let grid = DashboardView.render(s)
    return (1..<30).map { String(grid.line($0).dropFirst(72)) }
  }

  @Test func ordersAreOneLineByDefaultAndTShowsEveryTrade() throws {
    var s = try DashboardSnapshotTests.state(width: 120, height: 40)
    var lines = Self.tape(s)
    #expect(lines[2].contains("33,400 ×8") && lines[2].contains("33.4K"), "\(lines[2])")
    #expect(lines.contains { $0.contains("by order · notional USD") }, "\(lines)")
    s.view.tapeScroll = 2
    Self.press(&s, "T")
    #expect(!s.tapeByOrder && s.view.tapeScroll == 0)
    lines = Self.tape(s)
    #expect(!lines.contains { $0.contains("×") }, "\(lines)")
    #expect(lines[2].contains("7,300"), "\(lines[2])")
    #expect(lines.contains { $0.contains("every trade · notional USD") }, "\(lines)")
  }

  @Test func fStepsTheMinimumAndTheTitleSaysIt() throws {
    var s = try DashboardSnapshotTests.state(width: 120, height: 40)
    Self.press(&s, "f")
    var lines = Self.tape(s)
    #expect(lines[0].contains("Trades ≥1K USD"), "\(lines[0])")
    // Only the orders of at least 1,000 USD: 3,000, 33,400 (eight trades), 1,000 and 1,000.
    #expect(lines[1].contains("3,000") && lines[2].contains("33,400 ×8"), "\(lines)")
    #expect(lines[3].contains("1,000 ×2") && lines[4].contains("1,000"), "\(lines)")
    #expect(!lines[5].contains("BUY"), "\(lines[5])")
    Self.press(&s, "f")
    Self.press(&s, "f")
    lines = Self.tape(s)
    #expect(lines[0].contains("Trades ≥100K USD"), "\(lines[0])")
    #expect(lines[1].contains("no trades at ≥100K USD yet"), "\(lines[1])")
    Self.press(&s, "f")
    Self.press(&s, "f")
    #expect(s.tapeFilterStep == 0)
    #expect(!Self.tape(s)[0].contains("≥"))
  }

  @Test func theKeysAreInTheKeymapAndTheHelp() {
    #expect(Keymap.command(for: .character("T")) == .toggleTapeOrders)
    #expect(Keymap.command(for: .character("f")) == .cycleTapeFilter)
    let help = KeyBindings.standard.help
    #expect(help.contains { $0.key == "T" && $0.action.contains("taker order") })
    #expect(help.contains { $0.key == "f" && $0.action.contains("minimum size") })
  }
}

/// `v` hides and shows the VWAP and the EMA over the candles; the legend names them.
@Suite struct ChartAveragesKeyTests {
  @Test func vTogglesTheLinesAndTheLegend() throws {
    var s = try DashboardSnapshotTests.state(width: 120, height: 40)
    _ = App.update(&s, .key(.character("c")))
    _ = App.update(&s, .key(.character("c")))
    #expect(s.chartMode == .candles)
    func chartTop(_ s: AppState) -> String {
      let grid = DashboardView.render(s)
      return (0..<grid.height).map(grid.line).first { $0.contains("O ") && $0.contains("V ") } ?? ""
    }
    #expect(s.chartAverages)
    #expect(chartTop(s).contains("VWAP") && chartTop(s).contains("EMA20"), "\(chartTop(s))")
    _ = App.update(&s, .key(.character("v")))
    #expect(!s.chartAverages)
    #expect(!chartTop(s).contains("VWAP"), "\(chartTop(s))")
    #expect(Keymap.command(for: .character("v")) == .toggleAverages)
  }
}

/// The chart's marks come from the user's own prices on the symbol shown.
@Suite struct ChartMarksFromStateTests {
  @Test func positionsAlertsAndOrdersOfThisSymbolOnly() throws {
    var s = try DashboardSnapshotTests.state(width: 120, height: 40)
    s.portfolio.held = [
      HeldPosition(symbol: "XBTUSD", quantity: 1_000, entry: 32_100),
      HeldPosition(symbol: "ETHUSD", quantity: 10, entry: 2_000),
    ]
    _ = s.alerts.add(AlertRule(symbol: "XBTUSD", kind: .above(32_500, .last)))
    _ = s.alerts.add(AlertRule(symbol: "ETHUSD", kind: .below(1_900, .last)))
    let marks = DashboardView.chartMarks(s)
    #expect(marks == [ChartMark(price: 32_100, kind: .entry), ChartMark(price: 32_500, kind: .alert)])
  }
}
