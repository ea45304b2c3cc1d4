import Kraken
import MarketModel
import OKX
import Testing

@testable import Screen

/// The markets list widget: columns by width, arrows by the last move, the flash, the cursor.
@Suite struct MarketsViewTests {
  static func rows() -> [MarketRow] {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    for (n, symbol) in (["XBTUSD", "ETHUSD", "SOLUSDT"] as [Symbol]).enumerated() {
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = "FFWCSX"
      u.tickSize = 0.5
      u.lastPrice = 100 + Double(n)
      u.prevPrice24h = 100
      batch.instruments.append(u)
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<3))]
    universe.apply(batch, now: 0)
    batch.removeAll()
    var up = InstrumentUpdate(symbol: "ETHUSD")
    up.lastPrice = 105
    var down = InstrumentUpdate(symbol: "SOLUSDT")
    down.lastPrice = 90
    batch.instruments = [up, down]
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<2))]
    universe.apply(batch, now: 1_000)
    return universe.rows
  }

  @Test(arguments: [(52, 5), (62, 6), (77, 7), (80, 7), (117, 11), (200, 12)])
  func columnsAsWidthAllows(width: Int, count: Int) {
    let columns = MarketsColumn.fitting(width)
    #expect(columns.count == count)
    #expect(Array(columns.prefix(5)) == [.symbol, .last, .age, .change, .volume])
    #expect(columns.reduce(0) { $0 + $1.width } <= max(width, 52))
  }

  /// A row that has gone quiet (three times its usual interval, at least 5 s) is dimmed and its
  /// age column says for how long; a row keeping its rhythm shows no age. The columns stay put.
  @Test(arguments: [80, 120, 200])
  func aQuietRowIsDimmedWithItsAge(width: Int) throws {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    for symbol in ["XBTUSD", "ETHUSD"] as [Symbol] {
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = "FFWCSX"
      u.lastPrice = 100
      batch.instruments.append(u)
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<2))]
    universe.apply(batch, now: 0)
    // Both tick every second until 10 s; then only XBTUSD goes on.
    for second in 1...22 {
      batch.removeAll()
      for symbol in (second <= 10 ? ["XBTUSD", "ETHUSD"] : ["XBTUSD"]) as [Symbol] {
        var u = InstrumentUpdate(symbol: symbol)
        u.volume24h = Double(second)
        batch.instruments.append(u)
      }
      batch.events = [
        .instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<batch.instruments.count))
      ]
      universe.apply(batch, now: Int64(second) * 1_000)
    }
    var grid = Grid(width: width, height: 3)
    MarketsView(rows: universe.rows, rates: Rates(), cursor: 5, nowMs: 22_000)
      .render(into: &grid, area: grid.bounds)
    let header = grid.line(0)
    let ageColumn = try #require(header.range(of: "Age")).lowerBound
    let x = header.distance(from: header.startIndex, to: ageColumn)
    #expect(x == 29)  // right-aligned over 27..<33, as its cells
    // XBTUSD keeps its rhythm: plain, no age. ETHUSD quiet for 12 s: dimmed, "12s" under Age.
    #expect(!grid[0, 1].style.dim)
    #expect(grid.line(1).dropFirst(27).prefix(6).allSatisfy { $0 == " " })
    #expect(grid[0, 2].style.dim && grid[width - 1, 2].style.dim)
    #expect(String(grid.line(2).dropFirst(27).prefix(6)) == "  12s ")
    // The columns after it start where the header says.
    let change = header.distance(
      from: header.startIndex, to: try #require(header.range(of: "24h %")).lowerBound)
    #expect(change == 36)
  }

  @Test func rowsShowArrowsAndTheFlashFades() {
    var grid = Grid(width: 80, height: 5)
    let view = MarketsView(rows: Self.rows(), rates: Rates(), cursor: 0, nowMs: 1_100)
    view.render(into: &grid, area: grid.bounds)
    // Each column with a unit says it: USD volume, the spread in basis points (issue 29).
    #expect(grid.line(0).contains("Vol $24h▼") && grid.line(0).contains("Spread bp"), "\(grid.line(0))")
    #expect(grid.line(1).hasPrefix("XBTUSD"))
    #expect(grid.line(2).contains("105.0▲") && grid.line(2).contains("+5.00%"))
    #expect(grid.line(3).contains("90.0▼") && grid.line(3).contains("-10.00%"))
    // Flashing 100 ms after the move: the moved rows' symbols bold and underlined, green up and
    // red down, not in reverse video: that is the cursor's (issue 29: a flash looked like it).
    #expect(grid[0, 2].style == Style(.up, bold: true, underline: true))
    #expect(grid[0, 3].style == Style(.down, bold: true, underline: true))
    // The cursor row is reversed across; the others are not.
    #expect(grid[40, 1].style.reverse)
    #expect((0..<80).allSatisfy { !grid[$0, 2].style.reverse && !grid[$0, 3].style.reverse })

    var later = Grid(width: 80, height: 5)
    MarketsView(rows: Self.rows(), rates: Rates(), cursor: 0, nowMs: 1_400).render(
      into: &later, area: later.bounds)
    #expect(!later[0, 2].style.underline && later[0, 2].style.color != .up)
  }

  /// Basis is the mark minus the index (not minus the last), and a dated future's shows a yearly
  /// rate too (issue 29: `Basis` was mark − last, unlabelled).
  @Test func theBasisIsMarkMinusIndexAndAYearForADatedFuture() throws {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    var u = InstrumentUpdate(symbol: "XBTZ26")
    u.typ = "FFCCSX"
    u.tickSize = 0.5
    u.lastPrice = 101_000
    u.markPrice = 100_500
    u.indicativeSettlePrice = 100_000
    u.timeMs = 1_700_000_000_000
    u.expiryMs = u.timeMs! + 73 * 86_400_000
    batch.instruments = [u]
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<1))]
    universe.apply(batch, now: 0)
    var grid = Grid(width: 140, height: 2)
    MarketsView(rows: universe.rows, rates: Rates(), cursor: 5, nowMs: 0, wallMs: u.timeMs!)
      .render(into: &grid, area: grid.bounds)
    #expect(grid.line(0).contains("Basis  Basis/y"), "\(grid.line(0))")
    // +500.0 (mark − index), 0.5 % over 73 days: +2.5 % a year.
    #expect(grid.line(1).contains("+500.0    +2.5%"), "\(grid.line(1))")
  }

  /// The cursor on a flashing row: still the whole row in reverse video.
  @Test func theCursorShowsOnAFlashingRow() {
    var grid = Grid(width: 80, height: 5)
    MarketsView(rows: Self.rows(), rates: Rates(), cursor: 1, nowMs: 1_100).render(
      into: &grid, area: grid.bounds)
    #expect((0..<80).allSatisfy { grid[$0, 2].style.reverse })
    #expect(grid[0, 2].style.underline, "and it still flashes")
  }

  /// A future's Type is whole: `future 119d`, not `future 119d0` cut from `119d04h`.
  @Test func aFuturesTypeIsNotCut() {
    #expect(
      MarketsColumn.kindText(.future(expiryMs: 119 * 86_400_000 + 4 * 3_600_000), nowMs: 0) == "future 119d")
    #expect(MarketsColumn.kindText(.future(expiryMs: 5 * 3_600_000 + 1_800_000), nowMs: 0) == "future 5h30m")
    #expect(
      MarketsColumn.kindText(.future(expiryMs: 999 * 86_400_000), nowMs: 0).count < MarketsColumn.kind.width)
  }

  /// A last price too wide for its column is shown short (`12.3B`), never cut.
  @Test func aPriceTooWideForItsColumnIsShortenedNotCut() {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    var u = InstrumentUpdate(symbol: "XBTUSD")
    u.typ = "FFWCSX"
    u.tickSize = 0.5
    u.lastPrice = 12_345_678_901.5
    u.markPrice = 12_345_678_901.5
    batch.instruments.append(u)
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<1))]
    universe.apply(batch, now: 0)
    var grid = Grid(width: 120, height: 3)
    MarketsView(rows: universe.rows, rates: Rates(), cursor: 5, nowMs: 100).render(
      into: &grid, area: grid.bounds)
    let row = grid.line(1)
    // Last and mark, each in short form.
    #expect(row.components(separatedBy: " 12.3B").count == 3, "\(row)")
    #expect(!row.contains("12,345,6"), "\(row)")
  }
}

