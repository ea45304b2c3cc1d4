import MarketModel
import TestSupport
import Testing

@testable import Screen

@Suite struct TapeViewTests {
  static let fullRows = [
    "· 12:01:05.123  BUY   50,000.5    4,242  ·",
    "· 12:01:04.987  SELL  50,000.0      300  ·",
    "· 12:01:04.123  SELL  49,999.5  125,000  ·",
    "· 12:01:02.623  BUY   50,001.0       10  ·",
    "· 12:00:04.123        50,002.3        0  ·",
  ]

  @Test func newestOnTop() {
    let view = TapeView(trades: Fixtures.trades, priceDecimals: 1, nowMs: Fixtures.noon + 10_000)
    let g = Snapshot.framed(42, 8) { g, area in view.render(into: &g, area: area) }
    let blank = "·" + String(repeating: " ", count: 40) + "·"
    let edge = String(repeating: "·", count: 42)
    #expect(Fixtures.lines(g) == [edge] + Self.fullRows + [blank, edge])
    #expect(g[1, 1].style == Style())  // the margin column
    #expect(g[2, 1].style == Style(.muted))  // time
    #expect(g[16, 1].style == Style(.buy))
    #expect(g[16, 2].style == Style(.sell))
    #expect(g[34, 2].style == Style(.sell))
    #expect(g[30, 2].style == Style())  // the gap between columns
    #expect(g[24, 5].style == Style(.muted))  // index print: no side
  }

  @Test func newTradesAreReversedAndLargeOnesBold() {
    let view = TapeView(
      trades: Fixtures.trades, priceDecimals: 1, nowMs: Fixtures.noon + 50, highlightMs: 200,
      largeSize: 100_000)
    let g = Snapshot.framed(42, 7) { g, area in view.render(into: &g, area: area) }
    #expect(Fixtures.lines(g)[1...5] == Self.fullRows[...])
    // The newest two arrived within 200 ms: the whole row, time included, is reversed.
    for x in 2...38 {
      #expect(g[x, 1].style == Style(.buy, bold: true, reverse: true), "x \(x)")
      #expect(g[x, 2].style == Style(.sell, bold: true, reverse: true), "x \(x)")
    }
    #expect(g[22, 3].style == Style(.sell, bold: true))
    #expect(g[2, 3].style == Style(.muted, bold: true))
    #expect(g[22, 4].style == Style(.buy))
    #expect(g[39, 1].style == Style())  // nothing past the columns
  }

  @Test func scrollSkipsTheNewestAndClamps() {
    let view = TapeView(trades: Fixtures.trades, priceDecimals: 1, nowMs: 0, scroll: 2)
    let g = Snapshot.framed(42, 4) { g, area in view.render(into: &g, area: area) }
    #expect(g.line(1) == Self.fullRows[2])
    #expect(g.line(2) == Self.fullRows[3])
    var far = view
    far.scroll = 50
    let h = Snapshot.framed(42, 4) { g, area in far.render(into: &g, area: area) }
    #expect(Fixtures.lines(h)[1...2] == Self.fullRows[3...4])
    #expect(view.maxScroll(height: 2) == 3)
  }

  @Test func narrowAreasDropMillisecondsThenShortenTheSide() {
    let trades = Array(Fixtures.trades.prefix(2))
    let render = { (width: Int) -> [String] in
      let view = TapeView(trades: trades, priceDecimals: 1, nowMs: 0, utcOffsetMinutes: 60)
      let g = Snapshot.framed(width + 2, 4) { g, area in view.render(into: &g, area: area) }
      return Array(Fixtures.lines(g)[1...2])
    }
    // The size column keeps 7 columns (125,000) so it does not jump as trades scroll by.
    #expect(
      render(38) == ["· 13:01:05.123  BUY   50,000.5    4,242·", "· 13:01:04.987  SELL  50,000.0      300·"])
    #expect(
      render(37) == ["· 13:01:05  BUY   50,000.5    4,242   ·", "· 13:01:04  SELL  50,000.0      300   ·"])
    #expect(render(28) == ["· 13:01:05 B 50,000.5   4,242·", "· 13:01:04 S 50,000.0     300·"])
    #expect(render(20) == ["· B 50,000.5   4,242 ·", "· S 50,000.0     300 ·"])
    // Narrower still: the size goes, then the price's decimals (never a cut number).
    #expect(render(10) == ["· B  50,001·", "· S  50,000·"])
  }

  @Test func rendersATradeTapeWithoutCopying() {
    var tape = TradeTape(capacity: 3)
    for trade in Fixtures.trades.reversed() { tape.append(trade) }
    let view = TapeView(trades: tape, priceDecimals: 1, nowMs: 0)
    let g = Snapshot.framed(42, 5) { g, area in view.render(into: &g, area: area) }
    #expect(Fixtures.lines(g)[1...3] == Self.fullRows[0...2])
  }

  @Test func emptyTape() {
    let view = TapeView(trades: [Trade](), priceDecimals: 1, nowMs: 0)
    let g = Snapshot.framed(20, 3) { g, area in view.render(into: &g, area: area) }
    #expect(g.line(1) == "· no trades yet    ·")
  }

  @Test func snapshot() {
    var trades: [Trade] = []
    for i in 0..<30 {
      let side: Side = i % 3 == 0 ? .sell : .buy
      trades.append(
        Trade(
          timeMs: Fixtures.noon - Int64(i * 733), symbol: "XBTUSD", side: side, size: Int64(1 + i * i * 97),
          price: 50_000 + Double(i % 7) * 0.5))
    }
    let view = TapeView(trades: trades, priceDecimals: 1, nowMs: Fixtures.noon + 100, largeSize: 20_000)
    let g = Snapshot.framed(50, 14) { g, area in view.render(into: &g, area: area) }
    Snapshot.expect(g, named: "tape-50x14")
  }

  /// A pane too narrow for a trade's size: it shows short (`12.3B`), never cut at its edge.
  @Test func sizesTooWideForAPaneAreShortenedNotCut() {
    let trades = [
      Trade(timeMs: Fixtures.noon, symbol: "XBTUSD", side: .buy, size: 12_345_678_901, price: 50_000.5)
    ]
    let view = TapeView(trades: trades, priceDecimals: 1, nowMs: Fixtures.noon + 10_000)
    let g = Snapshot.framed(20, 3) { g, area in view.render(into: &g, area: area) }
    let line = Fixtures.lines(g)[1]
    #expect(line.contains("50,000.5") && line.contains("12.3B"), "\(line)")
    #expect(!line.contains("12,3"), "\(line)")
  }
}
