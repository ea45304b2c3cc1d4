import Screen
import Testing

/// The watchlist pane's lines (issue 29): a favourite each, the instrument on screen marked,
/// numbers in columns after the symbols with their age, a stale line dimmed, another venue's saying it is not
/// live; at 40 columns the gaps narrow, narrower the change goes, then the symbols are cut.
@Suite struct WatchlistViewTests {
  static let lines: [WatchlistView.Line] = [
    .init(
      label: "XBTUSD", current: true,
      quote: .priced(last: 98_000, decimals: 1, change24h: 0.0124, ageMs: 300, stale: false)),
    .init(
      label: "ETHUSD",
      quote: .priced(last: 3_500.25, decimals: 2, change24h: -0.0042, ageMs: 1_200, stale: false)),
    .init(
      label: "SOLUSD", quote: .priced(last: 151.09, decimals: 2, change24h: nil, ageMs: 65_000, stale: true)),
    .init(label: "kraken:BTC/USD", quote: .absent("not live: open it", short: "not live")),
  ]

  /// `text` padded to the line's width.
  static func line(_ text: String, width: Int) -> String {
    text + String(repeating: " ", count: width - text.count)
  }

  static func render(width: Int, cursor: Int = 0, showsCursor: Bool = false) -> Grid {
    var grid = Grid(width: width, height: 4)
    WatchlistView(lines: Self.lines, cursor: cursor, showsCursor: showsCursor).render(
      into: &grid, area: grid.bounds)
    return grid
  }

  @Test func eightyColumnsLineTheNumbersUpAfterTheSymbols() {
    let grid = Self.render(width: 80)
    #expect(grid.line(0) == Self.line("▶ XBTUSD          98,000.0  +1.24%     0s", width: 80))
    #expect(grid.line(1) == Self.line("  ETHUSD          3,500.25  -0.42%     1s", width: 80))
    #expect(grid.line(2) == Self.line("  SOLUSD            151.09       -  1m05s", width: 80))
    #expect(grid.line(3) == Self.line("  kraken:BTC/USD  not live: open it", width: 80))
    // The change in the colour of its direction.
    #expect(grid[29, 0].style.color == .up && grid[29, 1].style.color == .down)
  }

  @Test func fortyColumnsKeepEverythingOneColumnApart() {
    let grid = Self.render(width: 40)
    #expect(grid.line(0) == Self.line("▶ XBTUSD         98,000.0 +1.24%    0s", width: 40))
    #expect(grid.line(2) == Self.line("  SOLUSD           151.09      - 1m05s", width: 40))
    #expect(grid.line(3) == Self.line("  kraken:BTC/USD not live: open it", width: 40))
  }

  /// Narrower, the change goes before anything is cut; then the symbols (never a number, never
  /// the age), and a note takes its short form.
  @Test func narrowerTheChangeGoesThenTheSymbolsAreCut() {
    let grid = Self.render(width: 30)
    #expect(grid.line(0) == Self.line("▶ XBTUSD        98,000.0    0s", width: 30))
    #expect(grid.line(2) == Self.line("  SOLUSD          151.09 1m05s", width: 30))
    #expect(grid.line(3) == Self.line("  kraken:BTC/U… not live", width: 30))
  }

  @Test func theInstrumentOnScreenIsMarked() {
    let grid = Self.render(width: 80)
    #expect(grid[0, 0].character == "▶" && grid[0, 0].style.color == .accent)
    #expect(grid[2, 0].style.bold && grid[2, 0].style.color == .accent)
    #expect(grid[0, 1].character == " " && !grid[2, 1].style.bold)
    var ascii = Grid(width: 40, height: 1)
    WatchlistView(lines: Self.lines, ascii: true).render(into: &ascii, area: ascii.bounds)
    #expect(ascii.line(0).hasPrefix("> XBTUSD"))
  }

  /// A line older than its limit is dimmed whole, its age still said; a fresh one is not.
  @Test func aStaleLineIsDimmedWithItsAge() {
    let grid = Self.render(width: 80)
    #expect(grid.line(2).contains("-  1m05s"))
    #expect((0..<80).allSatisfy { grid[$0, 2].style.dim })
    #expect((0..<80).allSatisfy { !grid[$0, 0].style.dim && !grid[$0, 1].style.dim })
  }

  /// Another venue's favourite shows no number that could look current, only why.
  @Test func aLineWithoutNumbersSaysWhy() {
    let grid = Self.render(width: 80)
    #expect(!grid.line(3).contains { $0.isNumber })
    #expect(grid[18, 3].style.color == .muted)
  }

  /// The selection in reverse video only while the pane has the keys; kept in view.
  @Test func theSelectionShowsWhileThePaneHasTheKeys() {
    let focused = Self.render(width: 40, cursor: 1, showsCursor: true)
    #expect((0..<40).allSatisfy { focused[$0, 1].style.reverse })
    #expect(!focused[0, 0].style.reverse)
    let unfocused = Self.render(width: 40, cursor: 1)
    #expect((0..<40).allSatisfy { !unfocused[$0, 1].style.reverse })
    var short = Grid(width: 40, height: 2)
    WatchlistView(lines: Self.lines, cursor: 3, showsCursor: true).render(into: &short, area: short.bounds)
    #expect(short.line(1).hasPrefix("  kraken:BTC/USD"))
    #expect(WatchlistView(lines: Self.lines, cursor: 3).firstVisible(height: 2) == 2)
  }

  @Test func noFavouriteSaysHowToStarOne() {
    var grid = Grid(width: 40, height: 2)
    WatchlistView(lines: [], empty: "no favourites: m, then * stars a row").render(
      into: &grid, area: grid.bounds)
    #expect(grid.line(0).hasPrefix("no favourites: m, then * stars a row"))
  }
}
