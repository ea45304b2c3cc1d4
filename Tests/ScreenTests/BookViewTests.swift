import MarketModel
import TestSupport
import Testing

@testable import Screen

@Suite struct BookViewTests {
  static func view(
    barMode: BookView.BarMode = .total, flash: Set<Double> = [], scroll: Int = 0, ascii: Bool = false
  ) -> BookView {
    BookView(
      asks: Fixtures.asks, bids: Fixtures.bids, priceDecimals: 1, barMode: barMode, flash: flash,
      scroll: scroll,
      ascii: ascii)
  }

  @Test func laddersAroundTheSpread() {
    let g = Snapshot.framed(46, 12) { g, area in Self.view().render(into: &g, area: area) }
    #expect(
      Fixtures.lines(g) == [
        "··············································",
        "·    Price    Size    Total                  ·",
        "· 50,002.0  10,000   14,850 ██████████████▌  ·",
        "· 50,001.5     250    4,850 ████▊            ·",
        "· 50,001.0   3,400    4,600 ████▌            ·",
        "· 50,000.5   1,200    1,200 █▏               ·",
        "·─── spread 0.5 (0.10 bps)  mid 50,000.25 ───·",
        "· 50,000.0   4,242    4,242 ████▏            ·",
        "· 49,999.5     300    4,542 ████▌            ·",
        "· 49,999.0  12,000   16,542 ████████████████▎·",
        "· 49,998.0     800   17,342 █████████████████·",
        "··············································",
      ])
    // Best ask sits just above the spread line, best bid just below, in their roles.
    #expect(g[2, 5].style == Style(.sell))
    #expect(g[2, 7].style == Style(.buy))
    #expect(g[29, 2].style == Style(.askBar))
    #expect(g[29, 7].style == Style(.bidBar))
    #expect(g[22, 7].style == Style(.muted))
  }

  /// The user's own prices marked in the book (issue 29): a resting sell at 50,001.2 on the ask
  /// row behind it (50,001.5), a buy at 49,999.7 on 49,999.5, an alert exactly at 50,000.0;
  /// one inside the spread or beyond the rows shown marks nothing.
  @Test func theUsersOwnPricesAreMarkedOnTheirRows() {
    var view = Self.view()
    view.marks = [
      ChartMark(price: 50_001.2, kind: .order(buy: false)),
      ChartMark(price: 49_999.7, kind: .order(buy: true)),
      ChartMark(price: 50_000.0, kind: .alert), ChartMark(price: 50_000.3, kind: .entry),
      ChartMark(price: 40_000, kind: .entry),
    ]
    let g = Snapshot.framed(46, 12) { g, area in view.render(into: &g, area: area) }
    let lines = Fixtures.lines(g)
    #expect(lines[3].hasSuffix("S·"), "\(lines[3])")
    #expect(lines[8].hasSuffix("B·"), "\(lines[8])")
    #expect(lines[7].hasSuffix("A·"), "\(lines[7])")
    // Nothing else: the entry inside the spread and the one far below mark no row.
    let marked = lines.filter {
      $0.hasSuffix("S·") || $0.hasSuffix("B·") || $0.hasSuffix("A·") || $0.hasSuffix("E·")
    }
    #expect(marked.count == 3, "\(lines.joined(separator: "\n"))")
    #expect(g[44, 3].style == Style(.sell))
    #expect(g[44, 7].style == Style(.warning))
  }

  /// Issue 11: a level of Int64.max contracts wrapped the running total negative (and the
  /// bars with it). Totals are held at Int64.max.
  @Test func hugeSizesNeverWrapTheTotalNegative() {
    let huge = BookView(
      asks: [PriceLevel(price: 101, size: .max), PriceLevel(price: 102, size: 5)],
      bids: [PriceLevel(price: 100, size: .max - 1), PriceLevel(price: 99, size: .max)], priceDecimals: 0)
    let g = Snapshot.framed(80, 8) { g, area in huge.render(into: &g, area: area) }
    let lines = Fixtures.lines(g)
    #expect(!lines.joined().contains("-"), "\(lines.joined(separator: "\n"))")
    #expect(
      lines.filter { $0.contains("9,223,372,036,854,775,807") }.count == 3, "\(lines.joined(separator: "\n"))"
    )
  }

  @Test func barsScaledToSize() {
    let g = Snapshot.framed(46, 6) { g, area in Self.view(barMode: .size).render(into: &g, area: area) }
    // Largest size in view: 4,242 (best bid) fills the 17-column bar; 1,200 is 38/136 of it.
    #expect(g.line(2) == "· 50,000.5   1,200    1,200 ████▊            ·")
    #expect(g.line(4) == "· 50,000.0   4,242    4,242 █████████████████·")
  }

  @Test func flashedLevelsAreHighlighted() {
    let g = Snapshot.framed(46, 6) { g, area in Self.view(flash: [50_000.0]).render(into: &g, area: area) }
    #expect(g[13, 4].style == Style(bold: true, reverse: true))
    #expect(g[3, 4].style == Style(.buy, bold: true))
    #expect(g[13, 2].style == Style())
  }

  @Test func scrollShowsDeeperLevelsAndClamps() {
    let scrolled = Snapshot.framed(46, 8) { g, area in Self.view(scroll: 2).render(into: &g, area: area) }
    #expect(
      Fixtures.lines(scrolled) == [
        "··············································",
        "·    Price    Size    Total                  ·",
        "· 50,002.0  10,000   14,850 ██████████████▌  ·",
        "· 50,001.5     250    4,850 ████▊            ·",
        "·─── spread 0.5  mid 50,000.25  depth +2 ────·",
        "· 49,999.0  12,000   16,542 ████████████████▎·",
        "· 49,998.0     800   17,342 █████████████████·",
        "··············································",
      ])
    // Beyond the deepest level the view stops at it.
    let far = Snapshot.framed(46, 8) { g, area in Self.view(scroll: 99).render(into: &g, area: area) }
    // Two levels a side of six: the view stops at levels 5 and 6 (93,850 of 142,342 → 84/128).
    #expect(far.line(2) == "· 50,005.5   75,000   93,850 ██████████▌     ·")
    #expect(far.line(6) == "· 49,995.0  100,000  142,342 ████████████████·")
    #expect(Self.view().maxScroll(height: 6) == 4)
  }

  @Test func groupedOrderBook() {
    // Buckets of 5: asks round up (50,000.5…50,003 → 50,005), bids down (49,995…49,999.5 →
    // 49,995); the spread line keeps the book's own spread and mid.
    let view = BookView(book: Fixtures.book, groupTicks: 10, tickSize: 0.5, priceDecimals: 1)
    let g = Snapshot.framed(40, 8) { g, area in view.render(into: &g, area: area) }
    #expect(
      Fixtures.lines(g) == [
        "········································",
        "·    Price     Size    Total           ·",
        "· 50,010.0   75,000   93,850 ██████▋   ·",
        "· 50,005.0   18,850   18,850 █▍        ·",
        "·───── spread 0.5  mid 50,000.25 ──────·",
        "· 50,000.0    4,242    4,242 ▎         ·",
        "· 49,995.0  138,100  142,342 ██████████·",
        "········································",
      ])
    let ungrouped = BookView(book: Fixtures.book, groupTicks: 1, tickSize: 0.5, priceDecimals: 1)
    let h = Snapshot.framed(40, 8) { g, area in ungrouped.render(into: &g, area: area) }
    #expect(h.line(3) == "· 50,000.5   1,200    1,200 ██▉        ·")
  }

  @Test(arguments: [false, true])
  func snapshots(ascii: Bool) {
    let suffix = ascii ? "-ascii" : ""
    let tall = Snapshot.framed(62, 18) { g, area in Self.view(ascii: ascii).render(into: &g, area: area) }
    Snapshot.expect(tall, named: "book-62x18" + suffix)
    let narrow = Snapshot.framed(26, 9) { g, area in Self.view(ascii: ascii).render(into: &g, area: area) }
    Snapshot.expect(narrow, named: "book-26x9" + suffix)
  }

  @Test func emptyBookSaysSo() {
    let view = BookView(asks: [], bids: [], priceDecimals: 1)
    let g = Snapshot.framed(30, 6) { g, area in view.render(into: &g, area: area) }
    #expect(
      Fixtures.lines(g) == [
        "······························",
        "· Price    Size    Total     ·",
        "·                            ·",
        "·─────── no book yet ────────·",
        "·                            ·",
        "······························",
      ])
  }

  /// An empty book says why when it knows (a venue's REST limit waited out): the longest note
  /// that fits its middle line.
  @Test func emptyBookSaysWhyWhenItKnows() {
    var view = BookView(asks: [], bids: [], priceDecimals: 1)
    view.emptyNotes = ["Binance rate limit: retry in 42 s", "rate limit: retry in 42 s"]
    let wide = Snapshot.framed(40, 6) { g, area in view.render(into: &g, area: area) }
    #expect(wide.line(3) == "·─ Binance rate limit: retry in 42 s ──·")
    let narrow = Snapshot.framed(32, 6) { g, area in view.render(into: &g, area: area) }
    #expect(narrow.line(3) == "·─ rate limit: retry in 42 s ──·")
  }

  @Test func oneSidedBookSaysWhichSideIsMissing() {
    let view = BookView(asks: [], bids: Array(Fixtures.bids.prefix(1)), priceDecimals: 1)
    let g = Snapshot.framed(30, 6) { g, area in view.render(into: &g, area: area) }
    #expect(g.line(3) == "·───────── no asks ──────────·")
    #expect(g.line(4) == "· 50,000.0   4,242    4,242  ·")
  }

  @Test func barEighths() {
    #expect(BookView.bar(fraction: 1, width: 3, glyphs: .unicode) == "███")
    #expect(BookView.bar(fraction: 0.5, width: 3, glyphs: .unicode) == "█▌")
    #expect(BookView.bar(fraction: 0.001, width: 3, glyphs: .unicode) == "▏")
    #expect(BookView.bar(fraction: 0, width: 3, glyphs: .unicode) == "")
    #expect(BookView.bar(fraction: 0.5, width: 4, glyphs: .ascii) == "##")
    #expect(BookView.bar(fraction: 0.01, width: 4, glyphs: .ascii) == "#")
    #expect(BookView.levelRows(height: 10) == (4, 4))
    #expect(BookView.levelRows(height: 9) == (3, 4))
    #expect(BookView.levelRows(height: 2) == (0, 1))
  }

  /// A pane too narrow for the sizes: they show short (`12.3B`), never cut at its edge.
  @Test func sizesTooWideForAPaneAreShortenedNotCut() {
    let view = BookView(
      asks: [PriceLevel(price: 50_001, size: 12_345_678_901)], bids: [PriceLevel(price: 50_000, size: 7)],
      priceDecimals: 1)
    let g = Snapshot.framed(18, 6) { g, area in view.render(into: &g, area: area) }
    let lines = Fixtures.lines(g)
    #expect(
      lines.contains { $0.contains("50,001.0") && $0.contains("12.3B") }, "\(lines.joined(separator: "\n"))")
    #expect(!lines.joined().contains("12,3"), "\(lines.joined(separator: "\n"))")
  }
}
