import BitMEX
import MarketModel
import TestSupport
import Testing
import Trading

/// The portfolio's maths: worked examples per contract kind, long and short; the average entry
/// and realised P&L when adding, reducing and flipping; and a check of the P&L from the same
/// fills and marks worked out another way (cash in and out), on seeded random fills.
@Suite struct PortfolioTests {
  static let inverse = SweepTests.inverse
  static let linear = SweepTests.linear
  /// ETHUSD 2021: 100 XBt per USD of price, settled in XBt.
  static let quanto = ContractSpec(
    symbol: "ETHUSD", kind: .quanto, multiplier: 100, quoteToSettleMultiplier: 3_108, settlCurrency: "XBt",
    settlePerWhole: 1e8, settleName: "XBT", quoteCurrency: "USD", underlying: "ETH", lotSize: 1,
    tickSize: 0.05)

  static func close(_ a: Double?, _ b: Double, relative: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= relative * max(abs(a), abs(b), 1e-6)
  }

  /// One worked example of unrealised P&L: a position in units at an entry, a mark, and the
  /// P&L in settlement units worked out by hand.
  struct Example: Sendable, CustomStringConvertible {
    var spec: ContractSpec
    var units: Double
    var entry: Double
    var mark: Double
    var pnl: Double
    var value: Double
    var description: String { "\(spec.symbol) \(units) @ \(entry) → \(mark)" }
  }

  static let examples: [Example] = [
    // 1,000 XBTUSD from 50,000 to 55,000: 1,000 × 10^8 × (1/50,000 − 1/55,000) = 181,818.18 XBt,
    // worth 1,000 × 10^8 / 55,000 = 1,818,181.8 XBt.
    Example(
      spec: inverse, units: 1_000, entry: 50_000, mark: 55_000, pnl: 181_818.181_818_181_8,
      value: 1_818_181.818_181_818),
    // The short loses as much.
    Example(
      spec: inverse, units: -1_000, entry: 50_000, mark: 55_000, pnl: -181_818.181_818_181_8,
      value: -1_818_181.818_181_818),
    // 10 ETHUSD from 2,000 to 2,100: 10 × 100 × 100 = 100,000 XBt; worth 10 × 100 × 2,100.
    Example(spec: quanto, units: 10, entry: 2_000, mark: 2_100, pnl: 100_000, value: 2_100_000),
    Example(spec: quanto, units: -10, entry: 2_000, mark: 1_900, pnl: 100_000, value: -1_900_000),
    // 0.5 XBT of XBTUSDT (500,000 contracts of 1 USDt per point) from 20,000 to 21,000:
    // 500,000 × 1,000 = 5 × 10^8 USDt = 500 USDT.
    Example(spec: linear, units: 0.5, entry: 20_000, mark: 21_000, pnl: 500_000_000, value: 10_500_000_000),
    Example(
      spec: linear, units: -0.5, entry: 20_000, mark: 21_000, pnl: -500_000_000, value: -10_500_000_000),
  ]

