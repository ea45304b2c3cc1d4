import BitMEX
import MarketModel
import Testing

/// The market universe and its derived columns, on real rows of BitMEX's
/// `/instrument/active` (2021-07-22, `Tests/Fixtures/2021-07-22_rest_instrument_active.json`).
@Suite struct MarketUniverseTests {
  /// XBT was at 32,175 USD (XBTUSD's last price in the same body).
  static let usdPerXBT = 32_175.0
  static let rates = Rates(bitcoin: USDRate(usd: usdPerXBT, source: .last("XBTUSD")))

  /// A real row's contract fields and prices.
  struct Real: Sendable, CustomStringConvertible {
    var symbol: Symbol
    var typ: String
    var isInverse: Bool
    var quote: String
    var multiplier: Double
    var last: Double
    var mark: Double
    var volume24h: Double
    var turnover24h: Double
    var openInterest: Double
    /// The row's `foreignNotional24h` in USD (times XBT's price when quoted in XBT).
    var foreignUSD: Double

    var description: String { symbol.description }

    var update: InstrumentUpdate {
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = typ
      u.isInverse = isInverse
      u.quoteCurrency = quote
      u.fields.settle(SettlementCurrency.bitmex("XBt")!)
      u.multiplier = multiplier
      u.lastPrice = last
      u.markPrice = mark
      u.volume24h = volume24h
      u.turnover24h = turnover24h
      u.openInterest = openInterest
      return u
    }
  }

  static let rows: [Real] = [
    // Inverse, quoted in USD: one contract is one USD.
    Real(
      symbol: "XBTUSD", typ: "FFWCSX", isInverse: true, quote: "USD", multiplier: -100_000_000, last: 32_175,
      mark: 32_181.46, volume24h: 662_123_900, turnover24h: 2_061_444_079_797, openInterest: 593_465_600,
      foreignUSD: 662_123_900),
    // Quanto: settled in XBt, priced in USD.
    Real(
      symbol: "ETHUSD", typ: "FFWCSX", isInverse: false, quote: "USD", multiplier: 100, last: 2_003.75,
      mark: 2_004.4, volume24h: 3_293_153, turnover24h: 658_103_891_790, openInterest: 1_000_000,
      foreignUSD: 211_413_840.24424988),
    // Quanto quoted in USDT.
    Real(
      symbol: "LINKUSDT", typ: "FFWCSX", isInverse: false, quote: "USDT", multiplier: 10_000, last: 15.858,
      mark: 15.86, volume24h: 64_368, turnover24h: 9_980_655_245, openInterest: 100_000,
      foreignUSD: 3_205_420.529410815),
    // Linear future quoted in XBT (foreignNotional24h is in XBT).
    Real(
      symbol: "XRPU21", typ: "FFCCSX", isInverse: false, quote: "XBT", multiplier: 100_000_000,
      last: 1.819e-05,
      mark: 1.816e-05, volume24h: 195_094, turnover24h: 350_428_188, openInterest: 2_326_060,
      foreignUSD: 3.5042818799999997 * usdPerXBT),
    // An inverse future.
    Real(
      symbol: "XBTU21", typ: "FFCCSX", isInverse: true, quote: "USD", multiplier: -100_000_000, last: 32_305,
      mark: 32_300, volume24h: 17_046_600, turnover24h: 52_889_061_238, openInterest: 1_000,
      foreignUSD: 17_046_600),
  ]

  /// The rule: inverse USD-quoted contracts count USD; the others convert `turnover24h` (XBt here,
  /// at XBT's price). It matches the row's own `foreignNotional24h` within 0.5 %.
  @Test(arguments: rows)
  func volumeInUSDMatchesTheRowsNotional(real: Real) throws {
    let instrument = Instrument(real.update)
    let usd = try #require(instrument.volume24hUSD(rates: Self.rates))
    #expect(abs(usd / real.foreignUSD - 1) < 0.005, "\(usd) vs \(real.foreignUSD)")
  }

  @Test func xbtSettledNeedsXBTsPrice() {
    let eth = Instrument(Self.rows[1].update)
    #expect(eth.volume24hUSD(rates: Rates()) == nil)
    // XBTUSD counts contracts, no price needed.
    #expect(Instrument(Self.rows[0].update).volume24hUSD(rates: Rates()) == 662_123_900)
  }

