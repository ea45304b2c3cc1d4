import TestSupport
import Testing

@testable import Screen

@Suite struct HelpOverlayTests {
  static let entries = [
    KeyHint("Tab", "next pane"), KeyHint("1 2 3", "zoom a pane"), KeyHint("+ -", "price grouping"),
    KeyHint("s /", "switch symbol"), KeyHint("q", "quit"),
  ]

  @Test func centredBoxOverWhatWasThere() {
    var g = Snapshot.grid(34, 9)
    HelpOverlay(entries: Self.entries).render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "··································",
        "····┏ Keys ━━━━━━━━━━━━━━━━━┓·····",
        "····┃ Tab    next pane      ┃·····",
        "····┃ 1 2 3  zoom a pane    ┃·····",
        "····┃ + -    price grouping ┃·····",
        "····┃ s /    switch symbol  ┃·····",
        "····┃ q      quit           ┃·····",
        "····┗━━━━━━━ any key closes ┛·····",
        "··································",
      ])
    #expect(g[6, 2].style == Style(.accent, bold: true))
    #expect(g[13, 2].style == Style())
  }

  @Test func shortAreasUseColumns() {
    var g = Snapshot.grid(60, 5)
    HelpOverlay(entries: Self.entries, footer: "").render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "·····┏ Keys ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓······",
        "·····┃ Tab    next pane        s /    switch symbol  ┃······",
        "·····┃ 1 2 3  zoom a pane      q      quit           ┃······",
        "·····┃ + -    price grouping                         ┃······",
        "·····┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛······",
      ])
  }

  /// A line longer than its column wraps at words under its action, never cut (issue 29: the
  /// help cut its lines at 80 columns, `hea…`, `eat…`).
  @Test func longLinesWrapAtWords() {
    let long = [
      KeyHint("c", "chart: sparkline 1s/1m/5m, candles 1m/5m/1h/1d, heatmap"),
      KeyHint("Tab", "next pane"),
    ]
    var g = Snapshot.grid(34, 8)
    HelpOverlay(entries: long).render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "··································",
        "┏ Keys ━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
        "┃ c    chart: sparkline          ┃",
        "┃        1s/1m/5m, candles       ┃",
        "┃        1m/5m/1h/1d, heatmap    ┃",
        "┃ Tab  next pane                 ┃",
        "┗━━━━━━━━━━━━━━━━ any key closes ┛",
        "··································",
      ])
    #expect(!g.text.contains("…"))
  }

  @Test func snapshotAscii() {
    var g = Snapshot.grid(50, 12)
    HelpOverlay(entries: Self.entries, ascii: true).render(into: &g, area: g.bounds)
    Snapshot.expect(g, named: "help-50x12-ascii")
  }
}

@Suite struct SymbolPickerTests {
  static let items = ["ADAUSD", "DOGEUSD", "ETHUSD", "ETHUSDT", "LTCUSD", "SOLUSD", "XBTUSD", "XRPUSD"].map {
    SymbolPicker.Item($0)
  }

