import Binance
import Kraken
import OKX
import Testing
import VenueCore

@testable import MarketModel

/// A venue's tickers of many symbols into the markets list.
@Suite struct MarketUniverseTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  private static func ticker(last: String, partial: Bool = false) -> VenueTicker {
    var t = VenueTicker(partial: partial)
    t.last = d(last)
    return t
  }

  @Test func everySymbolsTickerIsARowOfItsVenue() {
    var universe = MarketUniverse(venue: .kraken)
    #expect(universe.sync == .awaitingPartial)
    var batch = VenueBatch()
    var btc = Self.ticker(last: "63005.0")
    btc.volume24h = Self.d("1234.5")
    btc.open24h = Self.d("61800.0")
    batch.appendTicker(btc, symbol: "BTC/USD")
    batch.appendTicker(Self.ticker(last: "3100.25"), symbol: "ETH/USD")
    #expect(universe.apply(batch, now: 1_000) == 2)
    #expect(universe.sync == .live && universe.changedAt == 1_000)
    #expect(universe.rows.map(\.id.description) == ["kraken:BTC/USD", "kraken:ETH/USD"])
    let row = universe.row("BTC/USD")
    #expect(row?.instrument.lastPrice == 63005.0 && row?.instrument.homeNotional24h == 1234.5)
    #expect(row?.instrument.change24h.map { abs($0 - (63005.0 / 61800.0 - 1)) < 1e-12 } == true)

    // A partial ticker changes what it carries; the price's move is noted.
    batch.removeAll()
    batch.appendTicker(Self.ticker(last: "63010.0", partial: true), symbol: "BTC/USD")
    #expect(universe.apply(batch, now: 2_000) == 1)
    let moved = universe.row("BTC/USD")
    #expect(moved?.instrument.lastPrice == 63010.0 && moved?.instrument.homeNotional24h == 1234.5)
    #expect(moved?.move == .up && moved?.movedAt == 2_000 && moved?.updates == 2)
    #expect(universe.count == 2)
  }

  /// A batch without tickers changes nothing and does not make the list live.
  @Test func otherEventsLeaveTheListAlone() {
    var universe = MarketUniverse(venue: .okx)
    var batch = VenueBatch()
    batch.events = [.heartbeat, .subscribed(.ticker, symbol: "BTC-USDT")]
    #expect(universe.apply(batch, now: 1) == 0)
    #expect(universe.sync == .awaitingPartial && universe.rows.isEmpty && universe.changedAt == nil)
  }

  /// The model's venue is the core's one type (no second enum to keep in step); BitMEX's ids
  /// stay bare symbols.
  @Test func venuesRoundTrip() {
    let venue: InstrumentID.Venue = VenueCore.Venue.okx
    #expect(venue.name == "okx")
    #expect(InstrumentID.bitmex("XBTUSD").description == "XBTUSD")
    #expect(InstrumentID(venue: .binanceUSDM, symbol: "BTCUSDT").description == "binance-usdm:BTCUSDT")
  }
}