  @Test func openInterestInUSD() throws {
    // XBTUSD: contracts are USD.
    #expect(Instrument(Self.rows[0].update).openInterestUSD(rates: Self.rates) == 593_465_600)
    // ETHUSD: 1,000,000 contracts × 100 XBt × 2,004.4 = 2,004.4 XBT.
    let eth = try #require(Instrument(Self.rows[1].update).openInterestUSD(rates: Self.rates))
    #expect(abs(eth - 2_004.4 * Self.usdPerXBT) < 1e-3)
    // XRPU21: 2,326,060 XRP × 1.816e-5 XBT.
    let xrp = try #require(Instrument(Self.rows[3].update).openInterestUSD(rates: Self.rates))
    #expect(abs(xrp - 2_326_060 * 1.816e-05 * Self.usdPerXBT) < 1e-3)
  }

  @Test(arguments: [
    ("FFWCSX", MarketKind.perpetual), ("FFCCSX", .future(expiryMs: nil)), ("IFXXXP", .spot),
    ("MRCXXX", .index),
    ("OCECCS", .other),
  ])
  func kindFromTyp(typ: String, kind: MarketKind) {
    #expect(MarketKind(typ: typ) == kind)
  }

  /// An index is known by its type, or by its symbol's leading dot when the type is missing or
  /// unusual (the real exchange sends indices on the all-symbols table).
  @Test func indicesByTypeOrLeadingDot() {
    func row(_ symbol: Symbol, _ typ: String?) -> MarketRow {
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = typ
      return MarketRow(id: .bitmex(symbol), instrument: Instrument(u))
    }
    #expect(row(".BXBT", "MRCXXX").isIndex)
    #expect(row(".BETHT", nil).isIndex)
    #expect(row("XBTIDX", "MRRXXX").isIndex)
    #expect(!row("XBTUSD", "FFWCSX").isIndex)
    #expect(!row("SOL_USDT", "IFXXXP").isIndex)
  }

  @Test func spreadBasisAndFunding() throws {
    var u = InstrumentUpdate(symbol: "XBTUSD")
    u.typ = "FFWCSX"
    u.bidPrice = 32_174.5
    u.askPrice = 32_175
    u.lastPrice = 32_175
    u.markPrice = 32_181.46
    u.indicativeSettlePrice = 32_170
    u.fundingRate = 0.0001
    u.prevPrice24h = 31_790
    let xbt = Instrument(u)
    let spread: Double = try #require(xbt.spreadBps)
    let expectedSpread: Double = 0.5 / 32_174.75 * 10_000
    #expect(abs(spread - expectedSpread) < 1e-9)
    // The basis is mark minus index (it was mark minus last, which is no basis at all).
    let basis: Double = try #require(xbt.basis)
    #expect(abs(basis - 11.46) < 1e-9)
    #expect(xbt.basisAnnualPercent == nil, "a perpetual's basis is paid by funding")
    let funding: Double = try #require(xbt.fundingPercent)
    #expect(abs(funding - 0.01) < 1e-12)
    let change: Double = try #require(xbt.change24hPercent)
    let expectedChange: Double = (32_175.0 / 31_790.0 - 1) * 100
    #expect(abs(change - expectedChange) < 1e-9)
    // A future does not fund, whatever the row says; a crossed quote has no spread.
    u.typ = "FFCCSX"
    u.askPrice = 32_000
    let future = Instrument(u)
    #expect(future.fundingPercent == nil)
    #expect(future.spreadBps == nil)
    // A dated future 73 days from expiry: its basis a year is 5 times the basis over the index.
    u.timeMs = 1_700_000_000_000
    u.expiryMs = u.timeMs! + 73 * 86_400_000
    let dated = Instrument(u)
    let annual: Double = try #require(dated.basisAnnualPercent)
    #expect(abs(annual - 11.46 / 32_170 * 5 * 100) < 1e-9)
    u.expiryMs = u.timeMs! + 3_000_000  // in the last hour: no yearly rate
    #expect(Instrument(u).basisAnnualPercent == nil)
    // Spot has no basis.
    u.typ = "IFXXXP"
    #expect(Instrument(u).basis == nil)
  }