  @Test func filterFieldAndSelectedRow() {
    var g = Snapshot.grid(44, 10)
    let picker = SymbolPicker(filter: "ETH", items: [Self.items[2], Self.items[3]], selected: 1)
    picker.render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "············································",
        "············································",
        "····┏ Symbol ━━━━━━━━━━━━━━━━━━━━━━━━━━┓····",
        "····┃ Filter: ETH█                     ┃····",
        "····┃──────────────────────────────────┃····",
        "····┃   ETHUSD                         ┃····",
        "····┃ ▶ ETHUSDT                        ┃····",
        "····┗━━━━━━━━━━━━━━━━━━━━ ↑↓ Enter Esc ┛····",
        "············································",
        "············································",
      ])
    #expect((6...37).allSatisfy { g[$0, 6].style == Style(.accent, bold: true, reverse: true) })
    #expect(g[5, 6].style == Style() && g[38, 6].style == Style())
    #expect(g[7, 5].style == Style())
  }

  @Test func longListScrollsToKeepTheSelection() {
    var g = Snapshot.grid(40, 9)
    let items = Self.items.map { SymbolPicker.Item($0.symbol, detail: "perp") }
    SymbolPicker(filter: "", items: items, selected: 6, ascii: true).render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "··+ Symbol ==========================+··",
        "··| Filter: _                        |··",
        "··|----------------------------------|··",
        "··|   ETHUSDT  perp                  |··",
        "··|   LTCUSD   perp                  |··",
        "··|   SOLUSD   perp                  |··",
        "··| > XBTUSD   perp                  |··",
        "··|   XRPUSD   perp                  |··",
        "··+=============== Up/Down Enter Esc +··",
      ])
  }

  static let windows: [(Int, Int, Int, Int)] = [
    (0, 10, 5, 0), (4, 10, 5, 2), (9, 10, 5, 5), (7, 10, 5, 5), (3, 3, 5, 0), (-1, 10, 4, 0), (99, 10, 4, 6),
  ]

  @Test(arguments: windows)
  func firstVisible(selected: Int, count: Int, rows: Int, first: Int) {
    #expect(SymbolPicker.firstVisible(selected: selected, count: count, rows: rows) == first)
  }

  /// Issue 11: a long symbol was padded into every row and cut there, so the short symbols'
  /// rows ended in an ellipsis too. Each symbol is cut on its own row.
  @Test func aLongSymbolIsCutOnItsOwnRow() {
    var g = Snapshot.grid(44, 7)
    let items = ["XBTUSD", "A_VERY_LONG_SYMBOL_NAME_FROM_A_HOSTILE_LIST_123"].map { SymbolPicker.Item($0) }
    SymbolPicker(filter: "", items: items, selected: 1).render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "·┏ Symbol ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓·",
        "·┃ Filter: █                              ┃·",
        "·┃────────────────────────────────────────┃·",
        "·┃   XBTUSD                               ┃·",
        "·┃ ▶ A_VERY_LONG_SYMBOL_NAME_FROM_A_HOST… ┃·",
        "·┗━━━━━━━━━━━━━━━━━━━━━━━━━━ ↑↓ Enter Esc ┛·",
        "············································",
      ])
  }

  /// A message longer than the box (a failure with its reason and what to do) wraps over up
  /// to four rows instead of losing its end.
  @Test func aLongMessageWraps() {
    var g = Snapshot.grid(40, 9)
    let message = "symbol list failed: no answer within 10 s (r retries; Enter opens the symbol typed)"
    SymbolPicker(filter: "", items: [], selected: 0, message: message).render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "········································",
        "··┏ Symbol ━━━━━━━━━━━━━━━━━━━━━━━━━━┓··",
        "··┃ Filter: █                        ┃··",
        "··┃──────────────────────────────────┃··",
        "··┃ symbol list failed: no answer    ┃··",
        "··┃ within 10 s (r retries; Enter    ┃··",
        "··┃ opens the symbol typed)          ┃··",
        "··┗━━━━━━━━━━━━━━━━━━━━ ↑↓ Enter Esc ┛··",
        "········································",
      ])
    #expect(SymbolPicker.wrap("aaaa bbbb cccc dddd", width: 9, rows: 1) == ["aaaa bbb…"])
    #expect(SymbolPicker.wrap("abcdefghij", width: 4, rows: 3) == ["abcd", "efgh", "ij"])
    #expect(SymbolPicker.wrap("", width: 4, rows: 3) == [""])
  }

  @Test func emptyListShowsTheMessageAndTypedTextIsSafe() {
    var g = Snapshot.grid(40, 7)
    SymbolPicker(filter: "\u{1B}[31mZZZ", items: [], selected: 0, message: "no match").render(
      into: &g, area: g.bounds)
    #expect(g.line(2) == "··┃ Filter: ?[31mZZZ█                ┃··")
    #expect(g.line(4) == "··┃ no match                         ┃··")
  }
}

@Suite struct TooSmallTests {
  @Test func centredMessageWithTheCurrentSize() {
    var g = Snapshot.grid(59, 5)
    TooSmall().render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "                                                           ",
        "              terminal too small (need 60×16)              ",
        "                         now 59×5                          ",
        "                                                           ",
        "                                                           ",
      ])
    #expect(g[14, 1].style == Style(.warning, bold: true))
    #expect(g[25, 2].style == Style(.muted))
  }

  @Test func wrapsOnNarrowScreensAndAscii() {
    var g = Snapshot.grid(20, 6)
    TooSmall(ascii: true).render(into: &g, area: g.bounds)
    #expect(
      Fixtures.lines(g) == [
        "                    ",
        " terminal too small ",
        "    (need 60x16)    ",
        "      now 20x6      ",
        "                    ",
        "                    ",
      ])
    #expect(TooSmall.wrap("a bb ccc", width: 2) == ["a", "bb", "cc"])
  }
}
