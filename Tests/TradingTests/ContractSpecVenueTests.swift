import Binance
import Bybit
import Coinbase
import Kraken
import MarketModel
import OKX
import TestSupport
import Testing
import Trading
import WireJSON

/// The ticket's contract maths of other venues' instruments, from their metadata as each
/// adapter's own decoder reads it (the recorded Kraken, Binance and OKX rows; Coinbase's and
/// Bybit's documented shapes, in `Tests/Fixtures/exchanges/`): spot and base-sized perpetuals in
/// the base asset, OKX's and Coinbase's contracts of a base quantity, inverse contracts of a USD
/// value, each worked by hand and checked against the spec's own `ContractDescriptor`.
@Suite struct ContractSpecVenueTests {
  /// The specs of every venue's fixture, by `venue:SYMBOL`.
  static func specs() throws -> [String: InstrumentSpec] {
    var all: [InstrumentSpec] = []
    all +=
      KrakenInstruments.specs(
        assetPairs: try WireValue.parse(
          Fixture.bytes("exchanges/kraken_2021-04-17_XXBTZUSD_rest-AssetPairs-entry.json"))
      ).specs
    all.append(
      try BinanceInstruments.spec(
        row: try WireValue.parse(
          Fixture.bytes("exchanges/binance-spot_2021-10-12_LRCBTC_rest-exchangeInfo-symbol.json")),
        market: .spot
      ).get())
    all +=
      CoinbaseInstruments.specs(
        products: try WireValue.parse(
          Fixture.bytes("exchanges/coinbase-advanced_docs-shaped_rest-products.json"))
      ).specs
    for category in [BybitCategory.spot, .linear, .inverse] {
      all +=
        BybitInstruments.specs(
          instrumentsInfo: try WireValue.parse(
            Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-instruments-info-\(category.rawValue).json")),
          category: category
        ).specs
    }
    all.append(
      try OKXInstruments.spec(
        row: try WireValue.parse(
          Fixture.bytes("exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_rest-instrument.json"))
      ).get())
    // OKX's linear swap in the documented shape (as OKXInstrumentsTests has it).
    all.append(
      try OKXInstruments.spec(
        row: try WireValue.parse(
          Array(
            #"{"instType":"SWAP","instId":"BTC-USDT-SWAP","uly":"BTC-USDT","ctType":"linear","ctVal":"0.01","ctValCcy":"BTC","ctMult":"1","settleCcy":"USDT","tickSz":"0.1","lotSz":"1","minSz":"1"}"#
              .utf8))
      ).get())
    return Dictionary(all.map { ($0.key.description, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func close(_ a: Double?, _ b: Double, relative: Double = 1e-12) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= relative * max(abs(a), abs(b), 1e-12)
  }

  /// A size typed on the ticket at a price, and what it must come to.
  struct Example: Sendable, CustomStringConvertible {
    var key: String
    var kind: ContractSpec.Kind
    /// What the units are called, and the quote and settlement currencies.
    var unitName: String
    var quote: String
    var settle: String
    var units: Double
    var price: Double
    /// The venue's size unit (what the book and the order count).
    var contracts: Double
    /// Notional in the quote currency, and value in the whole settlement currency.
    var notional: Double
    var settleValue: Double
    var lotUnits: Double
    var minUnits: Double?
    var description: String { "\(key) \(units) @ \(price)" }
  }

  static let examples: [Example] = [
    // Kraken spot: 0.5 BTC at 63,000 is 31,500 USD; lot 10^-8 BTC, the smallest order 0.0002 BTC.
    Example(
      key: "kraken:BTC/USD", kind: .spot, unitName: "BTC", quote: "USD", settle: "USD", units: 0.5,
      price: 63_000,
      contracts: 0.5, notional: 31_500, settleValue: 31_500, lotUnits: 0.000_000_01, minUnits: 0.0002),
    // Binance spot quoted in BTC: 317 LRC at 0.00001234 BTC; whole LRC, at least 1.
    Example(
      key: "binance:LRCBTC", kind: .spot, unitName: "LRC", quote: "BTC", settle: "BTC", units: 317,
      price: 0.000_012_34, contracts: 317, notional: 0.003_911_78, settleValue: 0.003_911_78, lotUnits: 1,
      minUnits: 1),
    // Coinbase spot.
    Example(
      key: "coinbase:BTC-USD", kind: .spot, unitName: "BTC", quote: "USD", settle: "USD", units: 0.25,
      price: 96_500, contracts: 0.25, notional: 24_125, settleValue: 24_125, lotUnits: 0.000_000_01,
      minUnits: 0.000_000_01),
    // Coinbase's nano future: 30 contracts of 0.01 BTC at 96,500 are 0.3 BTC, 28,950 USD.
    Example(
      key: "coinbase:BIT-26DEC25-CDE", kind: .linear, unitName: "contracts", quote: "USD", settle: "USD",
      units: 30, price: 96_500, contracts: 30, notional: 28_950, settleValue: 28_950, lotUnits: 1, minUnits: 1
    ),
    // Bybit spot: lot 0.000001 BTC, at least 0.000048 BTC.
    Example(
      key: "bybit-spot:BTCUSDT", kind: .spot, unitName: "BTC", quote: "USDT", settle: "USDT", units: 0.001,
      price: 65_000, contracts: 0.001, notional: 65, settleValue: 65, lotUnits: 0.000_001, minUnits: 0.000_048
    ),
    // Bybit linear counts the base asset: 2.5 BTC at 65,000 is 162,500 USDT.
    Example(
      key: "bybit-linear:BTCUSDT", kind: .linear, unitName: "BTC", quote: "USDT", settle: "USDT", units: 2.5,
      price: 65_000, contracts: 2.5, notional: 162_500, settleValue: 162_500, lotUnits: 0.001, minUnits: 0.001
    ),
    // Bybit inverse: 65,000 contracts of 1 USD at 65,000 are 65,000 USD, worth 1 BTC.
    Example(
      key: "bybit-inverse:BTCUSD", kind: .inverse, unitName: "contracts", quote: "USD", settle: "BTC",
      units: 65_000, price: 65_000, contracts: 65_000, notional: 65_000, settleValue: 1, lotUnits: 1,
      minUnits: 1),
    // OKX's recorded inverse swap: 20 contracts of 10 USD at 5.139 are 200 USD, 200 / 5.139 UNI.
    Example(
      key: "okx:UNI-USD-SWAP", kind: .inverse, unitName: "contracts", quote: "USD", settle: "UNI", units: 20,
      price: 5.139, contracts: 20, notional: 200, settleValue: 200 / 5.139, lotUnits: 1, minUnits: 1),
    // OKX's linear swap: 250 contracts of 0.01 BTC at 60,000 are 2.5 BTC, 150,000 USDT.
    Example(
      key: "okx:BTC-USDT-SWAP", kind: .linear, unitName: "contracts", quote: "USDT", settle: "USDT",
      units: 250,
      price: 60_000, contracts: 250, notional: 150_000, settleValue: 150_000, lotUnits: 1, minUnits: 1),
  ]

  @Test(arguments: examples)
  func unitsAmountAndValue(_ e: Example) throws {
    let instrument = try #require(try Self.specs()[e.key], "no spec \(e.key)")
    let spec = try ContractSpec.make(instrument).get()
    #expect(spec.instrument.description == e.key)
    #expect(spec.kind == e.kind)
    #expect(spec.unitName == e.unitName)
    #expect(spec.quoteCurrency == e.quote && spec.settleName == e.settle && spec.settlCurrency == e.settle)
    #expect(Self.close(spec.lotUnits, e.lotUnits))
    #expect(spec.minOrderUnits.map { Self.close($0, e.minUnits ?? -1) } ?? (e.minUnits == nil))
    #expect(Self.close(spec.contracts(units: e.units), e.contracts))
    #expect(Self.close(spec.amount(units: e.units, price: e.price), e.notional))
    let value = try #require(spec.settlementValue(contracts: e.contracts, price: e.price))
    #expect(Self.close(spec.wholeSettlement(value), e.settleValue))
    // Both ways: the amount gives the units back.
    #expect(Self.close(spec.units(amount: e.notional, price: e.price), e.units, relative: 1e-9))
    // The ticket's notional agrees with the venue-neutral core's own descriptor.
    let core = instrument.contract.quoteNotional(size: e.contracts, price: e.price)
    #expect(Self.close(spec.quoteNotional(contracts: e.contracts, price: e.price), try #require(core)))
  }

  /// The P&L of a long in each kind: spot and linear in the quote, inverse in the base.
  @Test func profitIsInTheSettlementAsset() throws {
    let specs = try Self.specs()
    var kraken = try ContractSpec.make(try #require(specs["kraken:BTC/USD"])).get()
    // The caller names the venue as its `VenueAbout` does; without, its name is said.
    #expect(
      SizeCheck.check(unitsText: "0.0001", spec: kraken)
        == .invalid("below the smallest order on kraken, 0.0002 BTC"))
    kraken.venueName = VenueAbout.kraken.displayName
    #expect(Self.close(kraken.pnl(contracts: 0.5, entry: 60_000, exit: 63_000), 1_500))
    let okx = try ContractSpec.make(try #require(specs["okx:BTC-USDT-SWAP"])).get()
    #expect(Self.close(okx.pnl(contracts: 250, entry: 60_000, exit: 61_000), 2_500))
    // 65,000 USD of inverse contracts from 65,000 to 130,000: 1 BTC worth 0.5 BTC at the exit.
    let inverse = try ContractSpec.make(try #require(specs["bybit-inverse:BTCUSD"])).get()
    #expect(Self.close(inverse.pnl(contracts: 65_000, entry: 65_000, exit: 130_000), 0.5))
    #expect(
      inverse.contractValue == "1 USD" && okx.contractValue == "0.01 BTC" && kraken.contractValue == nil)
  }

  /// What has no paper ticket says so, and a spec without its steps is refused, never guessed.
  @Test func whatCannotBeTradedSaysWhy() {
    let btc: AssetCode = "BTC"
    let usd: AssetCode = "USD"
    func spec(_ kind: InstrumentKind, _ contract: ContractDescriptor, lot: String = "1") -> InstrumentSpec {
      InstrumentSpec(
        key: InstrumentKey(venue: .okx, symbol: "X"), kind: kind, base: btc, quote: usd, settle: btc,
        tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal(lot)!, contract: contract)
    }
    #expect(
      ContractSpec.make(
        spec(.quantoPerpetual, .quanto(multiplier: FixedDecimal("1")!, settlePerWhole: FixedDecimal("1")!)))
        == .failure(.notTradable("a quanto perpetual instrument has no paper ticket here")))
    #expect(
      ContractSpec.make(spec(.index, .base))
        == .failure(.notTradable("a index instrument has no paper ticket here"))
    )
    #expect(ContractSpec.make(spec(.spot, .base, lot: "0")) == .failure(.missing("lot size")))
    #expect(
      ContractSpec.make(spec(.inversePerpetual, .inverse(value: FixedDecimal("0")!)))
        == .failure(.missing("contract value")))
  }

  /// The venue's minimum and lot, in words.
  @Test func theMinimumAndTheLotInWords() throws {
    let specs = try Self.specs()
    var kraken = try ContractSpec.make(try #require(specs["kraken:BTC/USD"])).get()
    // The caller names the venue as its `VenueAbout` does; without, its name is said.
    #expect(
      SizeCheck.check(unitsText: "0.0001", spec: kraken)
        == .invalid("below the smallest order on kraken, 0.0002 BTC"))
    kraken.venueName = VenueAbout.kraken.displayName
    #expect(
      SizeCheck.check(unitsText: "0.0001", spec: kraken)
        == .invalid("below the smallest order on Kraken, 0.0002 BTC"))
    #expect(SizeCheck.check(unitsText: "0.0002", spec: kraken) == .valid(contracts: 0.0002))
    #expect(SizeCheck.check(unitsText: "0.5", spec: kraken) == .valid(contracts: 0.5))
    #expect(
      SizeCheck.refusal(appending: "1", to: "0.00000001", decimals: kraken.unitDecimals)
        == "at most 8 decimals")
    let lrc = try ContractSpec.make(try #require(specs["binance:LRCBTC"])).get()
    #expect(
      SizeCheck.check(unitsText: "1.5", spec: lrc) == .invalid("not a multiple of the lot 1: try 1 or 2"))
    var bybit = try ContractSpec.make(try #require(specs["bybit-spot:BTCUSDT"])).get()
    bybit.venueName = "Bybit spot"
    #expect(
      SizeCheck.check(unitsText: "0.000047", spec: bybit)
        == .invalid("below the smallest order on Bybit spot, 0.000048 BTC"))
  }
}
