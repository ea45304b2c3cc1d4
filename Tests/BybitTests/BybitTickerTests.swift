import Bybit
import Testing
import VenueCore
import WireJSON

/// Bybit v5 `tickers.{symbol}` frames into `VenueTicker`s, in the shapes of Bybit's v5
/// documentation (WebSocket public "Ticker"): a linear snapshot, a linear delta of the fields
/// that changed (partial: merged by the reader), a spot ticker (always whole).
@Suite struct BybitTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  static let cases: [(String, Symbol, VenueTicker)] = [
    (
      #"{"topic":"tickers.BTCUSDT","type":"snapshot","data":{"symbol":"BTCUSDT","tickDirection":"PlusTick","price24hPcnt":"0.017103","lastPrice":"17216.00","prevPrice24h":"16926.50","highPrice24h":"17281.50","lowPrice24h":"16915.00","prevPrice1h":"17238.00","markPrice":"17217.33","indexPrice":"17227.36","openInterest":"68744.761","openInterestValue":"1183601235.91","turnover24h":"1570383121.943499","volume24h":"91705.276","nextFundingTime":"1673280000000","fundingRate":"-0.000212","bid1Price":"17215.50","bid1Size":"84.489","ask1Price":"17216.00","ask1Size":"83.020"},"cs":24987956059,"ts":1673272861686}"#,
      "BTCUSDT",
      {
        var t = VenueTicker()
        t.last = d("17216.00")
        t.changeFraction24h = d("0.017103")
        t.open24h = d("16926.50")
        t.high24h = d("17281.50")
        t.low24h = d("16915.00")
        t.markPrice = d("17217.33")
        t.indexPrice = d("17227.36")
        t.openInterest = d("68744.761")
        t.quoteVolume24h = d("1570383121.943499")
        t.volume24h = d("91705.276")
        t.nextFundingTimeMs = 1_673_280_000_000
        t.fundingRate = d("-0.000212")
        t.bid = d("17215.50")
        t.bidSize = d("84.489")
        t.ask = d("17216.00")
        t.askSize = d("83.020")
        t.timeMs = 1_673_272_861_686
        return t
      }()
    ),
    (
      #"{"topic":"tickers.BTCUSDT","type":"delta","data":{"symbol":"BTCUSDT","markPrice":"17218.10","bid1Price":"17216.00","bid1Size":"1.5"},"cs":24987956060,"ts":1673272861786}"#,
      "BTCUSDT",
      {
        var t = VenueTicker(partial: true)
        t.markPrice = d("17218.10")
        t.bid = d("17216.00")
        t.bidSize = d("1.5")
        t.timeMs = 1_673_272_861_786
        return t
      }()
    ),
    (
      #"{"topic":"tickers.BTCUSDT","ts":1673853746003,"type":"snapshot","cs":2588407389,"data":{"symbol":"BTCUSDT","lastPrice":"21109.77","highPrice24h":"21426.99","lowPrice24h":"20575","prevPrice24h":"20704.93","volume24h":"6780.866843","turnover24h":"141946527.22907118","price24hPcnt":"0.0196","usdIndexPrice":"21120.2400136"}}"#,
      "BTCUSDT",
      {
        var t = VenueTicker()
        t.last = d("21109.77")
        t.high24h = d("21426.99")
        t.low24h = d("20575")
        t.open24h = d("20704.93")
        t.volume24h = d("6780.866843")
        t.quoteVolume24h = d("141946527.22907118")
        t.changeFraction24h = d("0.0196")
        t.timeMs = 1_673_853_746_003
        return t
      }()
    ),
  ]

  @Test(arguments: cases)
  func aTickerIsRead(frame: String, symbol: Symbol, expected: VenueTicker) throws {
    var batch = VenueBatch()
    try BybitDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.ticker(symbol: symbol, ticker: 0)])
    #expect(batch.tickers == [expected])
  }

  @Test func aTickerWithoutItsSymbolIsRefused() {
    var batch = VenueBatch()
    let frame = #"{"topic":"tickers.BTCUSDT","type":"delta","data":{"markPrice":"1"},"ts":1}"#
    #expect(throws: WireError.self) {
      try BybitDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.tickers.isEmpty && batch.events.isEmpty)
  }
}