  @Test(arguments: examples) func unrealisedPerKind(_ e: Example) {
    let universe = Self.universe([(e.spec, e.mark)])
    let v = Portfolio.value(
      held: [HeldPosition(symbol: e.spec.symbol, quantity: e.units, entry: e.entry)], fills: [],
      universe: universe, nowMs: 1_000, wallMs: 0, connected: true,
      bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    let line = try! #require(v.lines.first)
    #expect(line.status == .ok)
    #expect(line.source == .file)
    #expect(Self.close(line.unrealised, e.pnl), "\(line.unrealised ?? .nan)")
    #expect(Self.close(line.marketValue, e.value), "\(line.marketValue ?? .nan)")
    #expect(Self.close(line.units, e.units))
    #expect(Self.close(line.pnlPercent, e.pnl / abs(line.cost!) * 100))
    #expect(v.totals.count == 1)
    #expect(Self.close(v.totals[0].unrealised, e.pnl / e.spec.settlePerWhole))
  }

  /// One sequence of fills and where it must leave the position.
  struct FillCase: Sendable, CustomStringConvertible {
    var name: String
    var spec: ContractSpec
    /// Signed contracts and price.
    var fills: [(Double, Double)]
    var contracts: Double
    var entry: Double?
    var realised: Double
    var description: String { name }
  }

  static let fillCases: [FillCase] = [
    FillCase(
      name: "linear add moves the average", spec: linear, fills: [(1_000, 100), (1_000, 200)],
      contracts: 2_000,
      entry: 150, realised: 0),
    FillCase(
      name: "inverse add: harmonic average", spec: inverse, fills: [(100, 40_000), (100, 60_000)],
      contracts: 200, entry: 48_000, realised: 0),
    // Sell 1,000 of 2,000 at 250: realises 1,000 × 1 × (250 − 150) = 100,000 USDt; entry stays.
    FillCase(
      name: "linear reduce realises, keeps entry", spec: linear,
      fills: [(1_000, 100), (1_000, 200), (-1_000, 250)],
      contracts: 1_000, entry: 150, realised: 100_000),
    // Long 1,000 at 150, sell 3,000 at 100: closes 1,000 for 1,000 × (100 − 150) = −50,000,
    // then short 2,000 at 100.
    FillCase(
      name: "linear flip", spec: linear, fills: [(1_000, 150), (-3_000, 100)], contracts: -2_000, entry: 100,
      realised: -50_000),
    // Short 2 ETHUSD at 100, buy 1 at 80: realises −1 × 100 × (80 − 100) = 2,000 XBt.
    FillCase(
      name: "quanto short covers part", spec: quanto, fills: [(-2, 100), (1, 80)], contracts: -1, entry: 100,
      realised: 2_000),
    // Short 100 XBTUSD at 50,000, buy 300 at 40,000: closes 100 for
    // −100 × 10^8 × (1/50,000 − 1/40,000) = 50,000 XBt, then long 200 at 40,000.
    FillCase(
      name: "inverse flip short to long", spec: inverse, fills: [(-100, 50_000), (300, 40_000)],
      contracts: 200,
      entry: 40_000, realised: 50_000),
    FillCase(
      name: "back to flat", spec: inverse, fills: [(100, 50_000), (-100, 40_000)], contracts: 0, entry: nil,
      realised: -50_000),
  ]

  @Test(arguments: fillCases) func averageAndRealised(_ c: FillCase) {
    var tally = PositionTally()
    for (q, p) in c.fills { tally.apply(contracts: q, price: p, spec: c.spec) }
    #expect(tally.contracts == c.contracts)
    if let entry = c.entry {
      #expect(Self.close(tally.averageEntry, entry))
    } else {
      #expect(tally.averageEntry == nil)
    }
    #expect(Self.close(tally.realised, c.realised), "\(tally.realised)")
  }

  /// Realised + unrealised at the mark equals the cash that went in and out plus what the open
  /// contracts are worth, computed without averages: linear `Σ −q·p·m + Q·mark·m`, inverse
  /// `Σ q·|m|/p − Q·|m|/mark`. Seeded random fills on each kind.
  @Test(arguments: [inverse, quanto, linear]) func pnlMatchesCashFlows(_ spec: ContractSpec) {
    let seed = SimRandom.seed(15, "portfolio-\(spec.symbol)")
    var random = SimRandom(seed: seed)
    for _ in 0..<200 {
      var tally = PositionTally()
      var cash = 0.0
      var open = 0.0
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let q = Double(Int.random(in: -5...5, using: &random)) * spec.lotSize
        let p = spec.snapToTick(Double.random(in: 1_000...3_000, using: &random))
        tally.apply(contracts: q, price: p, spec: spec)
        open += q
        switch spec.kind {
        case .inverse: cash += q * abs(spec.multiplier) / p
        default: cash -= q * spec.multiplier * p
        }
      }
      let mark = spec.snapToTick(Double.random(in: 1_000...3_000, using: &random))
      let held =
        spec.kind == .inverse ? -open * abs(spec.multiplier) / mark : open * spec.multiplier * mark
      let unrealised =
        tally.averageEntry.flatMap { spec.pnl(contracts: tally.contracts, entry: $0, exit: mark) } ?? 0
      #expect(tally.contracts == open, "seed \(seed)")
      #expect(Self.close(tally.realised + unrealised, cash + held, relative: 1e-7), "seed \(seed)")
    }
  }

