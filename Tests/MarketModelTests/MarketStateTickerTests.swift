import Testing
import VenueCore

@testable import MarketModel

/// A venue's ticker into the watched symbol's instrument: the fields the header reads.
@Suite struct MarketStateTickerTests {
  private static let symbol: Symbol = "BTCUSDT"

  private static func market() -> MarketState {
    MarketState(symbol: symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 50)
  }

  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  private static func batch(_ tickers: [(Symbol, VenueTicker)]) -> VenueBatch {
    var batch = VenueBatch()
    for (symbol, ticker) in tickers { batch.appendTicker(ticker, symbol: symbol) }
    return batch
  }

  @Test func aSpotTickerFillsTheHeadersFields() {
    var m = Self.market()
    #expect(m.instrumentSync == .awaitingPartial)
    var t = VenueTicker()
    t.last = Self.d("63005.0")
    t.open24h = Self.d("61800.0")
    t.changeFraction24h = Self.d("0.0195")
    t.volume24h = Self.d("1234.5")
    t.quoteVolume24h = Self.d("77000000")
    t.vwap24h = Self.d("62800.1")
    t.bid = Self.d("63004.9")
    t.ask = Self.d("63005.0")
    t.high24h = Self.d("63500")
    t.low24h = Self.d("61000")
    let changes = m.apply(Self.batch([(Self.symbol, t)]))
    #expect(changes.instrumentChanged)
    #expect(m.instrumentSync == .live)
    let i = m.instrument
    #expect(i.lastPrice == 63005.0 && i.prevPrice24h == 61800.0 && i.change24h == 0.0195)
    #expect(i.volume24h == 1234.5 && i.homeNotional24h == 1234.5 && i.foreignNotional24h == 77_000_000)
    #expect(i.vwap == 62800.1 && i.bidPrice == 63004.9 && i.askPrice == 63005.0)
    #expect(i.highPrice == 63500 && i.lowPrice == 61000)
    #expect(i.markPrice == nil && i.fundingRate == nil && i.indexPrice == nil)
  }

  /// A perpetual's partial ticker (Bybit's deltas) changes what it carries and keeps the rest.
  @Test func aPartialTickerMergesIntoWhatIsHeld() {
    var m = Self.market()
    var whole = VenueTicker()
    whole.last = Self.d("100.5")
    whole.markPrice = Self.d("100.4")
    whole.indexPrice = Self.d("100.3")
    whole.fundingRate = Self.d("0.0001")
    whole.nextFundingTimeMs = 1_700_000_000_000
    whole.openInterest = Self.d("5000")
    _ = m.apply(Self.batch([(Self.symbol, whole)]))
    var delta = VenueTicker(partial: true)
    delta.markPrice = Self.d("100.6")
    _ = m.apply(Self.batch([(Self.symbol, delta)]))
    let i = m.instrument
    #expect(i.lastPrice == 100.5 && i.markPrice == 100.6 && i.indexPrice == 100.3)
    #expect(i.fundingRate == 0.0001 && i.fundingTimeMs == 1_700_000_000_000 && i.openInterest == 5000)
  }

  /// Another symbol's ticker (a frame of many pairs) is not this instrument's.
  @Test func anotherSymbolsTickerIsIgnored() {
    var m = Self.market()
    var t = VenueTicker()
    t.last = Self.d("1")
    let changes = m.apply(Self.batch([("ETHUSDT", t)]))
    #expect(!changes.instrumentChanged)
    #expect(m.instrument.lastPrice == nil && m.instrumentSync == .awaitingPartial)
  }

  /// A resubscribed ticker waits again; its first ticker makes it live.
  @Test func aResetTickerWaitsForTheNextOne() {
    var m = Self.market()
    var t = VenueTicker()
    t.last = Self.d("1")
    _ = m.apply(Self.batch([(Self.symbol, t)]))
    m.resetTables([Subscription(.ticker, Self.symbol)])
    #expect(m.instrumentSync == .awaitingPartial)
    _ = m.apply(Self.batch([(Self.symbol, t)]))
    #expect(m.instrumentSync == .live)
  }
}
