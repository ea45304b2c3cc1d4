import Binance
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct BinanceInstrumentsTests {
  @Test func theRecordedSpotRow() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/binance-spot_2021-10-12_LRCBTC_rest-exchangeInfo-symbol.json"))
    let spec = try BinanceInstruments.spec(row: row, market: .spot).get()
    #expect(spec.key.description == "binance:LRCBTC")
    #expect(spec.kind == .spot && spec.base == "LRC" && spec.quote == "BTC" && spec.settle == "BTC")
    #expect(spec.priceScale == 8 && spec.sizeScale == 0)
    #expect(spec.minSize == FixedDecimal("1"))
  }

  @Test func theRecordedUSDMRow() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/binance-usdm_2021-07-22_KEEPUSDT_rest-exchangeInfo-symbol.json"))
    let spec = try BinanceInstruments.spec(row: row, market: .usdm).get()
    #expect(spec.key.description == "binance-usdm:KEEPUSDT")
    #expect(
      spec.kind == .linearPerpetual && spec.base == "KEEP" && spec.settle == "USDT" && spec.contract == .base)
    #expect(spec.tickSize == FixedDecimal("0.0001")! && spec.lotSize == FixedDecimal("1")!)
    #expect(spec.quoteNotional(size: FixedDecimal("317")!, price: FixedDecimal("0.2464")!)! - 78.1088 < 1e-9)
  }
}
