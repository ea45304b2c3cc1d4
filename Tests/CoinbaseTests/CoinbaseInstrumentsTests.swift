import Coinbase
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct CoinbaseInstrumentsTests {
  /// The documented-shape products body (PROVENANCE.md): three spot products and a nano Bitcoin
  /// future.
  @Test func theProductsBody() throws {
    let body = try WireValue.parse(
      Fixture.bytes("exchanges/coinbase-advanced_docs-shaped_rest-products.json"))
    let (specs, errors) = CoinbaseInstruments.specs(products: body)
    #expect(errors.isEmpty)
    #expect(
      specs.map(\.key.description) == [
        "coinbase:BTC-USD", "coinbase:ETH-USDC", "coinbase:SHIB-USD", "coinbase:BIT-26DEC25-CDE",
      ])
    let btc = specs[0]
    #expect(btc.kind == .spot && btc.base == "BTC" && btc.quote == "USD" && btc.settle == "USD")
    #expect(btc.tickSize == FixedDecimal("0.01")! && btc.lotSize == FixedDecimal("0.00000001")!)
    #expect(btc.minSize == FixedDecimal("0.00000001")! && btc.contract == .base)
    #expect(btc.priceScale == 2 && btc.sizeScale == 8)
    // USDC stays USDC.
    #expect(specs[1].quote == "USDC")
    #expect(specs[2].priceScale == 8 && specs[2].sizeScale == 0)
    let future = specs[3]
    #expect(future.base == "BTC" && future.quote == "USD")
    #expect(future.kind == .future(expiryMs: 1_766_764_800_000))
    #expect(future.contract == .linear(value: FixedDecimal("0.01")!))
    // 30 contracts of 0.01 BTC at 96,500: 0.3 BTC, 28,950 USD.
    let base = try #require(future.baseQuantity(size: FixedDecimal("30")!, price: FixedDecimal("96500")!))
    #expect(abs(base - 0.3) < 1e-12)
  }

  @Test(arguments: [
    #"{"product_id":"X-USD","quote_currency_id":"USD","base_currency_id":"X","price_increment":"0","base_increment":"1"}"#,
    #"{"product_id":"X-USD","quote_currency_id":"USD","base_currency_id":"X","price_increment":"0.01","base_increment":"x"}"#,
    #"{"product_id":"X-USD","quote_currency_id":"USD","price_increment":"0.01","base_increment":"1"}"#,
    #"{"product_id":"X-USD","quote_currency_id":"USD","base_currency_id":"X","price_increment":"0.01","base_increment":"1","product_type":"FUTURE"}"#,
    #"{"product_id":"X-USD","quote_currency_id":"USD","base_currency_id":"X","price_increment":"0.01","base_increment":"1","product_type":"OPTION"}"#,
    #"{"product_id":"","quote_currency_id":"USD","base_currency_id":"X","price_increment":"0.01","base_increment":"1"}"#,
  ])
  func aBadRowSaysWhy(text: String) throws {
    let row = try WireValue.parse(Array(text.utf8))
    guard case .failure(let e) = CoinbaseInstruments.spec(row: row) else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(!e.reason.isEmpty)
  }

  /// One bad row never drops the others; an error body is one error.
  @Test func aBadRowKeepsTheRest() throws {
    let body = try WireValue.parse(
      Array(
        #"{"products":[{"product_id":"A-USD","quote_currency_id":"USD","base_currency_id":"A","price_increment":"0.01","base_increment":"1"},{"product_id":"B-USD"}]}"#
          .utf8))
    let (specs, errors) = CoinbaseInstruments.specs(products: body)
    #expect(specs.count == 1 && errors.map(\.product) == ["B-USD"])
    let refused = CoinbaseInstruments.specs(
      products: try WireValue.parse(Array(#"{"error":"NOT_FOUND","message":"not found"}"#.utf8)))
    #expect(refused.specs.isEmpty && refused.errors.map(\.reason) == ["not found"])
  }
}
