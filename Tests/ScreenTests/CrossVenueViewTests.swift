import CrossVenue
import TestSupport
import Testing
import VenueCore

@testable import Screen

@Suite struct CrossVenueViewTests {
  typealias F = CrossVenueFixtures

  @Test(arguments: [(80, 24), (200, 60)]) func wholeScreen(width: Int, height: Int) {
    let g = Snapshot.framed(width + 2, height + 2) { g, area in F.view().render(into: &g, area: area) }
    Snapshot.expect(g, named: "cross-venue-\(width)x\(height)")
  }

  @Test(arguments: [(80, 24), (200, 60)]) func wholeScreenASCIIAtPar(width: Int, height: Int) {
    let g = Snapshot.framed(width + 2, height + 2) { g, area in
      F.view(par: true, ascii: true).render(into: &g, area: area)
    }
    Snapshot.expect(g, named: "cross-venue-\(width)x\(height)-par-ascii")
  }

  @Test func theBoxesTileTheArea() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
      let area = Rect(x: 0, y: 0, width: w, height: h)
      let b = F.view().boxes(area)
      let all = [b.strip, b.book, b.matrix, b.tape]
      #expect(all.reduce(0) { $0 + $1.width * $1.height } == w * h, "\(w)x\(h)")
      for (i, r) in all.enumerated() {
        #expect(area.contains(r))
        for other in all[(i + 1)...] { #expect(!r.overlaps(other), "\(w)x\(h): \(r) and \(other)") }
      }
    }
  }
}

@Suite struct ConsolidatedBookViewTests {
  typealias F = CrossVenueFixtures

  @Test func levelsShowTheirVenuesLettersAndAStackedBar() {
    let view = ConsolidatedBookView(book: F.consolidated(), marks: F.marks)
    let g = Snapshot.framed(62, 12) { g, area in view.render(into: &g, area: area) }
    Snapshot.expect(g, named: "consolidated-book-60x10")
    let usd = F.consolidated().groups[0]
    // The best bid bucket, 100,000: BitMEX alone (its 100,000.5 bid floored; Kraken's best bid
    // is 99,999.8), then BitMEX's 99,999.5 with Kraken's 99,999.8.
    #expect(usd.bids[0].members == 0b001)
    #expect(usd.bids[1].members == 0b011)
    let rows = Fixtures.lines(g)
    // Title, headers, 3 ask rows, the spread line, 4 bid rows; USD and USDT side by side.
    #expect(rows[1].hasPrefix("· USD  2 of 3 venues            USDT  2 of 3 venues"))
    #expect(g[6, 1].style == Style(.warning))  // Coinbase is out: the count says so
    #expect(rows[6] == "·────── spread 1  grp 1 ────── ────── spread 1  grp 1 ───────·")
    // 20,000 + 5,000 one-USD contracts at 100,000.5 and 100,000.0: 0.249999 BTC.
    #expect(rows[7].hasPrefix("· 100,000    0.2500 M   █ "))
    // The letters sit in their venue's slot and colour; the bar's parts in the same colours,
    // BitMEX's first: its 0.128 BTC keeps a cell beside Kraken's 0.5.
    let letterX = 20
    let barX = 24
    #expect(g[letterX, 8].style == Style(F.marks.color(0), bold: true))
    #expect(g[letterX + 1, 8].style == Style(F.marks.color(1), bold: true))
    #expect(g[barX, 8].style == Style(F.marks.color(0)))
    #expect(g[barX + 1, 8].style == Style(F.marks.color(1)))
    #expect(g[barX + 2, 8].scalar == " ")
  }

  @Test func crossedBucketsAtParAreSaid() {
    let view = ConsolidatedBookView(book: F.consolidated(par: true), marks: F.marks)
    let g = Snapshot.framed(62, 12) { g, area in view.render(into: &g, area: area) }
    // USDT's bids (100,010) are above USD's asks (100,001) once they are one group.
    #expect(Fixtures.lines(g)[6].contains(" crossed: bid ≥ ask  grp 1 "))
    #expect(g[20, 6].style == Style(.warning, bold: true))
  }

  @Test func groupsThatDoNotFitAreNamed() {
    let view = ConsolidatedBookView(book: F.consolidated(), marks: F.marks)
    let g = Snapshot.framed(40, 10) { g, area in view.render(into: &g, area: area) }
    #expect(Fixtures.lines(g)[8] == "· not shown: USDT (wider screen)       ·")
  }