/// A venue's list says its venue in a column (BitMEX's list has none).
@Suite struct MarketsViewVenueTests {
  @Test func aVenuesListHasAVenueColumn() {
    #expect(!MarketsColumn.fitting(200).contains(.venue))
    #expect(MarketsColumn.fitting(200, venues: true).last == .venue)
    var universe = MarketUniverse(venue: .kraken)
    var batch = VenueBatch()
    var t = VenueTicker()
    t.last = FixedDecimal("63005.0")!
    batch.appendTicker(t, symbol: "BTC/USD")
    universe.apply(batch, now: 1)
    var g = Grid(width: 160, height: 3)
    MarketsView(rows: universe.rows, rates: Rates(), cursor: 0).render(into: &g, area: g.bounds)
    #expect(g.line(0).contains("Venue"), "\(g.line(0))")
    #expect(g.line(1).contains("BTC/USD") && g.line(1).contains("kraken"), "\(g.line(1))")
  }
}

/// The symbol column is as wide as the longest symbol shown: OKX's swaps are not cut
/// (`ETH-USDT-SW` at a fixed 12 cells), at 80 columns as at 120.
@Suite struct MarketsViewSymbolWidthTests {
  static func okxRows() -> [MarketRow] {
    var universe = MarketUniverse(venue: .okx)
    var batch = VenueBatch()
    for (n, symbol) in (["BTC-USDT", "ETH-USDT-SWAP", "BTC-USDT-SWAP", "DOGE-USDT"] as [Symbol]).enumerated()
    {
      var t = VenueTicker()
      t.last = FixedDecimal("\(100 + n).5")!
      batch.appendTicker(t, symbol: symbol)
    }
    universe.apply(batch, now: 1)
    return universe.rows
  }

