import Binance
import TestSupport
import Testing
import VenueCore
import WireJSON

/// `BinanceAdapter`'s REST bodies through the protocol's decoders: the real `exchangeInfo` row of
/// 2021 (PROVENANCE.md), `ticker/24hr` in its documented shape.
@Suite struct BinanceRESTDecodingTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }
  private static func body(_ text: String) throws -> WireValue { try WireValue.parse(Array(text.utf8)) }

  static let ticker24h =
    #"[{"symbol":"BTCUSDT","priceChange":"-94.99999800","priceChangePercent":"-95.960","weightedAvgPrice":"0.29628482","prevClosePrice":"0.10002000","lastPrice":"4.00000200","lastQty":"200.00000000","bidPrice":"4.00000000","bidQty":"100.00000000","askPrice":"4.00000200","askQty":"100.00000000","openPrice":"99.00000000","highPrice":"100.00000000","lowPrice":"0.10000000","volume":"8913.30000000","quoteVolume":"15.30000000","openTime":1499783499040,"closeTime":1499869899040,"firstId":28385,"lastId":28460,"count":76}]"#

  @Test func theDocumentedTicker() throws {
    let rows = try BinanceAdapter(market: .spot).decodeTickers([Self.body(Self.ticker24h)])
    var t = VenueTicker()
    t.last = Self.d("4.00000200")
    t.bid = Self.d("4.00000000")
    t.bidSize = Self.d("100.00000000")
    t.ask = Self.d("4.00000200")
    t.askSize = Self.d("100.00000000")
    t.open24h = Self.d("99.00000000")
    t.high24h = Self.d("100.00000000")
    t.low24h = Self.d("0.10000000")
    t.volume24h = Self.d("8913.30000000")
    t.quoteVolume24h = Self.d("15.30000000")
    t.vwap24h = Self.d("0.29628482")
    t.change24h = Self.d("-94.99999800")
    t.changeFraction24h = Self.d("-0.95960")
    t.timeMs = 1_499_869_899_040
    #expect(rows == VenueRows(rows: [SymbolTicker("BTCUSDT", t)]))
  }

  static let refusals: [(String, String, String?)] = [
    (
      "the weight limit", #"{"code":-1003,"msg":"Too many requests."}"#,
      "Binance error -1003: Too many requests."
    ),
    ("an object", #"{}"#, "not an array of tickers"),
    ("a bad number", #"[{"symbol":"A","lastPrice":"x"},{"symbol":"B","lastPrice":"1"}]"#, nil),
    ("no symbol", #"[{"lastPrice":"1"},{"symbol":"B","lastPrice":"1"}]"#, nil),
  ]

  @Test(arguments: refusals)
  func refusalsSayWhat(name: String, text: String, thrown: String?) throws {
    let adapter = BinanceAdapter(market: .spot)
    let body = try Self.body(text)
    if let thrown {
      #expect(throws: RESTBodyError(thrown)) { try adapter.decodeTickers([body]) }
    } else {
      let rows = try adapter.decodeTickers([body])
      #expect(rows.rows.map(\.symbol) == ["B"] && rows.errors.count == 1, "\(name): \(rows.errors)")
    }
  }

  @Test func theRealExchangeInfoRowAndKlines() throws {
    let row = String(
      decoding: Fixture.bytes("exchanges/binance-spot_2021-10-12_LRCBTC_rest-exchangeInfo-symbol.json"),
      as: UTF8.self)
    let rows = try BinanceAdapter(market: .spot).decodeInstruments([Self.body(#"{"symbols":["# + row + "]}")])
    #expect(rows.rows.map(\.key.description) == ["binance:LRCBTC"] && rows.errors.isEmpty)
    #expect(throws: RESTBodyError("Binance error -1121: Invalid symbol.")) {
      try BinanceAdapter(market: .spot).decodeInstruments([
        Self.body(#"{"code":-1121,"msg":"Invalid symbol."}"#)
      ])
    }
    let klines = try WireValue.parse(Fixture.bytes("exchanges/binance-spot_docs-shaped_rest-klines.json"))
    #expect(try !BinanceAdapter(market: .spot).decodeCandles(klines).isEmpty)
  }
}
