import Coinbase
import Testing
import VenueCore
import WireJSON

/// Coinbase Advanced Trade `ticker` and `ticker_batch` frames into `VenueTicker`s, in the shape
/// of Coinbase's Advanced Trade WebSocket documentation ("Ticker channel").
@Suite struct CoinbaseTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  static let frames = [
    #"{"channel":"ticker","client_id":"","timestamp":"2023-02-09T20:30:37.167359596Z","sequence_num":0,"events":[{"type":"snapshot","tickers":[{"type":"ticker","product_id":"BTC-USD","price":"21932.98","volume_24_h":"16038.28770938","low_24_h":"21835.29","high_24_h":"23011.18","low_52_w":"15460","high_52_w":"48240","price_percent_chg_24_h":"-4.15775596190603","best_bid":"21931.98","best_bid_quantity":"8000.21","best_ask":"21933.98","best_ask_quantity":"8038.07770938"}]}]}"#,
    #"{"channel":"ticker_batch","client_id":"","timestamp":"2023-02-09T20:30:37.167359596Z","sequence_num":0,"events":[{"type":"update","tickers":[{"type":"ticker","product_id":"BTC-USD","price":"21932.98","volume_24_h":"16038.28770938","low_24_h":"21835.29","high_24_h":"23011.18","low_52_w":"15460","high_52_w":"48240","price_percent_chg_24_h":"-4.15775596190603","best_bid":"21931.98","best_bid_quantity":"8000.21","best_ask":"21933.98","best_ask_quantity":"8038.07770938"}]}]}"#,
  ]

  @Test(arguments: frames)
  func aTickerIsReadWhole(frame: String) throws {
    var batch = VenueBatch()
    try CoinbaseDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    var t = VenueTicker()
    t.last = Self.d("21932.98")
    t.volume24h = Self.d("16038.28770938")
    t.low24h = Self.d("21835.29")
    t.high24h = Self.d("23011.18")
    t.changeFraction24h = Self.d("-0.0415775596190603")
    t.bid = Self.d("21931.98")
    t.bidSize = Self.d("8000.21")
    t.ask = Self.d("21933.98")
    t.askSize = Self.d("8038.07770938")
    t.timeMs = 1_675_974_637_167
    #expect(batch.events == [.connectionSequence(0), .ticker(symbol: "BTC-USD", ticker: 0)])
    #expect(batch.tickers == [t])
  }

  /// `ticker_batch` as Coinbase's AsyncAPI specification has it ("Ticker (batched)": the ticker's
  /// schema, every 5 s, without the best bid and ask), several products in one event: a whole
  /// ticker each, its bid and ask unknown.
  @Test func aBatchHasNoBestBidOrAsk() throws {
    let frame =
      #"{"channel":"ticker_batch","timestamp":"2023-02-09T20:30:37.167359596Z","sequence_num":7,"events":[{"type":"update","tickers":[{"type":"ticker","product_id":"ETH-USD","price":"1650.1","volume_24_h":"91000.5","low_24_h":"1600","high_24_h":"1700","low_52_w":"880","high_52_w":"3580","price_percent_chg_24_h":"1.5"},{"type":"ticker","product_id":"SOL-USD","price":"21.5","volume_24_h":"1","low_24_h":"20","high_24_h":"22","low_52_w":"8","high_52_w":"140","price_percent_chg_24_h":"-0.5"}]}]}"#
    var batch = VenueBatch()
    try CoinbaseDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(
      batch.events == [
        .connectionSequence(7), .ticker(symbol: "ETH-USD", ticker: 0), .ticker(symbol: "SOL-USD", ticker: 1),
      ])
    #expect(batch.tickers.map(\.last) == [Self.d("1650.1"), Self.d("21.5")])
    #expect(batch.tickers.allSatisfy { $0.bid == nil && $0.ask == nil && !$0.partial })
    #expect(batch.tickers[1].changeFraction24h == Self.d("-0.005"))
  }

  @Test func aTickerWithoutItsProductIsRefusedWhole() {
    var batch = VenueBatch()
    let frame =
      #"{"channel":"ticker","sequence_num":1,"events":[{"type":"update","tickers":[{"product_id":"BTC-USD","price":"1"},{"price":"2"}]}]}"#
    #expect(throws: WireError.self) {
      try CoinbaseDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.tickers.isEmpty && batch.events.isEmpty)
  }
}
