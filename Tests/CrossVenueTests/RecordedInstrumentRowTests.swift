import Binance
import CrossVenue
import Kraken
import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

/// The conversions on each venue's recorded instrument row, read by its own reader: every factor
/// comes from the row, none from a table of symbols.
@Suite struct RecordedInstrumentRowTests {
  @Test func okxInverseSwapRowsContractsBecomeTheBase() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_rest-instrument.json"))
    let spec = try OKXInstruments.spec(row: row).get()
    // 20 contracts of 10 USD at 5.139: 200 / 5.139 = 38.918077447… UNI.
    let b = book(spec, bids: [("5.139", "20")])
    let conversion = try BaseConversion.make(spec: spec, book: b, settleRate: nil, baseScale: 8).get()
    let level = b.bids.level(fromBest: 0)
    #expect(conversion.units(size: level.size, priceTicks: level.price) == 3_891_807_745)
    // And merged as UNI in a USD group.
    guard let options = ConsolidatedBook.Options(asset: "UNI", step: dec("0.01")) else { return }
    var consolidated = ConsolidatedBook(options: options)
    consolidated.update(
      [VenueView(spec: spec, book: b, sync: .live, lastAppliedAt: now, staleAfterNs: s(5))], now: now)
    #expect(consolidated.groups.map(\.quote) == ["USD"])
    #expect(consolidated.groups[0].bids.map(\.size) == [3_891_807_745])
    #expect(consolidated.groups[0].bids.map(\.price) == [dec("5.13")])
  }

  @Test func krakenSpotRowsSizesAreTheBase() throws {
    let body = try WireValue.parse(
      Fixture.bytes("exchanges/kraken_2021-04-17_XXBTZUSD_rest-AssetPairs-entry.json"))
    let spec = try #require(KrakenInstruments.specs(assetPairs: body).specs.first)
    #expect(spec.base == "BTC")
    #expect(
      BaseConversion.units(
        size: dec("0.50000001"), price: dec("63000.1"), contract: spec.contract, settle: spec.settle,
        settleRate: nil, baseScale: 8) == 50_000_001)
  }

  @Test func binanceUSDMRowsSizesAreTheBase() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/binance-usdm_2021-07-22_KEEPUSDT_rest-exchangeInfo-symbol.json"))
    let spec = try BinanceInstruments.spec(row: row, market: .usdm).get()
    let b = book(spec, asks: [("0.2464", "317")])
    let conversion = try BaseConversion.make(spec: spec, book: b, settleRate: nil, baseScale: 8).get()
    let level = b.asks.level(fromBest: 0)
    #expect(conversion.units(size: level.size, priceTicks: level.price) == 31_700_000_000)
  }
}
