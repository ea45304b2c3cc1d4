import Binance
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct BinanceCandlesTests {
  /// Spot klines (PROVENANCE.md): the last row is the real LRCBTC 1m kline of the recorded
  /// WebSocket frames, in the REST row's order.
  @Test func spotKlines() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/binance-spot_docs-shaped_rest-klines.json"))
    let candles = try BinanceCandles.decode(klines: body)
    #expect(candles.count == 3)
    let real = try #require(candles.last)
    #expect(real.openTimeMs == 1_633_998_480_000)
    #expect(
      [real.open, real.high, real.low, real.close, real.volume].map(\.description)
        == ["0.00000638", "0.00000638", "0.00000638", "0.00000638", "177.00000000"])
    #expect(candles.map(\.openTimeMs) == [1_633_998_360_000, 1_633_998_420_000, 1_633_998_480_000])
  }

  @Test func usdmKlines() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/binance-usdm_docs-shaped_rest-klines.json"))
    let candles = try BinanceCandles.decode(klines: body)
    #expect(candles.count == 4 && candles[0].openTimeMs == 1_723_161_240_000)
    #expect(candles[0].open.description == "61800.10" && candles[0].volume.description == "432.548")
  }

  @Test func anErrorAndAMalformedRowSayWhat() throws {
    let refused = try WireValue.parse(Array(#"{"code":-1121,"msg":"Invalid symbol."}"#.utf8))
    #expect(throws: CandleError("Binance error -1121: Invalid symbol.")) {
      try BinanceCandles.decode(klines: refused)
    }
    let crossed = try WireValue.parse(Array(#"[[1499040000000,"2","1","3","2","1",1499644799999]]"#.utf8))
    #expect(throws: CandleError(row: 0, "low 3 above high 1")) { try BinanceCandles.decode(klines: crossed) }
  }
}