  @Test(arguments: [80, 120])
  func okxSwapsAreNotCut(width: Int) {
    let view = MarketsView(rows: Self.okxRows(), rates: Rates(), cursor: 0, sort: nil, flashMs: 0)
    var g = Grid(width: width, height: 6)
    view.render(into: &g, area: g.bounds)
    let lines = (0..<6).map { g.line($0) }
    for symbol in ["ETH-USDT-SWAP", "BTC-USDT-SWAP", "DOGE-USDT"] {
      #expect(lines.contains { $0.hasPrefix(symbol + " ") }, "\(symbol) cut at \(width): \(lines)")
    }
    // One space at least between the longest symbol and the price column, on every row.
    #expect(view.symbolWidth(height: 5) == "ETH-USDT-SWAP".count + 1)
    let columns = MarketsColumn.fitting(width, venues: true, symbolWidth: view.symbolWidth(height: 5))
    #expect(Array(columns.prefix(5)) == [.symbol, .last, .age, .change, .volume])
    // The header's titles line up with the wider column.
    #expect(lines[0].hasPrefix("Symbol" + String(repeating: " ", count: 14 - "Symbol".count)))
  }

  /// Short symbols keep the column's 12 cells; it never grows past a symbol of 23 and its star.
  @Test func theColumnStaysWithinReason() {
    let view = MarketsView(rows: MarketsViewTests.rows(), rates: Rates(), cursor: 0)
    #expect(view.symbolWidth(height: 10) == 12)
    #expect(MarketsColumn.maxSymbolWidth == Symbol.maxLength + 2)
  }
}