  /// A partial of every symbol, then updates with only the changed fields.
  @Test func appliesTheAllSymbolsTable() {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    // Facts over REST first.
    var rest = InstrumentUpdate(symbol: "XBTUSD")
    rest.tickSize = 0.5
    rest.multiplier = -100_000_000
    universe.merge(rest: [rest])
    #expect(universe.count == 1)

    batch.instruments = Self.rows.map(\.update).map {
      var u = $0; u.multiplier = nil; return u
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<Self.rows.count))]
    #expect(universe.apply(batch, now: 10) == Self.rows.count)
    #expect(universe.sync == .live)
    #expect(universe.count == Self.rows.count)
    let xbt = universe.row("XBTUSD")
    // The partial lacks the multiplier: REST's stays.
    #expect(xbt?.instrument.multiplier == -100_000_000)
    #expect(xbt?.instrument.tickSize == 0.5)
    #expect(xbt?.changedAt == 10)
    // XBT's USD rate: XBTUSD's mark, as of the partial.
    let rate = Rates(universe: universe, nowMs: 12, connected: true, bitcoinSources: ["XBTUSD", ".BXBT"])
      .bitcoin
    #expect(rate == USDRate(usd: 32_181.46, source: .mark("XBTUSD"), ageMs: 2, stale: false))

    var up = InstrumentUpdate(symbol: "ETHUSD")
    up.lastPrice = 2_010
    var down = InstrumentUpdate(symbol: "XBTUSD")
    down.lastPrice = 32_170
    var quiet = InstrumentUpdate(symbol: "XRPU21")
    quiet.openInterest = 1
    batch.removeAll()
    batch.instruments = [up, down, quiet]
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<3))]
    #expect(universe.apply(batch, now: 20) == 3)
    #expect(universe.row("ETHUSD")?.move == .up)
    #expect(universe.row("ETHUSD")?.movedAt == 20)
    #expect(universe.row("ETHUSD")?.instrument.volume24h == 3_293_153)
    #expect(universe.row("XBTUSD")?.move == .down)
    #expect(universe.row("XRPU21")?.move == PriceMove.none)
    #expect(universe.row("XRPU21")?.changedAt == 20)
    #expect(universe.row("XRPU21")?.movedAt == nil)
    #expect(universe[.bitmex("XRPU21")]?.instrument.openInterest == 1)

    // A reset of the bare `instrument` topic: updates wait for the next partial.
    universe.resetTables([Subscription(.ticker)])
    #expect(universe.sync == .awaitingPartial)
    up.lastPrice = 3_000
    batch.instruments = [up]
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
    #expect(universe.apply(batch, now: 30) == 0)
    #expect(universe.row("ETHUSD")?.instrument.lastPrice == 2_010)
    // Another symbol's topic does not reset the all-symbols table.
    universe.resetTables([Subscription(.trades), Subscription(.ticker, "XBTUSD")])
  }

  @Test func updatesBeforeThePartialAreDropped() {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    var u = InstrumentUpdate(symbol: "XBTUSD")
    u.lastPrice = 1
    batch.instruments = [u]
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
    #expect(universe.apply(batch, now: 1) == 0)
    #expect(universe.count == 0)
    // A one-symbol partial (`instrument:XBTUSD`) refreshes its row but is not the whole table.
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: "XBTUSD", rows: 0..<1))]
    #expect(universe.apply(batch, now: 2) == 1)
    #expect(universe.sync == .awaitingPartial)
  }

  @Test func instrumentIDsOrderByVenueThenSymbol() {
    #expect(InstrumentID.bitmex("ETHUSD") < .bitmex("XBTUSD"))
    #expect(InstrumentID.bitmex("XBTUSD").description == "XBTUSD")
  }

  /// A row learns its rhythm from its updates and goes quiet at three times it.
  @Test func aRowGoesQuietAtThreeTimesItsUsualInterval() {
    var universe = MarketUniverse()
    var batch = MarketBatch()
    batch.instruments = [InstrumentUpdate(symbol: "XBTUSD")]
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<1))]
    universe.apply(batch, now: 0)
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
    #expect(universe.row("XBTUSD")?.isQuiet(now: 60_000) == false, "no rhythm yet")
    for t in stride(from: Int64(2_000), through: 20_000, by: 2_000) { universe.apply(batch, now: t) }
    let row = universe.row("XBTUSD")
    #expect(row?.usualIntervalMs == 2_000)
    #expect(row?.isQuiet(now: 25_000) == false)
    #expect(row?.isQuiet(now: 26_001) == true)
  }
}
