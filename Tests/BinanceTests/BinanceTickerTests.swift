import Binance
import Testing
import VenueCore
import WireJSON

/// Binance `24hrTicker`, `24hrMiniTicker` and USDⓈ-M `markPriceUpdate` payloads into
/// `VenueTicker`s, in the shapes of Binance's WebSocket stream documentation (spot "Individual
/// Symbol Ticker Streams", "Individual Symbol Mini Ticker Stream"; USDⓈ-M "Mark Price Stream"),
/// bare and in the combined-stream envelope.
@Suite struct BinanceTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  static let ticker =
    #"{"e":"24hrTicker","E":1672515782136,"s":"BNBBTC","p":"0.0015","P":"250.00","w":"0.0018","x":"0.0009","c":"0.0025","Q":"10","b":"0.0024","B":"10","a":"0.0026","A":"100","o":"0.0010","h":"0.0025","l":"0.0010","v":"10000","q":"18","O":0,"C":86400000,"F":0,"L":18150,"n":18151}"#

  static let cases: [(BinanceMarket, String, VenueTicker)] = [
    (
      .spot, ticker,
      {
        var t = VenueTicker()
        t.change24h = d("0.0015")
        t.changeFraction24h = d("2.5")
        t.vwap24h = d("0.0018")
        t.last = d("0.0025")
        t.bid = d("0.0024")
        t.bidSize = d("10")
        t.ask = d("0.0026")
        t.askSize = d("100")
        t.open24h = d("0.0010")
        t.high24h = d("0.0025")
        t.low24h = d("0.0010")
        t.volume24h = d("10000")
        t.quoteVolume24h = d("18")
        t.timeMs = 1_672_515_782_136
        return t
      }()
    ),
    (
      .spot,
      #"{"stream":"bnbbtc@miniTicker","data":{"e":"24hrMiniTicker","E":1672515782136,"s":"BNBBTC","c":"0.0025","o":"0.0010","h":"0.0025","l":"0.0010","v":"10000","q":"18"}}"#,
      {
        var t = VenueTicker()
        t.last = d("0.0025")
        t.open24h = d("0.0010")
        t.high24h = d("0.0025")
        t.low24h = d("0.0010")
        t.volume24h = d("10000")
        t.quoteVolume24h = d("18")
        t.timeMs = 1_672_515_782_136
        return t
      }()
    ),
    (
      .usdm,
      #"{"stream":"btcusdt@markPrice@1s","data":{"e":"markPriceUpdate","E":1562305380000,"s":"BTCUSDT","p":"11794.15000000","i":"11784.62659091","P":"11784.25641265","r":"0.00038167","T":1562306400000}}"#,
      {
        var t = VenueTicker(partial: true)
        t.markPrice = d("11794.15000000")
        t.indexPrice = d("11784.62659091")
        t.fundingRate = d("0.00038167")
        t.nextFundingTimeMs = 1_562_306_400_000
        t.timeMs = 1_562_305_380_000
        return t
      }()
    ),
  ]

  @Test(arguments: cases)
  func aTickerIsRead(market: BinanceMarket, frame: String, expected: VenueTicker) throws {
    var batch = VenueBatch()
    try BinanceDecoder(market: market).decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(batch.tickers == [expected])
    #expect(batch.events.count == 1)
    #expect(batch.levels.isEmpty)
  }

  /// The all-market array: a ticker of each symbol, in order; a bad element refuses the frame.
  @Test func theAllMarketArray() throws {
    var batch = VenueBatch()
    let two = Self.ticker.replacingOccurrences(of: "BNBBTC", with: "ETHBTC")
    try BinanceDecoder(market: .spot).decode(
      Array(#"{"stream":"!ticker@arr","data":[\#(Self.ticker),\#(two)]}"#.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.ticker(symbol: "BNBBTC", ticker: 0), .ticker(symbol: "ETHBTC", ticker: 1)])
    batch.removeAll()
    let bad = Self.ticker.replacingOccurrences(of: #""c":"0.0025""#, with: #""c":"x""#)
    #expect(throws: WireError.self) {
      try BinanceDecoder(market: .spot).decode(
        Array(#"{"stream":"!ticker@arr","data":[\#(Self.ticker),\#(bad)]}"#.utf8), receivedAt: 0, into: &batch
      )
    }
    #expect(batch.events.isEmpty && batch.tickers.isEmpty)
  }
}