  /// Paper fills and a file position on the same marks, each line and the totals worked out
  /// here from the formulas, and XBT converted at XBTUSD's mark.
  @Test func fileAndPaperWithTotals() throws {
    let universe = Self.universe([(Self.inverse, 40_000), (Self.quanto, 2_500), (Self.linear, 41_000)])
    let fills = [
      PaperFill(
        orderID: "P1", symbol: "ETHUSD", side: .sell, contracts: 4, price: 2_600, fee: 780,
        settlCurrency: "XBt",
        timeMs: 1),
      PaperFill(
        orderID: "P2", symbol: "ETHUSD", side: .buy, contracts: 1, price: 2_400, fee: 0, settlCurrency: "XBt",
        timeMs: 2),
    ]
    let held = [
      HeldPosition(symbol: "XBTUSD", quantity: 2_000, entry: 50_000),
      HeldPosition(symbol: "XBTUSDT", quantity: -0.25, entry: 40_000),
    ]
    let v = Portfolio.value(
      held: held, fills: fills, universe: universe, nowMs: 1_000, wallMs: 0, connected: true,
      bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    #expect(v.lines.map(\.source) == [.file, .file, .paper])
    let xbtusd = 2_000 * 1e8 * (1 / 50_000.0 - 1 / 40_000.0)
    let ethRealised = 1 * 100 * (2_600.0 - 2_400)
    let ethUnrealised = -3 * 100 * (2_500.0 - 2_600)
    let usdt = -250_000 * 1 * (41_000.0 - 40_000)
    #expect(Self.close(v.lines[0].unrealised, xbtusd))
    #expect(Self.close(v.lines[1].unrealised, usdt))
    #expect(Self.close(v.lines[2].unrealised, ethUnrealised))
    #expect(Self.close(v.lines[2].tally.realised, ethRealised))
    let xbt = try #require(v.totals.first { $0.currency == "XBT" })
    let usdtTotal = try #require(v.totals.first { $0.currency == "USDT" })
    #expect(Self.close(xbt.unrealised, (xbtusd + ethUnrealised) / 1e8))
    #expect(Self.close(xbt.totalPnL, (xbtusd + ethUnrealised + ethRealised - 780) / 1e8))
    #expect(Self.close(usdtTotal.unrealised, usdt / 1e6))
    #expect(v.rate?.label == "XBTUSD mark")
    #expect(v.rate?.usd == 40_000)
    #expect(Self.close(v.usdTotalPnL, xbt.totalPnL * 40_000 + usdtTotal.totalPnL))
    #expect(!v.stale)
  }

  /// Unknown and expired symbols stay as rows that say so and stay out of the totals; before
  /// the instrument list arrives a row waits.
  @Test func unknownExpiredAndWaiting() {
    var universe = Self.universe([(Self.inverse, 40_000)])
    var settled = InstrumentUpdate(symbol: "XBTZ20")
    settled.state = "Settled"
    universe.merge(rest: [settled])
    let held = [
      HeldPosition(symbol: "NOPE", quantity: 1, entry: 1),
      HeldPosition(symbol: "XBTZ20", quantity: 1, entry: 1),
      HeldPosition(symbol: "XBTUSD", quantity: 100, entry: 40_000),
    ]
    let v = Portfolio.value(
      held: held, fills: [], universe: universe, nowMs: 1_000, wallMs: 0, connected: true,
      bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    #expect(v.lines.map(\.status) == [.unknown, .expired("Settled"), .ok])
    #expect(v.notValued == 2)
    #expect(v.totals.map(\.positions) == [1])
    let empty = Portfolio.value(
      held: held, fills: [], universe: MarketUniverse(), nowMs: 0, wallMs: 0, connected: false,
      bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    #expect(empty.lines.allSatisfy { $0.status == .waiting })
    #expect(empty.totals.isEmpty)
  }

  /// A mark is stale when the connection is down, when its table waits for a partial again, or
  /// when its row has gone quiet; the totals say so.
  @Test func staleMarks() {
    var universe = Self.universe([(Self.inverse, 40_000)], at: 1_000)
    // A rhythm of one update a second.
    for t in stride(from: Int64(2_000), through: 5_000, by: 1_000) {
      universe.apply(Self.update(Self.inverse.symbol, mark: 40_000), now: t)
    }
    let held = [HeldPosition(symbol: "XBTUSD", quantity: 100, entry: 40_000)]
    func value(_ now: Int64, connected: Bool = true) -> PortfolioValuation {
      Portfolio.value(
        held: held, fills: [], universe: universe, nowMs: now, wallMs: 0, connected: connected,
        bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    }
    #expect(!value(5_500).stale)
    #expect(value(5_500).lines[0].markAgeMs == 500)
    #expect(value(11_000).lines[0].stale)
    #expect(value(11_000).stale)
    #expect(value(5_500, connected: false).stale)
    universe.resetTables([Subscription(.ticker)])
    #expect(value(5_500).lines[0].stale)
  }

  /// The age is the mark's own: a row kept busy by trades (last price, volume) while its mark
  /// stopped still shows the mark's age, and goes stale.
  @Test func theAgeIsTheMarksNotTheRows() {
    var universe = Self.universe([(Self.inverse, 40_000)], at: 1_000)
    for t in stride(from: Int64(2_000), through: 5_000, by: 1_000) {
      universe.apply(Self.update(Self.inverse.symbol, mark: 40_000), now: t)
    }
    for t in stride(from: Int64(6_000), through: 20_000, by: 500) {
      var batch = MarketBatch()
      var u = InstrumentUpdate(symbol: Self.inverse.symbol)
      u.lastPrice = 40_001
      batch.instruments = [u]
      batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
      universe.apply(batch, now: t)
    }
    let v = Portfolio.value(
      held: [HeldPosition(symbol: "XBTUSD", quantity: 100, entry: 40_000)], fills: [], universe: universe,
      nowMs: 20_000, wallMs: 0, connected: true, bitcoinSources: VenueAbout.bitmex.bitcoinSources)
    #expect(v.lines[0].markAgeMs == 15_000)
    #expect(v.lines[0].stale)
    #expect(!(universe.row("XBTUSD")?.isQuiet(now: 20_000) ?? true))
  }

  // MARK: Helpers

  /// A universe live from an all-symbols partial of `specs` at their marks.
  static func universe(_ specs: [(ContractSpec, Double)], at now: Int64 = 1_000) -> MarketUniverse {
    var batch = MarketBatch()
    batch.instruments = specs.map { spec, mark in
      var u = InstrumentUpdate(symbol: spec.symbol)
      u.state = "Open"
      u.multiplier = spec.multiplier
      u.isInverse = spec.kind == .inverse
      u.isQuanto = spec.kind == .quanto
      u.typ = "FFWCSX"
      u.fields.settle(.bitmex(spec.settlCurrency)!)
      u.underlying = spec.underlying
      u.quoteCurrency = spec.quoteCurrency
      u.lotSize = spec.lotSize
      u.tickSize = spec.tickSize
      u.underlyingToSettleMultiplier = spec.underlyingToSettleMultiplier
      u.quoteToSettleMultiplier = spec.quoteToSettleMultiplier
      u.underlyingToPositionMultiplier = spec.underlyingToPositionMultiplier
      u.markPrice = mark
      u.lastPrice = mark
      return u
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<specs.count))]
    var universe = MarketUniverse()
    universe.apply(batch, now: now)
    return universe
  }

  static func update(_ symbol: Symbol, mark: Double) -> MarketBatch {
    var batch = MarketBatch()
    var u = InstrumentUpdate(symbol: symbol)
    u.markPrice = mark
    batch.instruments = [u]
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
    return batch
  }
}
