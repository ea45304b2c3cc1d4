import Kraken
import TestSupport
import Testing
import VenueCore
import WireJSON

/// `KrakenAdapter`'s REST bodies through the protocol's decoders: the real `AssetPairs` entry of
/// 2021 (PROVENANCE.md) and `Ticker` in its documented shape, and the simulator's shapes.
@Suite struct KrakenRESTDecodingTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }
  private static func body(_ text: String) throws -> WireValue { try WireValue.parse(Array(text.utf8)) }

  /// The real XXBTZUSD entry in `AssetPairs`' envelope.
  static func assetPairs() throws -> WireValue {
    let entry = String(
      decoding: Fixture.bytes("exchanges/kraken_2021-04-17_XXBTZUSD_rest-AssetPairs-entry.json"),
      as: UTF8.self)
    return try body(#"{"error":[],"result":"# + entry + "}")
  }

  static let tickerBody =
    #"{"error":[],"result":{"XXBTZUSD":{"a":["96510.10000","1","1.000"],"b":["96510.00000","2","2.500"],"c":["96510.10000","0.00100000"],"v":["120.5","1500.25"],"p":["96400.1","96300.5"],"t":[100,2000],"l":["95000.0","94000.0"],"h":["97000.0","97500.0"],"o":"95500.0"}}}"#

  @Test func theRealAssetPairsEntryIsAnInstrument() throws {
    let rows = try KrakenAdapter().decodeInstruments([Self.assetPairs()])
    #expect(rows.errors.isEmpty)
    let spec = try #require(rows.rows.first)
    #expect(spec.key.description == "kraken:BTC/USD")
    #expect(
      spec.tickSize == Self.d("0.1") && spec.lotSize == Self.d("0.00000001")
        && spec.minSize == Self.d("0.0002"))
  }

  @Test func tickersAreNamedThroughAssetPairs() throws {
    let rows = try KrakenAdapter().decodeTickers([Self.assetPairs(), Self.body(Self.tickerBody)])
    var t = VenueTicker()
    t.last = Self.d("96510.10000")
    t.bid = Self.d("96510.00000")
    t.bidSize = Self.d("2.500")
    t.ask = Self.d("96510.10000")
    t.askSize = Self.d("1.000")
    t.volume24h = Self.d("1500.25")
    t.vwap24h = Self.d("96300.5")
    t.low24h = Self.d("94000.0")
    t.high24h = Self.d("97500.0")
    t.open24h = Self.d("95500.0")
    #expect(rows == VenueRows(rows: [SymbolTicker("BTC/USD", t)]))
  }

  /// Body-level refusals throw; a bad row is named and the others kept.
  static let refusals: [(String, String, String?)] = [
    ("an error", #"{"error":["EGeneral:Too many requests"]}"#, "Ticker: EGeneral:Too many requests"),
    ("no result", #"{"error":[]}"#, "Ticker: no result object"),
    ("a bad number", #"{"error":[],"result":{"XXBTZUSD":{"c":["1e5x","1"]}}}"#, nil),
    ("an unknown pair", #"{"error":[],"result":{"ZZZZ":{"c":["1","1"]}}}"#, nil),
  ]

  @Test(arguments: refusals)
  func refusalsSayWhat(name: String, text: String, thrown: String?) throws {
    let pairs = try Self.assetPairs()
    let ticker = try Self.body(text)
    if let thrown {
      #expect(throws: RESTBodyError(thrown)) { try KrakenAdapter().decodeTickers([pairs, ticker]) }
    } else {
      let rows = try KrakenAdapter().decodeTickers([pairs, ticker])
      #expect(rows.rows.isEmpty && rows.errors.count == 1, "\(name): \(rows.errors)")
    }
  }

  @Test func candlesGoThroughTheAdapter() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/kraken_docs-shaped_rest-OHLC.json"))
    #expect(try KrakenAdapter().decodeCandles(body).count == 5)
  }
}
