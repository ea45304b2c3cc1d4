import BitMEX
import MarketModel
import TestSupport
import Testing
import Trading

/// The contract maths against recorded instrument rows: XBTUSD (inverse) and ETHUSD (quanto)
/// and ETHU21 (linear, quoted in XBT) from `GET /instrument/active` on 2021-07-22, XBTUSDT
/// (linear USDT) from a 2022-10-16 row (see `Tests/Fixtures/README.md`), spot in the
/// simulator's row shape. Each row's own 24 h figures check the maths: its contracts traded
/// (`volume24h`) valued at its `vwap` must come to its `turnover24h`, and so on.
@Suite struct ContractSpecTests {
  static func rows(_ fixture: String) throws -> [Symbol: Instrument] {
    var decoder = BitMEXDecoder()
    guard case .rows(let rows) = try decoder.decodeInstruments(Fixture.bytes(fixture)) else {
      throw DecodeError("not rows", at: 0)
    }
    return Dictionary(rows.map { ($0.symbol, Instrument($0)) }, uniquingKeysWith: { a, _ in a })
  }

  static func spec(
    _ symbol: Symbol, _ fixture: String = "2021-07-22_rest_instrument_active.json"
  ) throws
    -> ContractSpec
  {
    let instrument = try #require(try rows(fixture)[symbol])
    return try ContractSpec.make(instrument).get()
  }

  static func close(_ a: Double?, _ b: Double, relative: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= relative * max(abs(a), abs(b), 1e-12)
  }

  /// One worked example: a row, a size in units at a price, and what it must come to.
  struct Example: Sendable, CustomStringConvertible {
    var symbol: Symbol
    var fixture: String
    var kind: ContractSpec.Kind
    var units: Double
    var price: Double
    var contracts: Double
    /// Settlement units (XBt, USDt).
    var value: Double
    var quote: Double
    var description: String { "\(symbol) \(units) @ \(price)" }
  }

  static let examples: [Example] = [
    // 100 contracts of XBTUSD are 100 USD, worth 100 × 10^8 / 32,175 XBt.
    Example(
      symbol: "XBTUSD", fixture: "2021-07-22_rest_instrument_active.json", kind: .inverse, units: 100,
      price: 32_175, contracts: 100, value: 310_800.310_800_310_8, quote: 100),
    // One ETHUSD contract: 100 XBt per USD of price = 200,375 XBt; in USD at the row's
    // quoteToSettleMultiplier (3,108 XBt per USD): 64.47 USD.
    Example(
      symbol: "ETHUSD", fixture: "2021-07-22_rest_instrument_active.json", kind: .quanto, units: 1,
      price: 2_003.75, contracts: 1, value: 200_375, quote: 200_375.0 / 3_108),
    // 0.001 XBT of XBTUSDT is 1,000 contracts of 1 USDt per point: 19,130,000 USDt = 19.13 USDT.
    Example(
      symbol: "XBTUSDT", fixture: "ccxt_2022-10-16_instrument_XBTUSDT.json", kind: .linear, units: 0.001,
      price: 19_130, contracts: 1_000, value: 19_130_000, quote: 19.13),
    // One ETH of ETHU21 (a contract per ETH, quoted in XBT): 0.06212 XBT = 6,212,000 XBt.
    Example(
      symbol: "ETHU21", fixture: "2021-07-22_rest_instrument_active.json", kind: .linear, units: 1,
      price: 0.06212, contracts: 1, value: 6_212_000, quote: 0.06212),
  ]

  @Test(arguments: examples) func workedExample(_ e: Example) throws {
    let spec = try Self.spec(e.symbol, e.fixture)
    #expect(spec.kind == e.kind)
    #expect(Self.close(spec.contracts(units: e.units), e.contracts))
    #expect(Self.close(spec.settlementValue(contracts: e.contracts, price: e.price), e.value))
    #expect(Self.close(spec.quoteNotional(contracts: e.contracts, price: e.price), e.quote))
    #expect(Self.close(spec.amount(units: e.units, price: e.price), e.quote))
    // And back: the amount gives the units.
    #expect(Self.close(spec.units(amount: e.quote, price: e.price), e.units))
  }

