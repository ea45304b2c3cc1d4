import BitMEX
import MarketModel
import Testing

/// BitMEX's REST paths, as its adapter spells them for the REST worker.
@Suite struct BitMEXRESTPathsTests {
  @Test func anInstrumentsRowAndEveryActiveOne() {
    #expect(BitMEXRESTPaths.instrument("XBTUSD") == "/instrument?symbol=XBTUSD")
    #expect(BitMEXRESTPaths.activeInstruments == "/instrument/active")
  }

  /// A symbol typed by the user can never add a parameter or break the path.
  @Test func aSymbolIsPercentEncoded() {
    #expect(BitMEXRESTPaths.instrument(".BXBT_30M-x") == "/instrument?symbol=.BXBT_30M-x")
    #expect(BitMEXRESTPaths.instrument("A&b=c d/é\n") == "/instrument?symbol=A%26b%3Dc%20d%2F%C3%A9%0A")
  }

  /// Complete bins, newest first, at most 1000 a page, ending where asked.
  @Test func aPageOfCandles() {
    #expect(
      BitMEXRESTPaths.candles(symbol: "ETHUSD", interval: .fiveMinutes, count: 240, endMs: nil)
        == "/trade/bucketed?binSize=5m&partial=false&reverse=true&count=240&symbol=ETHUSD")
    #expect(
      BitMEXRESTPaths.candles(symbol: "XBTUSD", interval: .oneMinute, count: 5_000, endMs: 1_626_993_380_000)
        == "/trade/bucketed?binSize=1m&partial=false&reverse=true&count=1000&symbol=XBTUSD"
        + "&endTime=2021-07-22T22:36:20.000Z")
    #expect(
      BitMEXRESTPaths.candles(symbol: "XBTUSD", interval: .oneDay, count: -3, endMs: nil)
        == "/trade/bucketed?binSize=1d&partial=false&reverse=true&count=1&symbol=XBTUSD")
  }
}