  @Test func atParOneGroupSaysSo() {
    let view = ConsolidatedBookView(book: F.consolidated(par: true), marks: F.marks)
    let g = Snapshot.framed(70, 8) { g, area in view.render(into: &g, area: area) }
    #expect(Fixtures.lines(g)[1].hasPrefix("· USD=USDT at par  4 of 6 venues"))
    #expect(g[12, 1].style == Style(.warning, bold: true))
  }

  @Test func noLiveVenueIsSaid() {
    var book = ConsolidatedBook(options: F.consolidated().options)
    var views = F.views
    for i in views.indices { views[i].linkUp = false }
    book.update(views, now: F.now)
    let g = Snapshot.framed(60, 7) { g, area in
      ConsolidatedBookView(book: book, marks: F.marks).render(into: &g, area: area)
    }
    #expect(Fixtures.lines(g)[4].contains(" no live venue "))
  }
}

@Suite struct VenueStripViewTests {
  typealias F = CrossVenueFixtures

  @Test func rowsSayStateAgeQuotesIntegrityAndWhy() {
    let view = VenueStripView(strip: F.strip, marks: F.marks)
    let g = Snapshot.framed(130, 9) { g, area in view.render(into: &g, area: area) }
    Snapshot.expect(g, named: "venue-strip-128x7")
    let rows = Fixtures.lines(g)
    #expect(rows[4].contains("STALE"))
    #expect(rows[4].contains("stale: 7.2s old, limit 5.0s"))
    #expect(rows[7].contains("SYNCING"))
    #expect(rows[7].contains("resyncing: sequence gap: expected 41, got 44"))
    #expect(rows[7].contains("77/1/1"))
  }

  @Test func narrowStripsKeepTheReason() {
    let view = VenueStripView(strip: F.strip, marks: F.marks)
    for width in [40, 50, 70] {
      let g = Snapshot.framed(width + 2, 9) { g, area in view.render(into: &g, area: area) }
      let rows = Fixtures.lines(g)
      #expect(rows[4].contains("STALE"), "width \(width)")
      #expect(rows[4].contains("stale"), "width \(width): \(rows[4])")
      #expect(rows[7].contains("resync"), "width \(width): \(rows[7])")
    }
  }
}

@Suite struct SpreadMatrixViewTests {
  typealias F = CrossVenueFixtures

  @Test func crossedCellsAreHighlightedAndStaleOnesGreyed() {
    let matrix = F.matrix()
    // Buying Kraken's ask (100,000.3) and selling BitMEX's bid (100,000.5): crossed.
    #expect(matrix[1, 0].status == .crossed)
    // Coinbase is 7.2 s old: its cells are stale.
    #expect(matrix[1, 2].status == .stale)
    let view = SpreadMatrixView(matrix: matrix, marks: F.marks)
    let g = Snapshot.framed(62, 10) { g, area in view.render(into: &g, area: area) }
    Snapshot.expect(g, named: "spread-matrix-60x8")
    // Row 1 (Kraken) is grid row 3; the BitMEX column's cell spans x 10…16.
    let crossed = (10...16).map { g[$0, 3] }.filter { $0.scalar != " " }
    #expect(crossed.allSatisfy { $0.style == Style(.up, bold: true, reverse: true) })
    // 0.2 USD on 100,000.3: 0.02 bps.
    #expect(String(String.UnicodeScalarView(crossed.map(\.scalar))) == "+0.02")
    let stale = (26...32).map { g[$0, 3] }.filter { $0.scalar != " " }
    #expect(stale.first?.scalar == "~")
    #expect(stale.allSatisfy { $0.style == Style(.muted, dim: true) })
  }

  @Test func narrowerAreasDropTheAgesThenADecimalThenColumns() {
    let view = SpreadMatrixView(matrix: F.matrix(), marks: F.marks, afterFees: true)
    let rows = { (width: Int) -> [String] in
      let g = Snapshot.framed(width + 2, 10) { g, area in view.render(into: &g, area: area) }
      return Fixtures.lines(g)
    }
    #expect(rows(57)[2].hasPrefix("· M  12ms"))
    #expect(rows(45)[2].hasPrefix("·M          -0.12 ~-0.17"))
    #expect(rows(38)[3].hasPrefix("·K +0.02       ~-0.1"))
    #expect(rows(30)[1].hasPrefix("·      M     K     C     O  "))
    #expect(rows(30)[8] == "· 2 cut                        ·")
  }
}

