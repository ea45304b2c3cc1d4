import Bybit
import TestSupport
import Testing
import VenueCore
import WireJSON

/// `BybitAdapter`'s REST bodies through the protocol's decoders: instruments-info and kline in
/// their documented shapes (PROVENANCE.md), tickers as v5's documentation writes them.
@Suite struct BybitRESTDecodingTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }
  private static func body(_ text: String) throws -> WireValue { try WireValue.parse(Array(text.utf8)) }

  static let linear =
    #"{"retCode":0,"retMsg":"OK","result":{"category":"linear","list":[{"symbol":"BTCUSDT","lastPrice":"16597.00","indexPrice":"16598.54","markPrice":"16596.00","prevPrice24h":"16464.50","price24hPcnt":"0.008047","highPrice24h":"30912.50","lowPrice24h":"15700.00","prevPrice1h":"16595.50","openInterest":"373504107","openInterestValue":"6199173510.38","turnover24h":"2352.94950046","volume24h":"49337318","fundingRate":"-0.001034","nextFundingTime":"1672387200000","predictedDeliveryPrice":"","basisRate":"","deliveryFeeRate":"","deliveryTime":"0","ask1Size":"1","bid1Price":"16596.00","ask1Price":"16597.50","bid1Size":"1"}]},"retExtInfo":{},"time":1672376496682}"#

  @Test func theDocumentedLinearTicker() throws {
    let rows = try BybitAdapter(category: .linear).decodeTickers([Self.body(Self.linear)])
    var t = VenueTicker()
    t.last = Self.d("16597.00")
    t.indexPrice = Self.d("16598.54")
    t.markPrice = Self.d("16596.00")
    t.open24h = Self.d("16464.50")
    t.changeFraction24h = Self.d("0.008047")
    t.high24h = Self.d("30912.50")
    t.low24h = Self.d("15700.00")
    t.openInterest = Self.d("373504107")
    t.quoteVolume24h = Self.d("2352.94950046")
    t.volume24h = Self.d("49337318")
    t.fundingRate = Self.d("-0.001034")
    t.nextFundingTimeMs = 1_672_387_200_000
    t.askSize = Self.d("1")
    t.bid = Self.d("16596.00")
    t.ask = Self.d("16597.50")
    t.bidSize = Self.d("1")
    #expect(rows == VenueRows(rows: [SymbolTicker("BTCUSDT", t)]))
    // The same body read as inverse: `volume24h` counts 1-USD contracts, the quote's volume.
    let inverse = try BybitAdapter(category: .inverse).decodeTickers([Self.body(Self.linear)])
    #expect(inverse.rows.first?.ticker.quoteVolume24h == Self.d("49337318"))
  }

  static let refusals: [(String, String, String?)] = [
    (
      "a refusal", #"{"retCode":10001,"retMsg":"Illegal category","result":{}}"#,
      "Bybit retCode 10001: Illegal category"
    ),
    ("no list", #"{"retCode":0,"result":{}}"#, "no result.list"),
    ("a bad field", #"{"retCode":0,"result":{"list":[{"symbol":"A","lastPrice":"-"},{"symbol":"B"}]}}"#, nil),
  ]

  @Test(arguments: refusals)
  func refusalsSayWhat(name: String, text: String, thrown: String?) throws {
    let body = try Self.body(text)
    if let thrown {
      #expect(throws: RESTBodyError(thrown)) { try BybitAdapter(category: .spot).decodeTickers([body]) }
    } else {
      let rows = try BybitAdapter(category: .spot).decodeTickers([body])
      #expect(rows.rows.map(\.symbol) == ["B"] && rows.errors.count == 1, "\(name): \(rows.errors)")
    }
  }

  @Test func instrumentsAndKlinesGoThroughTheAdapter() throws {
    for category in [BybitCategory.spot, .linear, .inverse] {
      let body = try WireValue.parse(
        Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-instruments-info-\(category.rawValue).json"))
      let rows = try BybitAdapter(category: category).decodeInstruments([body])
      #expect(!rows.rows.isEmpty, "\(category)")
    }
    #expect(throws: RESTBodyError("Bybit retCode 10001: Illegal category")) {
      try BybitAdapter(category: .spot).decodeInstruments([Self.body(Self.refusals[0].1)])
    }
    let kline = try WireValue.parse(Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-kline.json"))
    #expect(try !BybitAdapter(category: .linear).decodeCandles(kline).isEmpty)
  }
}
