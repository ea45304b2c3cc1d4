import MarketModel
import Screen
import Testing

@testable import App

/// The chart chooser (issue 29: every chart was up to eight presses of `c` away): `C`, then one
/// key per chart kind and interval; Esc closes it; any other key closes it and does its job.
@Suite struct ChartChooserTests {
  static func state() -> AppState {
    AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
  }

  static func press(_ s: inout AppState, _ keys: Key...) {
    for key in keys { _ = App.update(&s, .key(key)) }
  }

  static func shown(_ s: AppState) -> String {
    switch s.chartMode {
    case .sparkline: "line \(s.chartInterval.label)"
    case .candles: "candles \(s.candleInterval.label)"
    case .heatmap: "heatmap"
    }
  }

  @Test(arguments: [
    ("1", "line 1s"), ("2", "line 1m"), ("3", "line 5m"), ("4", "candles 1m"), ("5", "candles 5m"),
    ("6", "candles 1h"), ("7", "candles 1d"), ("8", "heatmap"),
  ])
  func oneKeyAfterCPicksEachChart(key: Character, chart: String) {
    var s = Self.state()
    Self.press(&s, .character("C"), .character(key))
    #expect(Self.shown(s) == chart)
    #expect(s.overlay != .chartMenu)
  }

  @Test func theFooterListsTheChoicesWithTheOneShown() {
    var s = Self.state()
    Self.press(&s, .character("C"))
    let screen = DashboardView.render(s).text
    let choices = "chart: 1 line 1s  2 [1m]  3 5m  4 candles 1m  5 5m  6 1h  7 1d  8 heatmap  Esc"
    #expect(screen.contains(choices), "\(screen)")
    // At 80 columns the short words, which fit the box (the long ones were not drawn at all).
    s.width = 80
    s.height = 24
    let narrow = DashboardView.render(s).text
    #expect(narrow.contains("chart: 1 1s 2 [1m] 3 5m 4 c1m 5 c5m 6 c1h 7 c1d 8 heat Esc"), "\(narrow)")
  }

  /// Esc only closes; another key closes and does its job (`t`: bars by size); a zoom key (`1`
  /// outside the chooser) is the dashboard's again.
  @Test func escOrAnotherKeyCloses() {
    var s = Self.state()
    Self.press(&s, .character("C"), .escape)
    #expect(s.overlay != .chartMenu && Self.shown(s) == "line 1m")
    let bars = s.barsByTotal
    Self.press(&s, .character("C"), .character("t"))
    #expect(s.overlay != .chartMenu && s.barsByTotal != bars && Self.shown(s) == "line 1m")
    Self.press(&s, .character("1"))
    #expect(s.zoom == .book)
  }

  /// The chooser's keys are the config's to rebind (`[keys] chart-candles-1h = "h"`), in the
  /// chooser only: `h` is still help on the dashboard.
  @Test func theChoosersKeysRebind() {
    var s = Self.state()
    s.keys = KeyBindings(overrides: ["chart-candles-1h": [.character("h")]])
    Self.press(&s, .character("C"), .character("h"))
    #expect(Self.shown(s) == "candles 1h")
    Self.press(&s, .character("h"))
    #expect(s.overlay?.helpPage != nil)
  }
}
