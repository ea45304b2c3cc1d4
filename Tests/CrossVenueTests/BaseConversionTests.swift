import CrossVenue
import TestSupport
import Testing
import VenueCore

@Suite struct BaseConversionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var spec: InstrumentSpec
    var size: String
    var price: String
    var rate: String?
    /// Base units at 8 decimals.
    var units: Int64
    var testDescription: String { "\(spec.key) \(size) @ \(price)" }
  }

  static let cases: [Case] = [
    // 10,000 one-USD contracts at 100,000 USD/BTC: 0.1 BTC.
    Case(spec: Instruments.xbtusd, size: "10000", price: "100000.0", units: 10_000_000),
    // One contract at 98,000.5: 1,020.40301… units, rounded to the nearest.
    Case(spec: Instruments.xbtusd, size: "1", price: "98000.5", units: 1_020),
    // Rounded to the nearest unit, not cut: 2 USD at 3 USD/BTC is 66,666,666.67 units.
    Case(spec: Instruments.xbtusd, size: "2", price: "3.0", units: 66_666_667),
    // OKX's inverse ctVal of 100 USD: 3 contracts at 50,000 are 0.006 BTC.
    Case(spec: Instruments.okxInverse, size: "3", price: "50000.0", units: 600_000),
    // 1.5 OKX linear contracts of 0.01 BTC: 0.015 BTC at any price.
    Case(spec: Instruments.okxLinear, size: "1.5", price: "12345.6", units: 1_500_000),
    // 1,000 BitMEX XBTUSDT contracts of 10^-6 XBT: 0.001.
    Case(spec: Instruments.xbtusdt, size: "1000", price: "99000.0", units: 100_000),
    // Spot: the size is the base.
    Case(spec: Instruments.binance, size: "0.12345", price: "100000.01", units: 12_345_000),
    Case(spec: Instruments.kraken, size: "0.00000001", price: "100000.0", units: 1),
    // Quanto ETHUSD: 10 contracts × 100 XBt × price, at 100,000 USD/XBT, is 1 ETH at any price.
    Case(spec: Instruments.ethusd, size: "10", price: "3500.00", rate: "100000", units: 100_000_000),
    Case(spec: Instruments.ethusd, size: "3", price: "2000.05", rate: "98000.5", units: 29_400_150),
  ]

  @Test(arguments: cases) func sizeAtPriceInBaseUnits(_ c: Case) {
    let units = BaseConversion.units(
      size: dec(c.size), price: dec(c.price), contract: c.spec.contract, settle: c.spec.settle,
      settleRate: c.rate.map(dec), baseScale: 8)
    #expect(units == c.units)
    // The same through a book's scales.
    let b = book(c.spec, bids: [(c.price, c.size)])
    guard
      case .success(let conversion) = BaseConversion.make(
        spec: c.spec, book: b, settleRate: c.rate.map(dec), baseScale: 8)
    else {
      Issue.record("no conversion")
      return
    }
    let level = b.bids.level(fromBest: 0)
    #expect(conversion.units(size: level.size, priceTicks: level.price) == c.units)
  }

  @Test func quantoWithoutARateIsRefusedAndSaysWhichRate() {
    let result = BaseConversion.make(
      contract: Instruments.ethusd.contract, settle: "BTC", sizeScale: 0, priceScale: 2, settleRate: nil,
      baseScale: 8)
    #expect(result == .failure(.noSettleRate("BTC")))
    #expect(Exclusion.noSettleRate("BTC").description == "quanto: no BTC rate")
  }

  @Test func factorsThatDoNotFitAreOutOfRangeNotATrap() {
    // A contract value with 18 decimals and a base scale of 18 need 10^36.
    let huge = BaseConversion.make(
      contract: .inverse(value: dec("1")), settle: "BTC", sizeScale: 0, priceScale: 18, settleRate: nil,
      baseScale: 18)
    #expect(huge == .failure(.outOfRange))
    #expect(
      BaseConversion.make(
        contract: .linear(value: dec("0")), settle: "BTC", sizeScale: 0, priceScale: 0, settleRate: nil,
        baseScale: 8) == .failure(.outOfRange))
    // A product past Int64 is nil, not a wrapped number.
    #expect(
      BaseConversion.units(
        size: FixedDecimal(mantissa: .max, scale: 0), price: dec("1"), contract: .base, settle: "BTC",
        settleRate: nil, baseScale: 8) == nil)
  }

  /// The exact units agree with VenueCore's `Double` conversion on random sizes and prices of
  /// every kind (within half a unit and the Double's own error).
  @Test func agreesWithTheDescriptorsDoubleMaths() {
    let seed: UInt64 = 0x2828
    var random = SimRandom(seed: seed)
    let specs = [
      Instruments.xbtusd, Instruments.okxInverse, Instruments.okxLinear, Instruments.xbtusdt,
      Instruments.binance,
      Instruments.ethusd,
    ]
    for _ in 0..<2_000 {
      let spec = specs[random.below(specs.count)]
      let size = FixedDecimal(mantissa: Int64(random.between(1, 5_000_000)), scale: spec.sizeScale)
      let price = FixedDecimal(mantissa: Int64(random.between(1_000, 20_000_000)), scale: spec.priceScale)
      let rate = FixedDecimal(mantissa: Int64(random.between(1, 10_000_000)), scale: 1)
      guard
        let units = BaseConversion.units(
          size: size, price: price, contract: spec.contract, settle: spec.settle, settleRate: rate,
          baseScale: 8),
        let double = spec.baseQuantity(size: size, price: price, settleRate: rate.doubleValue)
      else {
        Issue.record("seed \(seed): no conversion of \(size) @ \(price) for \(spec.key)")
        return
      }
      let expected = double * 1e8
      #expect(
        abs(Double(units) - expected) <= 0.5 + expected * 1e-12,
        "seed \(seed): \(spec.key) \(size) @ \(price) rate \(rate): \(units) vs \(expected)")
    }
  }
}
