import Kraken
import Testing
import VenueCore
import WireJSON

/// Kraken v2 `ticker` frames into `VenueTicker`s. The frames are in the shape of Kraken's
/// WebSocket v2 documentation (docs.kraken.com, "Ticker (Level 1)": numbers as JSON numbers,
/// `change_pct` in percent, `volume` in the base asset over 24 h) and of the simulator's dialect.
@Suite struct KrakenTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  private static func ticker(
    last: String, bid: String, bidQty: String, ask: String, askQty: String, high: String, low: String,
    volume: String, vwap: String, change: String, fraction: String, open: String, timeMs: Int64? = nil
  ) -> VenueTicker {
    var t = VenueTicker()
    t.last = d(last)
    t.bid = d(bid)
    t.bidSize = d(bidQty)
    t.ask = d(ask)
    t.askSize = d(askQty)
    t.high24h = d(high)
    t.low24h = d(low)
    t.volume24h = d(volume)
    t.vwap24h = d(vwap)
    t.change24h = d(change)
    t.changeFraction24h = d(fraction)
    t.open24h = d(open)
    t.timeMs = timeMs
    return t
  }

  static let cases: [(String, Symbol, VenueTicker)] = [
    (
      #"{"channel":"ticker","type":"snapshot","data":[{"symbol":"ALGO/USD","bid":0.10025,"bid_qty":740.0,"ask":0.10036,"ask_qty":1361.44813783,"last":0.10035,"volume":997038.98383185,"vwap":0.10148,"low":0.09979,"high":0.10285,"change":-0.00017,"change_pct":-0.17,"timestamp":"2026-08-01T02:53:53.646219Z"}]}"#,
      "ALGO/USD",
      ticker(
        last: "0.10035", bid: "0.10025", bidQty: "740.0", ask: "0.10036", askQty: "1361.44813783",
        high: "0.10285", low: "0.09979", volume: "997038.98383185", vwap: "0.10148", change: "-0.00017",
        fraction: "-0.0017", open: "0.10052", timeMs: 1_785_552_833_646)
    ),
    (
      // The simulator's update: no timestamp, keys in its order.
      #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","bid":63004.9,"bid_qty":0.5,"ask":63005.0,"ask_qty":2.08665551,"last":63005.0,"volume":1234.56789012,"vwap":62800.1,"low":61000.0,"high":63500.0,"change":1205.0,"change_pct":1.95}]}"#,
      "BTC/USD",
      ticker(
        last: "63005.0", bid: "63004.9", bidQty: "0.5", ask: "63005.0", askQty: "2.08665551", high: "63500.0",
        low: "61000.0", volume: "1234.56789012", vwap: "62800.1", change: "1205.0", fraction: "0.0195",
        open: "61800.0")
    ),
  ]

  @Test(arguments: cases)
  func aTickerIsReadWhole(frame: String, symbol: Symbol, expected: VenueTicker) throws {
    var batch = VenueBatch()
    try KrakenDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.ticker(symbol: symbol, ticker: 0)])
    #expect(batch.tickers == [expected])
    #expect(batch.tickers.first?.vwap24h?.scale == expected.vwap24h?.scale)
  }

  /// A ticker frame that fails half way leaves none of its tickers in the batch.
  @Test(arguments: [
    #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":1},{"last":2}]}"#,
    #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":1},{"symbol":"ETH/USD","last":"x"}]}"#,
    #"{"channel":"ticker","type":"update"}"#,
  ])
  func aBadTickerFrameLeavesNothing(frame: String) {
    var batch = VenueBatch()
    batch.events.append(.heartbeat)
    #expect(throws: WireError.self) {
      try KrakenDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.events == [.heartbeat])
    #expect(batch.tickers.isEmpty)
  }
}