@Suite struct MergedTapeViewTests {
  typealias F = CrossVenueFixtures

  @Test func newestFirstWithVenueLetterSideAndBaseSize() {
    let view = MergedTapeView(tape: F.tape, marks: F.marks, nowMs: F.wallMs, highlightMs: 200)
    let g = Snapshot.framed(46, 6) { g, area in view.render(into: &g, area: area) }
    let rows = Fixtures.lines(g)
    #expect(rows[1] == "· 12:01:05.123 M BUY   100,001.0 0.0010      ·")
    #expect(rows[2] == "· 12:01:04.973 B BUY  100,010.06 0.0020      ·")
    #expect(rows[3] == "· 12:01:04.823 O BUY   100,010.2 0.0400      ·")
    #expect(rows[4] == "· 12:01:04.673 K SELL   99,999.8 0.5000      ·")
    // New (under 200 ms): reversed; the letter keeps its venue's colour.
    #expect(g[2, 1].style == Style(.buy, bold: true, reverse: true))
    #expect(g[15, 1].style == Style(F.marks.color(0), bold: true))
    #expect(g[2, 3].style == Style(.muted))
  }

  @Test func largeTradesByBaseSizeAreBold() {
    let view = MergedTapeView(tape: F.tape, marks: F.marks, nowMs: F.wallMs, highlightMs: 0)
    let g = Snapshot.framed(46, 14) { g, area in view.render(into: &g, area: area) }
    let rows = Fixtures.lines(g)
    // 150,000 one-USD contracts at 100,000.5: 1.4999925 BTC, over the 1 BTC line.
    let big = rows.firstIndex { $0.contains("1.5000") }
    #expect(big != nil)
    if let big { #expect(g[18, big].style == Style(.sell, bold: true)) }
  }
}

@Suite struct VenueVolumeViewTests {
  typealias F = CrossVenueFixtures

  @Test func eachVenuesMinuteSplitAndTotal() {
    let view = VenueVolumeView(tape: F.tape, marks: F.marks, now: F.now)
    let g = Snapshot.framed(44, 8) { g, area in view.render(into: &g, area: area) }
    let rows = Fixtures.lines(g)
    // BitMEX: 0.03 + 0.001 bought, 1.4999925 sold.
    #expect(rows[1].hasPrefix("· M B 2% "))
    #expect(rows[1].hasSuffix("1.5310 ·"))
    #expect(rows[6].contains("B 100%"))
    #expect(g[2, 1].style == Style(F.marks.color(0), bold: true))
  }
}

@Suite struct CrossVenueSizesTests {
  typealias F = CrossVenueFixtures

  /// Every cross-venue widget at every size from nothing to 200×60, ASCII and not: no trap, and
  /// nothing drawn outside its area (the sentinel margin stays whole).
  @Test(arguments: [false, true]) func everySizeKeepsInsideItsArea(ascii: Bool) {
    let view = F.view(par: ascii, ascii: ascii)
    let widgets: [(String, (inout Grid, Rect) -> Void)] = [
      ("screen", { view.render(into: &$0, area: $1) }),
      ("book", { view.book.render(into: &$0, area: $1) }),
      ("strip", { view.strip.render(into: &$0, area: $1) }),
      ("matrix", { view.matrix.render(into: &$0, area: $1) }),
      ("tape", { view.tape.render(into: &$0, area: $1) }),
      ("volume", { view.volume.render(into: &$0, area: $1) }),
    ]
    for (name, render) in widgets {
      for width in [0, 1, 2, 3, 5, 9, 14, 26, 27, 40, 53, 80, 119, 120, 200] {
        for height in [0, 1, 2, 3, 4, 5, 8, 13, 24, 60] {
          let g = Snapshot.framed(width + 2, height + 2, render)
          let margin =
            (0..<(width + 2)).flatMap { [g[$0, 0], g[$0, height + 1]] }
            + (0..<(height + 2)).flatMap { [g[0, $0], g[width + 1, $0]] }
          #expect(
            margin.allSatisfy { $0 == Cell(Snapshot.sentinel) },
            "\(name) at \(width)x\(height) drew outside its area")
        }
      }
    }
  }
}
