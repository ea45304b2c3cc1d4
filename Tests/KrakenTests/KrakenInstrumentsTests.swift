import Kraken
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct KrakenInstrumentsTests {
  /// The recorded 2021 `AssetPairs` entry of XXBTZUSD: `BTC/USD` at 1 price decimal and 8 size
  /// decimals, the precision the book's checksum needs.
  @Test func theRecordedAssetPairsEntry() throws {
    let body = try WireValue.parse(
      Fixture.bytes("exchanges/kraken_2021-04-17_XXBTZUSD_rest-AssetPairs-entry.json"))
    let (specs, errors) = KrakenInstruments.specs(assetPairs: body)
    #expect(errors.isEmpty)
    let spec = try #require(specs.first)
    #expect(spec.key.description == "kraken:BTC/USD")
    #expect(spec.base == "BTC" && spec.quote == "USD" && spec.kind == .spot && spec.contract == .base)
    #expect(spec.priceScale == 1 && spec.sizeScale == 8)
    #expect(spec.minSize == FixedDecimal("0.0002"))
    #expect(spec.quoteNotional(size: FixedDecimal("0.5")!, price: FixedDecimal("63000")!) == 31_500)
    let book = spec.makeBook()
    #expect(book.priceScale == 1 && book.sizeScale == 8)
  }

  @Test func oneBadPairDoesNotDropTheOthers() throws {
    let body = try WireValue.parse(
      Array(
        #"{"A":{"base":"XETH","quote":"ZUSD","pair_decimals":2,"lot_decimals":8},"B":{"base":"XXBT"},"C":{"base":"SOL","quote":"ZEUR","pair_decimals":"x","lot_decimals":8}}"#
          .utf8))
    let (specs, errors) = KrakenInstruments.specs(assetPairs: body)
    #expect(specs.map(\.key.description) == ["kraken:ETH/USD"])
    #expect(errors.map(\.pair) == ["B", "C"])
  }
}
