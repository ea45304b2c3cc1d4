import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct OKXInstrumentsTests {
  /// The recorded UNI-USD-SWAP row (2022): an inverse swap of 10 USD contracts settled in UNI.
  @Test func theRecordedInverseSwapRow() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_rest-instrument.json"))
    let spec = try OKXInstruments.spec(row: row).get()
    #expect(spec.key.description == "okx:UNI-USD-SWAP")
    #expect(spec.kind == .inversePerpetual)
    #expect(spec.base == "UNI" && spec.quote == "USD" && spec.settle == "UNI")
    #expect(spec.contract == .inverse(value: FixedDecimal("10")!))
    #expect(spec.tickSize == FixedDecimal("0.001")! && spec.lotSize == FixedDecimal("1")!)
    #expect(spec.priceScale == 3 && spec.sizeScale == 0)
    // 20 contracts (the recorded book's best bid size) at 5.139: 200 USD, 200 / 5.139 UNI.
    let price = FixedDecimal("5.139")!
    #expect(spec.quoteNotional(size: FixedDecimal("20")!, price: price) == 200)
    let base = try #require(spec.baseQuantity(size: FixedDecimal("20")!, price: price))
    #expect(abs(base - 200 / 5.139) < 1e-12)
  }

  @Test func aLinearSwapCountsTheBaseAsset() throws {
    let row = try WireValue.parse(
      Array(
        #"{"instType":"SWAP","instId":"BTC-USDT-SWAP","uly":"BTC-USDT","ctType":"linear","ctVal":"0.01","ctValCcy":"BTC","ctMult":"1","settleCcy":"USDT","tickSz":"0.1","lotSz":"1","minSz":"1"}"#
          .utf8))
    let spec = try OKXInstruments.spec(row: row).get()
    #expect(spec.kind == .linearPerpetual)
    #expect(spec.contract == .linear(value: FixedDecimal("0.01")!))
    #expect(spec.baseQuantity(size: FixedDecimal("250")!, price: FixedDecimal("60000")!) == 2.5)
    #expect(spec.quoteNotional(size: FixedDecimal("250")!, price: FixedDecimal("60000")!) == 150_000)
  }

  @Test func spotCountsTheBaseAsset() throws {
    let row = try WireValue.parse(
      Array(
        #"{"instType":"SPOT","instId":"BTC-USDT","baseCcy":"BTC","quoteCcy":"USDT","tickSz":"0.1","lotSz":"0.00000001","minSz":"0.00001","ctVal":""}"#
          .utf8))
    let spec = try OKXInstruments.spec(row: row).get()
    #expect(spec.kind == .spot && spec.contract == .base && spec.settle == "USDT")
    #expect(spec.sizeScale == 8)
  }

  @Test(arguments: [
    #"{"instType":"SWAP","instId":"X-USD-SWAP","uly":"X-USD","ctType":"inverse","ctVal":"0","tickSz":"0.1","lotSz":"1"}"#,
    #"{"instType":"SWAP","instId":"X-USD-SWAP","uly":"X-USD","ctType":"weird","ctVal":"1","tickSz":"0.1","lotSz":"1"}"#,
    #"{"instType":"SWAP","instId":"X-USD-SWAP","uly":"X-USD","ctType":"inverse","ctVal":"1","tickSz":"x","lotSz":"1"}"#,
    #"{"instType":"SPOT","instId":"","tickSz":"0.1","lotSz":"1"}"#,
  ])
  func aBadRowSaysWhy(text: String) throws {
    let row = try WireValue.parse(Array(text.utf8))
    guard case .failure(let e) = OKXInstruments.spec(row: row) else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(!e.reason.isEmpty)
  }
}
