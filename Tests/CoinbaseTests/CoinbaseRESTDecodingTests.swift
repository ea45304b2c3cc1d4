import Coinbase
import TestSupport
import Testing
import VenueCore
import WireJSON

/// `CoinbaseAdapter`'s REST bodies through the protocol's decoders: the products body in its
/// documented shape (PROVENANCE.md) gives both the instruments and the tickers.
@Suite struct CoinbaseRESTDecodingTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }
  private static func body(_ text: String) throws -> WireValue { try WireValue.parse(Array(text.utf8)) }

  @Test func theProductsBodyIsInstrumentsAndTickers() throws {
    let products = try WireValue.parse(
      Fixture.bytes("exchanges/coinbase-advanced_docs-shaped_rest-products.json"))
    let adapter = CoinbaseAdapter()
    #expect(adapter.restRequests(for: .tickers) == adapter.restRequests(for: .instruments))
    let specs = try adapter.decodeInstruments([products])
    let tickers = try adapter.decodeTickers([products])
    #expect(!specs.rows.isEmpty)
    #expect(tickers.rows.map(\.symbol) == specs.rows.map(\.key.symbol) + [])
  }

  static let cases: [(String, String, [SymbolTicker], Int)] = [
    (
      "a product",
      #"{"products":[{"product_id":"BTC-USD","price":"98000.01","price_percentage_change_24h":"-1.25","volume_24h":"372.5"}]}"#,
      [
        SymbolTicker(
          "BTC-USD",
          {
            var t = VenueTicker()
            t.last = d("98000.01")
            t.changeFraction24h = d("-0.0125")
            t.volume24h = d("372.5")
            return t
          }())
      ], 0
    ),
    (
      "an empty price is unknown, a bad one is named",
      #"{"products":[{"product_id":"A-USD","price":""},{"product_id":"B-USD","price":"x"}]}"#,
      [SymbolTicker("A-USD", VenueTicker())], 1
    ),
  ]

  @Test(arguments: cases)
  func tickers(name: String, text: String, expected: [SymbolTicker], errors: Int) throws {
    let rows = try CoinbaseAdapter().decodeTickers([Self.body(text)])
    #expect(rows.rows == expected, "\(name)")
    #expect(rows.errors.count == errors, "\(name): \(rows.errors)")
  }

  @Test func anErrorBodyThrows() throws {
    let refused = try Self.body(#"{"error":"NOT_FOUND","message":"Not Found"}"#)
    #expect(throws: RESTBodyError("Coinbase: Not Found")) { try CoinbaseAdapter().decodeTickers([refused]) }
    #expect(throws: RESTBodyError("Coinbase: Not Found")) {
      try CoinbaseAdapter().decodeInstruments([refused])
    }
  }
}
