import Binance
import Bybit
import Coinbase
import Kraken
import MarketModel
import OKX
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// Another venue's liquidations in the Activity pane, through `App.update` as the dashboard takes
/// a drained `VenueBatch`: the market's own kept (an all-market stream brings every symbol's),
/// sizes in the venue's units as its book shows them, the minute's count in the title; and a
/// market whose venue sends none says so rather than show an empty list that looks live.
@Suite struct VenueLiquidationAppTests {
  static let wallMs: Int64 = 1_790_000_000_000

  static func dec(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  /// A live market of `venue` at 120x40 with the Activity pane on: a two-level book and a trade
  /// at 3 size decimals.
  static func live(_ venue: InstrumentID.Venue, _ symbol: Symbol) -> AppState {
    var s = AppState(symbol: symbol, mode: .live, width: 120, height: 40, ascii: false, color: true)
    s.venues = RegisteredVenues.all
    s.session = MarketSession(
      symbol: symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 50, venue: venue)
    s.activityVisible = true
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: symbol.description)), now: .init(seconds: 1),
        wallMs: wallMs))
    var batch = VenueBatch()
    batch.levels = [
      LevelChange(side: .bid, price: dec("43320.0"), size: dec("1.500")),
      LevelChange(side: .ask, price: dec("43320.1"), size: dec("0.250")),
    ]
    batch.events.append(
      .book(symbol: symbol, update: .snapshot(last: 1, receivedAt: 1_000_000_000), levels: 0..<2))
    batch.appendTrade(VenueTrade(price: dec("43320.1"), size: dec("0.010"), aggressor: .buy), symbol: symbol)
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 1), wallMs: wallMs), venueBatch: batch)
    return s
  }

  static func liquidation(_ side: Aggressor, _ price: String, _ size: String) -> VenueLiquidation {
    VenueLiquidation(price: dec(price), size: dec(size), side: side, venueTimeMs: wallMs, receivedAt: 2)
  }

  @Test func theMarketsOwnLiquidationsShowInItsUnits() {
    var s = Self.live(.bybitLinear, "BTCUSDT")
    var batch = VenueBatch()
    batch.appendLiquidation(Self.liquidation(.sell, "43320.10", "0.120"), symbol: "BTCUSDT")
    // Another symbol's, as an all-market stream brings it: not this market's.
    batch.appendLiquidation(Self.liquidation(.buy, "2301.55", "7.000"), symbol: "ETHUSDT")
    batch.appendLiquidation(Self.liquidation(.buy, "43330.00", "0.003"), symbol: "BTCUSDT")
    _ = App.update(
      &s, .feed(FeedUpdate(), now: .init(seconds: 2), wallMs: Self.wallMs + 1_000), venueBatch: batch)
    #expect(s.view.liquidations.recorded == 2)
    #expect(s.view.liquidations.events.map(\.size) == [3, 120], "units of the tape's 3 decimals")
    #expect(s.view.liquidations.events.map(\.side) == [.buy, .sell])
    #expect(s.dirty)
    let text = DashboardView.render(s).text
    #expect(text.contains("Activity  liq 1m: 1 sell 0.120 · 1 buy 0.003"), "\(text)")
    #expect(text.contains("LIQ  sell   43,320.1  0.120"), "\(text)")
    #expect(text.contains("LIQ  buy    43,330.0  0.003"), "\(text)")
    #expect(!text.contains("2,301"), "another symbol's liquidation shown:\n\(text)")
    #expect(!text.contains("no liquidations"), "\(text)")
  }

  /// Spot markets, Kraken and Coinbase have no liquidations: the pane says so, in its title and
  /// on its first row, and still shows the walls.
  @Test(arguments: [
    (InstrumentID.Venue.kraken, "BTC/USD", "Kraken publishes none"),
    (.coinbase, "BTC-USD", "Coinbase publishes none"), (.binance, "BTCUSDT", "a spot market has none"),
    (.bybitSpot, "BTCUSDT", "a spot market has none"), (.okx, "BTC-USDT", "a spot market has none"),
  ])
  func aMarketWithoutLiquidationsSaysSo(venue: InstrumentID.Venue, symbol: String, why: String) {
    let s = Self.live(venue, Symbol(symbol)!)
    let text = DashboardView.render(s).text
    #expect(text.contains("Activity  no liquidations"), "\(text)")
    #expect(text.contains("no liquidations: \(why)"), "\(text)")
    #expect(!text.contains("liq 1m:"), "\(text)")
    #expect(text.contains("walls"), "\(text)")
  }

  /// A perpetual whose venue sends them says nothing of the kind while none has come yet.
  @Test(arguments: [
    (InstrumentID.Venue.binanceUSDM, "BTCUSDT"), (.bybitInverse, "BTCUSD"), (.okx, "BTC-USDT-SWAP"),
  ])
  func aPerpetualWaitsForItsLiquidations(venue: InstrumentID.Venue, symbol: String) {
    let text = DashboardView.render(Self.live(venue, Symbol(symbol)!)).text
    #expect(text.contains("Activity  liq 1m: 0 sell · 0 buy"), "\(text)")
    #expect(!text.contains("no liquidations"), "\(text)")
  }
}
