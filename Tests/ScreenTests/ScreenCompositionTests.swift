import MarketModel
import Session
import TestSupport
import Testing

@testable import Screen

/// Every widget together on a laid-out screen, as the app composes them: proves they fit
/// their panes at real sizes, and that no server text reaches a cell raw.
@Suite struct ScreenCompositionTests {
  static func screen(
    width: Int, height: Int, zoom: Pane? = nil, ascii: Bool = false, name: String = ""
  )
    -> Grid
  {
    var g = Snapshot.grid(width, height)
    guard let layout = Layout.compute(width: width, height: height, zoom: zoom) else {
      TooSmall(ascii: ascii).render(into: &g, area: g.bounds)
      return g
    }
    HeaderBar(
      symbol: "XBTUSD", name: name, lastPrice: 50_000.5, tickDirection: .plusTick, change24h: 0.0204,
      markPrice: 50_001.2, indexPrice: 50_001.0, fundingRate: 0.0001, fundingCountdownMs: 11_520_000,
      volume24h: 123_456_789, priceDecimals: 1, ascii: ascii
    ).render(into: &g, area: layout.header)
    if let book = layout.book {
      let box = Box(title: "Book  grp 0.5", focused: true, ascii: ascii)
      box.render(into: &g, area: book)
      BookView(asks: Fixtures.asks, bids: Fixtures.bids, priceDecimals: 1, ascii: ascii)
        .render(into: &g, area: box.inner(book))
    }
    if let trades = layout.trades {
      let box = Box(title: "Trades", ascii: ascii)
      box.render(into: &g, area: trades)
      TapeView(trades: Fixtures.trades, priceDecimals: 1, nowMs: Fixtures.noon + 1_000)
        .render(into: &g, area: box.inner(trades))
    }
    if let chart = layout.chart {
      let box = Box(title: "Price 1m", ascii: ascii)
      box.render(into: &g, area: chart)
      Sparkline(buckets: Fixtures.buckets, priceDecimals: 1, ascii: ascii).render(
        into: &g, area: box.inner(chart))
    }
    StatusLine(
      connection: ConnectionBadge(.live), messagesPerSecond: 42, dataAgeMs: 120, pingMs: 18,
      hints: StatusLineTests.hints,
      ascii: ascii
    ).render(into: &g, area: layout.status)
    return g
  }

  static let snapshotSizes: [(Int, Int)] = [(60, 16), (80, 24), (120, 40)]
  static let bigSizes: [(Int, Int)] = [(200, 60), (300, 100), (61, 17)]

  @Test(arguments: snapshotSizes)
  func snapshots(width: Int, height: Int) {
    let g = Self.screen(width: width, height: height)
    // A full layout paints every cell.
    #expect(!g.text.contains(Snapshot.sentinel))
    Snapshot.expect(g, named: "screen-\(width)x\(height)")
  }

  @Test func asciiScreenIsPureAscii() {
    let g = Self.screen(width: 80, height: 24, ascii: true)
    #expect(g.cells.allSatisfy { $0.character.isASCII })
    Snapshot.expect(g, named: "screen-80x24-ascii")
  }

  @Test(arguments: bigSizes, Pane.layouts)
  func everySizePaintsEveryCell(size: (Int, Int), zoom: Pane?) {
    let g = Self.screen(width: size.0, height: size.1, zoom: zoom)
    #expect(!g.text.contains(Snapshot.sentinel))
  }

  @Test func tooSmallScreen() {
    let g = Self.screen(width: 59, height: 16)
    #expect(g.line(7) == "              terminal too small (need 60×16)              ")
  }

  @Test func noControlCharacterReachesAnyCell() {
    let hostile = "\u{1B}]52;c;cHdu\u{7}\u{1B}[2J\u{9B}31m\r\n\t\u{7F}\u{0}"
    var g = Self.screen(width: 120, height: 40, name: hostile)
    Box(title: hostile).render(into: &g, area: Rect(x: 10, y: 10, width: 40, height: 5))
    StatusLine(connection: ConnectionBadge(.error(FeedFailure(.other, hostile)))).render(
      into: &g, area: Rect(x: 0, y: 39, width: 120, height: 1))
    StatusLine(connection: StatusLineTests.waiting(1, 0, hostile))
      .render(into: &g, area: Rect(x: 0, y: 38, width: 120, height: 1))
    SymbolPicker(filter: hostile, items: [SymbolPicker.Item(hostile, detail: hostile)], selected: 0)
      .render(into: &g, area: g.bounds)
    HelpOverlay(title: hostile, entries: [KeyHint(hostile, hostile)]).render(
      into: &g, area: Rect(x: 0, y: 0, width: 60, height: 20))
    #expect(g.text.contains("?]52;c;cHdu"))
    for cell in g.cells {
      for scalar in cell.character.unicodeScalars {
        #expect(scalar.value >= 0x20 && !(0x7F..<0xA0).contains(scalar.value), "raw U+\(scalar.value)")
      }
    }
  }
}
