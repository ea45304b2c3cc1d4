import MarketModel
import TestSupport
import Testing

@testable import Screen

@Suite struct HeaderBarTests {
  static func header(markers: [String] = [], dataAgeMs: Int64? = nil, ascii: Bool = false) -> HeaderBar {
    HeaderBar(
      symbol: "XBTUSD", name: "Bitcoin perpetual", lastPrice: 50_000.5, tickDirection: .plusTick,
      change24h: 0.0204,
      markPrice: 50_001.2, indexPrice: 50_001.0, fundingRate: 0.0001, fundingCountdownMs: 11_520_000,
      volume24h: 123_456_789, priceDecimals: 1, markers: markers, dataAgeMs: dataAgeMs, ascii: ascii)
  }

  static func render(_ header: HeaderBar, width: Int) -> Grid {
    var g = Snapshot.grid(width, 2)
    header.render(into: &g, area: Rect(x: 0, y: 0, width: width, height: 1))
    return g
  }

  /// A contract's 24 h volume says its unit, contracts (the markets list's is in USD: issue 29,
  /// `Vol 3.0M` and `1.0B` disagreed without saying why); spot's has none to say.
  @Test func aContractsVolumeSaysContracts() {
    var u = InstrumentUpdate(symbol: "XBTUSD")
    u.typ = "FFWCSX"
    u.volume24h = 3_000_000
    var g = Self.render(HeaderBar(instrument: Instrument(u), nowMs: 0), width: 120)
    #expect(g.line(0).contains("Vol 3.0M cts"), "\(g.line(0))")
    u.typ = "IFXXXP"
    g = Self.render(HeaderBar(instrument: Instrument(u), nowMs: 0), width: 120)
    #expect(g.line(0).contains("Vol 3.0M") && !g.line(0).contains("cts"), "\(g.line(0))")
  }

