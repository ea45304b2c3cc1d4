import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct OKXCandlesTests {
  /// The documented-shape candles body of a swap (PROVENANCE.md): newest first, `vol` in
  /// contracts.
  @Test func theCandlesBody() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/okx-v5_docs-shaped_rest-candles.json"))
    let candles = try OKXCandles.decode(candles: body)
    #expect(candles.map(\.openTimeMs) == (0..<4).map { 1_764_158_400_000 + Int64($0) * 60_000 })
    let first = candles[0]
    #expect(
      [first.open, first.high, first.low, first.close, first.volume].map(\.description)
        == ["65000.1", "65001.6", "64999.1", "65000.3", "41652"])
  }

  @Test func aRefusalAndAMalformedRowSayWhat() throws {
    let refused = try WireValue.parse(
      Array(#"{"code":"51001","msg":"Instrument ID does not exist","data":[]}"#.utf8))
    #expect(throws: CandleError("OKX code 51001: Instrument ID does not exist")) {
      try OKXCandles.decode(candles: refused)
    }
    let bad = try WireValue.parse(
      Array(#"{"code":"0","msg":"","data":[["1597026383085","3.721","3.743"]]}"#.utf8))
    #expect(throws: CandleError(row: 0, "3 fields, at least 6 expected")) {
      try OKXCandles.decode(candles: bad)
    }
  }
}
