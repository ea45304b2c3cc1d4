import Kraken
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct KrakenCandlesTests {
  /// The documented-shape `OHLC` body (PROVENANCE.md): times in seconds, volume the 7th field.
  @Test func theOHLCBody() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/kraken_docs-shaped_rest-OHLC.json"))
    let candles = try KrakenCandles.decode(ohlc: body)
    #expect(candles.count == 5)
    #expect(candles.map(\.openTimeMs) == (0..<5).map { 1_764_158_400_000 + Int64($0) * 60_000 })
    let first = candles[0]
    #expect(
      [first.open, first.high, first.low, first.close, first.volume].map(\.description)
        == ["96500.0", "96502.5", "96498.7", "96500.4", "1.79620104"])
  }

  @Test func anErrorAndAMalformedRowSayWhat() throws {
    let refused = try WireValue.parse(Array(#"{"error":["EQuery:Unknown asset pair"]}"#.utf8))
    #expect(throws: CandleError("EQuery:Unknown asset pair")) { try KrakenCandles.decode(ohlc: refused) }
    let bad = try WireValue.parse(
      Array(
        #"{"error":[],"result":{"XXBTZUSD":[[1764158400,"1","2","0.5","1.5","1","3",4],[1764158460,"1","2","0.5","1.5","1","x",4]],"last":1}}"#
          .utf8))
    #expect(throws: CandleError(row: 1, "volume \"x\": not a number")) { try KrakenCandles.decode(ohlc: bad) }
    let noRows = try WireValue.parse(Array(#"{"error":[],"result":{"last":1}}"#.utf8))
    #expect(throws: CandleError.self) { try KrakenCandles.decode(ohlc: noRows) }
  }
}
