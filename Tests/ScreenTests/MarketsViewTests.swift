import MarketModel
import Screen
import Testing

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

  @Test(arguments: [(60, 5), (80, 7), (120, 10)])
  func columnsAsWidthAllows(width: Int, count: Int) {
    let columns = MarketsColumn.fitting(width)
    #expect(columns.count == count)
    #expect(Array(columns.prefix(4)) == [.symbol, .last, .change, .volume])
    #expect(columns.reduce(0) { $0 + $1.width } <= max(width, 46))
  }

  @Test func rowsShowArrowsAndTheFlashFades() {
    var grid = Grid(width: 80, height: 5)
    let view = MarketsView(rows: Self.rows(), usdPerXBT: nil, cursor: 0, nowMs: 1_100)
    view.render(into: &grid, area: grid.bounds)
    #expect(grid.line(0).contains("Vol 24h▼"))
    #expect(grid.line(1).hasPrefix("XBTUSD"))
    #expect(grid.line(2).contains("105.0▲") && grid.line(2).contains("+5.00%"))
    #expect(grid.line(3).contains("90.0▼") && grid.line(3).contains("-10.00%"))
    // Flashing 100 ms after the move: the moved rows' symbols in reverse, green up and red down.
    #expect(grid[0, 2].style.reverse && grid[0, 2].style.color == .up)
    #expect(grid[0, 3].style.reverse && grid[0, 3].style.color == .down)
    // The cursor row is reversed across; the unmoved row is not flashing.
    #expect(grid[40, 1].style.reverse)
    #expect(!grid[40, 2].style.reverse)

    var later = Grid(width: 80, height: 5)
    MarketsView(rows: Self.rows(), usdPerXBT: nil, cursor: 0, nowMs: 1_400).render(
      into: &later, area: later.bounds)
    #expect(!later[0, 2].style.reverse && later[0, 2].style.color != .up)
  }
}
