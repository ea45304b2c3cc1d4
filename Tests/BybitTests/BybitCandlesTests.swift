import Bybit
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct BybitCandlesTests {
  /// The documented-shape inverse kline body (PROVENANCE.md): newest first, numbers without
  /// trailing zeros, volume in 1 USD contracts.
  @Test func theKlineBody() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-kline.json"))
    let candles = try BybitCandles.decode(kline: body)
    #expect(candles.map(\.openTimeMs) == (0..<4).map { 1_764_158_400_000 + Int64($0) * 60_000 })
    let first = candles[0]
    #expect(
      [first.open, first.high, first.low, first.close, first.volume].map(\.description)
        == ["96500", "96503.2", "96499.6", "96501.4", "620750"])
  }

  @Test func aRefusalAndAMalformedRowSayWhat() throws {
    let refused = try WireValue.parse(
      Array(#"{"retCode":10001,"retMsg":"Not supported symbols","result":{}}"#.utf8))
    #expect(throws: CandleError("Bybit retCode 10001: Not supported symbols")) {
      try BybitCandles.decode(kline: refused)
    }
    let bad = try WireValue.parse(
      Array(
        #"{"retCode":0,"result":{"list":[["1670608800000","17071","17073","17027","17055.5","268611"],["soon","1","1","1","1","1"]]}}"#
          .utf8))
    #expect(throws: CandleError(row: 1, "open time \"soon\" is not whole milliseconds in 1970…2100")) {
      try BybitCandles.decode(kline: bad)
    }
  }
}