  @Test func everythingFitsOnAWideLine() {
    let g = Self.render(Self.header(), width: 120)
    #expect(
      g.line(0)
        == " XBTUSD  Bitcoin perpetual  Last 50,000.5 ▲ +2.04%  Mark 50,001.2  Index 50,001.0  "
        + "Fund 0.0100% in 3h12m  Vol 123.5M    ")
    #expect(g.line(1) == String(repeating: "·", count: 120))
    #expect(g[1, 0].style == Style(.accent, bold: true))
    #expect(g[33, 0].style == Style(.up, bold: true))  // last price, up tick
    #expect(g[42, 0].style == Style(.up))  // ▲
    #expect(g[44, 0].style == Style(.up))  // +2.04%
    #expect(g[28, 0].style == Style(.muted))  // "Last"
  }

  /// `asDrawn` keeps the clocks at the precision they are drawn: it draws the same cells as the
  /// header itself, and a countdown or an age that moves within what is shown compares equal
  /// (the dashboard then keeps the header it drew).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func asDrawnDrawsTheSameCells(seed: UInt64) {
    var random = SimRandom(seed: seed)
    for step in 0..<500 {
      var header = Self.header(dataAgeMs: random.below(3) == 0 ? nil : Int64(random.below(200_000)) - 1)
      header.fundingCountdownMs = random.below(5) == 0 ? nil : Int64(random.below(100_000_000)) - 10
      let drawn = header.asDrawn
      #expect(
        Self.render(drawn, width: 150) == Self.render(header, width: 150),
        "seed \(seed) step \(step): countdown \(header.fundingCountdownMs ?? -1), age \(header.dataAgeMs ?? -1)"
      )
    }
    var early = Self.header(dataAgeMs: 12_050)
    early.fundingCountdownMs = 61_001
    var late = Self.header(dataAgeMs: 12_950)
    late.fundingCountdownMs = 61_999
    #expect(early.asDrawn == late.asDrawn)
    late.fundingCountdownMs = 62_001
    #expect(early.asDrawn != late.asDrawn)
    // A countdown from a time out of range: kept within Int64, no trap.
    var far = Self.header()
    far.fundingCountdownMs = .max
    #expect(far.asDrawn.fundingCountdownMs == Int64.max / 1000 * 1000)
    // Below a second an age shows milliseconds: every one counts.
    #expect(Self.header(dataAgeMs: 120).asDrawn != Self.header(dataAgeMs: 121).asDrawn)
  }

  @Test func narrowLinesDropTheLeastImportantFirst() {
    #expect(
      Self.render(Self.header(), width: 80).line(0)
        == " XBTUSD  Last 50,000.5 ▲ +2.04%  Mark 50,001.2  Fund 0.0100% in 3h12m           ")
    #expect(Self.render(Self.header(), width: 40).line(0) == " XBTUSD  Last 50,000.5 ▲ +2.04%         ")
    #expect(Self.render(Self.header(), width: 5).line(0) == " XBT…")
  }

  @Test func staleDataIsProminentAndPricesDimmed() {
    let g = Self.render(Self.header(dataAgeMs: 12_400), width: 60)
    #expect(g.line(0) == " XBTUSD  Last 50,000.5 ▲ +2.04%  Vol 123.5M   data 12s old  ")
    #expect(g[45, 0].style == Style(.warning, bold: true, reverse: true))
    #expect(g[14, 0].style == Style(.up, bold: true, dim: true))
  }

  @Test func markersAndAsciiArrows() {
    var header = Self.header(markers: ["DEMO", "PAUSED"], ascii: true)
    header.tickDirection = .minusTick
    header.change24h = -0.013
    let g = Self.render(header, width: 60)
    #expect(g.line(0) == " XBTUSD  Last 50,000.5 v -1.30%  Vol 123.5M  DEMO   PAUSED  ")
    #expect(g[44, 0].style == Style(.accent, bold: true, reverse: true))
    #expect(g[50, 0].style == Style())  // between the markers
    #expect(g[14, 0].style == Style(.down, bold: true))
  }

  @Test func unknownValuesAndInstrument() {
    var instrument = Instrument(symbol: "ETHUSD")
    instrument.tickSize = 0.05
    instrument.lastPrice = 2_500.05
    instrument.fundingTimeMs = 1_000_000
    let header = HeaderBar(instrument: instrument, nowMs: 955_000)
    let g = Self.render(header, width: 90)
    #expect(
      g.line(0) == " ETHUSD  Last 2,500.05  Mark -  Index -  Fund - in 45s  Vol -"
        + String(repeating: " ", count: 29))
  }

  /// A venue's spot pair (its kind known: the ticker says all there is) shows no mark, index
  /// or funding, and its VWAP; a venue's perpetual shows what its ticker has.
  @Test func aSpotPairShowsNoContractFields() {
    var instrument = Instrument(symbol: "BTC/USD")
    instrument.lastPrice = 63_005
    instrument.prevPrice24h = 61_800
    instrument.volume24h = 1_234.5
    instrument.vwap = 62_800.1
    var header = HeaderBar(instrument: instrument, nowMs: 0, kindKnown: true)
    header.priceDecimals = 1
    var g = Self.render(header, width: 100)
    #expect(
      g.line(0) == " BTC/USD  Last 63,005.0 +1.95%  Vol 1.2K  VWAP 62,800.1"
        + String(repeating: " ", count: 45),
      "\(g.line(0))")
    instrument.markPrice = 63_006
    instrument.fundingRate = 0.0001
    g = Self.render(HeaderBar(instrument: instrument, nowMs: 0, kindKnown: true), width: 120)
    #expect(g.line(0).contains("Mark 63,006.00") && g.line(0).contains("Fund 0.0100%"), "\(g.line(0))")
    #expect(!g.line(0).contains("Index"), "\(g.line(0))")
  }

  /// A BitMEX spot pair has no mark, index or funding either.
  @Test func aBitmexSpotPairShowsNoContractFields() {
    var u = InstrumentUpdate(symbol: "XBT_USDT")
    u.typ = "IFXXXP"
    u.lastPrice = 50_000
    let g = Self.render(HeaderBar(instrument: Instrument(u), nowMs: 0), width: 100)
    #expect(!g.line(0).contains("Mark") && !g.line(0).contains("Fund"), "\(g.line(0))")
  }

  @Test func serverTextCannotInjectEscapes() {
    let header = HeaderBar(symbol: "X\u{1B}]0;pwn\u{7}", name: "evil\u{9B}2J\r\n", priceDecimals: 1)
    let g = Self.render(header, width: 100)
    // CR LF is one character, so one `?`.
    #expect(g.line(0).hasPrefix(" X?]0;pwn?  evil?2J?  Last -"))
  }
}

@Suite struct HeaderBarNoDataTests {
  @Test func aNegativeAgeSaysNoDataYet() {
    var g = Grid(width: 60, height: 1)
    HeaderBar(symbol: "XBTUSD", dataAgeMs: -1).render(into: &g, area: g.bounds)
    #expect(g.line(0).contains("no data yet"))
    #expect(!g.line(0).contains("old"))
  }
}
