import Coinbase
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct CoinbaseCandlesTests {
  /// The documented-shape candles body (PROVENANCE.md): newest first, `start` in seconds as text.
  @Test func theCandlesBody() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/coinbase-advanced_docs-shaped_rest-candles.json"))
    let candles = try CoinbaseCandles.decode(candles: body)
    #expect(candles.map(\.openTimeMs) == (0..<4).map { 1_764_158_400_000 + Int64($0) * 60_000 })
    let first = candles[0]
    #expect(
      [first.open, first.high, first.low, first.close, first.volume].map(\.description)
        == ["96500.00", "96503.25", "96499.43", "96500.29", "24.10613487"])
  }

  @Test func anErrorAndAMalformedRowSayWhat() throws {
    let refused = try WireValue.parse(Array(#"{"error":"NOT_FOUND","message":"product not found"}"#.utf8))
    #expect(throws: CandleError("Coinbase error NOT_FOUND: product not found")) {
      try CoinbaseCandles.decode(candles: refused)
    }
    let bad = try WireValue.parse(
      Array(#"{"candles":[{"start":"1639508050","low":"1","high":"2","open":"1","close":"2"}]}"#.utf8))
    #expect(throws: CandleError(row: 0, "no volume")) { try CoinbaseCandles.decode(candles: bad) }
    let milliseconds = try WireValue.parse(
      Array(
        #"{"candles":[{"start":"1639508050000000","low":"1","high":"2","open":"1","close":"2","volume":"1"}]}"#
          .utf8))
    #expect(throws: CandleError.self) { try CoinbaseCandles.decode(candles: milliseconds) }
  }
}
