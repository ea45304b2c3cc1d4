import Bybit
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct BybitInstrumentsTests {
  func specs(_ category: BybitCategory) throws -> [InstrumentSpec] {
    let body = try WireValue.parse(
      Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-instruments-info-\(category.rawValue).json"))
    let (specs, errors) = BybitInstruments.specs(instrumentsInfo: body, category: category)
    #expect(errors.isEmpty)
    return specs
  }

  @Test func spotCountsTheBaseAsset() throws {
    let s = try specs(.spot)
    #expect(s.map(\.key.description) == ["bybit-spot:BTCUSDT", "bybit-spot:ETHUSDC"])
    #expect(s[0].kind == .spot && s[0].base == "BTC" && s[0].quote == "USDT" && s[0].contract == .base)
    #expect(s[0].tickSize == FixedDecimal("0.01")! && s[0].lotSize == FixedDecimal("0.000001")!)
    #expect(s[0].minSize == FixedDecimal("0.000048")!)
    #expect(s[1].quote == "USDC")
  }

  @Test func linearCountsTheBaseAsset() throws {
    let s = try specs(.linear)
    #expect(s.map(\.key.description) == ["bybit-linear:BTCUSDT", "bybit-linear:BTC-26DEC25"])
    #expect(s[0].kind == .linearPerpetual && s[0].settle == "USDT" && s[0].contract == .base)
    #expect(s[0].tickSize == FixedDecimal("0.10")! && s[0].lotSize == FixedDecimal("0.001")!)
    #expect(s[0].priceScale == 1 && s[0].sizeScale == 3)
    #expect(s[0].baseQuantity(size: FixedDecimal("2.5")!, price: FixedDecimal("65000")!) == 2.5)
    #expect(s[1].kind == .future(expiryMs: 1_766_736_000_000) && s[1].settle == "USDC")
  }

  /// Inverse contracts are 1 USD each, settled in the base coin.
  @Test func inverseCountsContractsOfOneDollar() throws {
    let s = try specs(.inverse)
    #expect(s.map(\.key.description) == ["bybit-inverse:BTCUSD", "bybit-inverse:BTCUSDZ25"])
    #expect(s[0].kind == .inversePerpetual && s[0].settle == "BTC")
    #expect(s[0].contract == .inverse(value: FixedDecimal("1")!))
    #expect(s[0].lotSize == FixedDecimal("1")! && s[0].tickSize == FixedDecimal("0.5")!)
    // 65,000 contracts at 65,000: 65,000 USD, 1 BTC.
    #expect(s[0].quoteNotional(size: FixedDecimal("65000")!, price: FixedDecimal("65000")!) == 65_000)
    #expect(s[0].baseQuantity(size: FixedDecimal("65000")!, price: FixedDecimal("65000")!) == 1)
    #expect(s[1].kind == .future(expiryMs: 1_766_736_000_000))
  }

  @Test(arguments: [
    (
      BybitCategory.linear,
      #"{"symbol":"X","baseCoin":"X","quoteCoin":"USDT","contractType":"InversePerpetual","priceFilter":{"tickSize":"0.1"},"lotSizeFilter":{"qtyStep":"1"}}"#
    ),
    (
      .linear,
      #"{"symbol":"X","baseCoin":"X","quoteCoin":"USDT","contractType":"LinearPerpetual","priceFilter":{"tickSize":"0"},"lotSizeFilter":{"qtyStep":"1"}}"#
    ),
    (
      .inverse,
      #"{"symbol":"X","baseCoin":"X","quoteCoin":"USD","contractType":"InversePerpetual","priceFilter":{"tickSize":"0.5"},"lotSizeFilter":{}}"#
    ),
    (
      .spot,
      #"{"symbol":"X","baseCoin":"X","quoteCoin":"USDT","priceFilter":{"tickSize":"0.1"},"lotSizeFilter":{"qtyStep":"1"}}"#
    ),
    (
      .spot,
      #"{"symbol":"X","quoteCoin":"USDT","priceFilter":{"tickSize":"0.1"},"lotSizeFilter":{"basePrecision":"1"}}"#
    ),
  ])
  func aBadRowSaysWhy(category: BybitCategory, text: String) throws {
    let row = try WireValue.parse(Array(text.utf8))
    guard case .failure(let e) = BybitInstruments.spec(row: row, category: category) else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(!e.reason.isEmpty)
  }

  @Test func aRefusalIsOneError() throws {
    let body = try WireValue.parse(Array(#"{"retCode":10001,"retMsg":"params error","result":{}}"#.utf8))
    let (specs, errors) = BybitInstruments.specs(instrumentsInfo: body, category: .linear)
    #expect(specs.isEmpty && errors.map(\.description) == ["(body): retCode 10001: params error"])
  }
}