  /// The rows' own 24 h figures: contracts × value at the day's vwap = turnover; the quote
  /// notional of the day's contracts = `foreignNotional24h`.
  @Test func dailyFiguresAgree() throws {
    let rows = try Self.rows("2021-07-22_rest_instrument_active.json")
    // XBTUSD: 662,123,900 contracts at vwap 32,119.4329 ≈ 2,061,444,079,797 XBt; and USD 1:1.
    let x = try ContractSpec.make(try #require(rows["XBTUSD"])).get()
    #expect(
      Self.close(
        x.settlementValue(contracts: 662_123_900, price: 32_119.4329), 2_061_444_079_797, relative: 1e-3))
    #expect(Self.close(x.quoteNotional(contracts: 662_123_900, price: 32_119.4329), 662_123_900))
    // ETHUSD: 3,293,153 contracts at vwap 1,998.41 ≈ 658,103,891,790 XBt; in USD ≈ 211,413,840
    // (the XBt-per-USD rate moved over the day: within 0.5 %).
    let e = try ContractSpec.make(try #require(rows["ETHUSD"])).get()
    #expect(
      Self.close(e.settlementValue(contracts: 3_293_153, price: 1_998.41), 658_103_891_790, relative: 1e-3))
    #expect(
      Self.close(e.quoteNotional(contracts: 3_293_153, price: 1_998.41), 211_413_840.244, relative: 5e-3))
    // XBTUSDT: 590,798,000 contracts are 590.798 XBT; its turnover in USDT is foreignNotional24h.
    let l = try Self.spec("XBTUSDT", "ccxt_2022-10-16_instrument_XBTUSDT.json")
    #expect(Self.close(l.units(contracts: 590_798_000), 590.798))
    #expect(Self.close(l.quoteAmount(settlementUnits: 11_284_280_291_500, price: 19_130), 11_284_280.2915))
  }

  @Test func unitsAndLots() throws {
    let x = try Self.spec("XBTUSD")
    #expect(x.unitName == "contracts")
    #expect(x.lotUnits == 100)
    #expect(x.unitDecimals == 0)
    #expect(x.maxOrderUnits == 10_000_000)
    #expect(x.takerFee == 0.00075)
    // The recorded row's maker fee: a rebate (issue 29: the ticket could not say it).
    #expect(x.makerFee == -0.00025)
    #expect(x.settleName == "XBT")
    #expect(x.wholeSettlement(310_800) == 0.003108)
    let l = try Self.spec("XBTUSDT", "ccxt_2022-10-16_instrument_XBTUSDT.json")
    #expect(l.unitName == "XBT")
    #expect(Self.close(l.lotUnits, 0.001))
    #expect(l.unitDecimals == 3)
    #expect(l.settleName == "USDT")
    #expect(Self.close(l.maxOrderUnits, 1_000))
  }

  /// P&L of a long and a short, per kind (design.md's formulas).
  @Test func profitAndLoss() throws {
    let x = try Self.spec("XBTUSD")
    // 1,000 USD long from 32,000 to 33,000: 1000 × 10^8 × (1/32000 − 1/33000) XBt.
    #expect(Self.close(x.pnl(contracts: 1_000, entry: 32_000, exit: 33_000), 94_696.969_696_969_7))
    #expect(Self.close(x.pnl(contracts: -1_000, entry: 32_000, exit: 33_000), -94_696.969_696_969_7))
    let e = try Self.spec("ETHUSD")
    // 10 contracts from 2,000 to 2,100: 10 × 100 × 100 XBt.
    #expect(e.pnl(contracts: 10, entry: 2_000, exit: 2_100) == 100_000)
    let l = try Self.spec("XBTUSDT", "ccxt_2022-10-16_instrument_XBTUSDT.json")
    // 0.001 XBT from 19,000 to 19,500: 500,000 USDt = 0.5 USDT.
    #expect(l.pnl(contracts: 1_000, entry: 19_000, exit: 19_500) == 500_000)
    #expect(l.wholeSettlement(500_000) == 0.5)
    #expect(x.pnl(contracts: 1, entry: 0, exit: 1) == nil)
  }

  /// Spot in the simulator's row shape (no recorded BitMEX spot row was found): XBT_USDT,
  /// 10^6 contracts per XBT of 1 USDt per point, lot 1,000.
  @Test func spot() throws {
    var i = Instrument(symbol: "XBT_USDT")
    i.typ = "IFXXXP"
    i.underlying = "XBT"
    i.quoteCurrency = "USDT"
    i.fields.settle(.bitmex("USDt")!)
    i.multiplier = 1
    i.underlyingToPositionMultiplier = 1_000_000
    i.quoteToSettleMultiplier = 1_000_000
    i.lotSize = 1_000
    i.tickSize = 1
    i.takerFee = 0.001
    let spec = try ContractSpec.make(i).get()
    #expect(spec.kind == .spot)
    #expect(Self.close(spec.amount(units: 0.5, price: 98_000), 49_000))
    #expect(Self.close(spec.units(amount: 49_000, price: 98_000), 0.5))
  }

  @Test func missingFieldsSayWhich() {
    var i = Instrument(symbol: "XBTUSD")
    #expect(ContractSpec.make(i) == .failure(.missing("multiplier")))
    i.multiplier = -100_000_000
    i.lotSize = 100
    i.tickSize = 0.5
    i.fields.settle(.bitmex("XBt")!)
    i.isInverse = true
    #expect(ContractSpec.make(i) == .failure(.missing("underlyingToSettleMultiplier")))
    i.settlCurrency = "DOGEt"
    i.settlement = SettlementCurrency.bitmex("DOGEt")
    #expect(ContractSpec.make(i) == .failure(.unknownCurrency("DOGEt")))
  }

  @Test func snapsToTick() throws {
    let x = try Self.spec("XBTUSD")
    #expect(x.snapToTick(32_175.3) == 32_175.5)
    #expect(x.snapToTick(32_175.2) == 32_175)
    let e = try Self.spec("ETHUSD")
    #expect(e.snapToTick(2_003.77) == 2_003.75)
  }
}
