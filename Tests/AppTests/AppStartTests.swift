import Kraken
import MarketModel
import Screen
import Session
import Testing
import Trading
import VenueCore

@testable import App

/// How a run's state starts (`AppState(start:)`): what the executable used to set field by field
/// from the command line, the config and the files.
@Suite struct AppStartTests {
  static func start(mode: RunMode = .demo) -> AppStart {
    var start = AppStart(symbol: "XBTUSD", mode: mode, width: 120, height: 40, ascii: false, color: true)
    start.asksStartData = mode != .replay
    return start
  }

  @Test func theConfigsFavouritesFollowTheFilesOnceEach() {
    var start = Self.start()
    start.favourites = [.bitmex("ETHUSD")]
    start.configFavourites = ["kraken:ETH/USD", "ETHUSD", "XBTUSD", "no venue:X", "kraken:ETH/USD"]
    let s = AppState(start: start)
    #expect(
      s.markets.favourites == [
        .bitmex("ETHUSD"), InstrumentID(venue: .kraken, symbol: "ETH/USD"), .bitmex("XBTUSD"),
      ])
  }

  @Test func theConfigsAlertsKeysAndSizesAreInForce() {
    var start = Self.start()
    start.configAlerts = [AlertRule(symbol: "XBTUSD", kind: .above(200_000, .last))]
    start.keyOverrides = ["help": [.character("h")]]
    start.confirmQuit = true
    start.largeTradeSizes = ["XBTUSD": 50_000]
    let s = AppState(start: start)
    #expect(s.alerts.alerts.map(\.fromConfig) == [true] && s.alerts.persistent.isEmpty)
    #expect(s.keys.command(for: .character("h")) == .help && s.keys.command(for: .character("?")) == nil)
    #expect(s.confirmQuit && s.largeTradeSizes == ["XBTUSD": 50_000])
    // The status line's hints (made once, with the keys) name the key in force.
    let status = DashboardView.render(s).line(s.height - 1)
    #expect(status.contains("h help") && !status.contains("? help"), "\(status)")
  }

  @Test func keysSetLaterAreTheStatusLinesToo() {
    var s = AppState(start: Self.start())
    #expect(DashboardView.render(s).line(s.height - 1).contains("? help"))
    s.keys = KeyBindings(overrides: ["help": [.character("h")]])
    let status = DashboardView.render(s).line(s.height - 1)
    #expect(status.contains("h help") && !status.contains("? help"), "\(status)")
  }

  @Test func theScreenTheRoutesAndThePositionsAreTheRunners() {
    var start = Self.start()
    start.screen = .portfolio
    start.followableVenues = [.bitmex, .kraken]
    start.acrossRefusal = "a replay plays one recording"
    start.held = [HeldPosition(symbol: "XBTUSD", quantity: 100, entry: 97_500)]
    start.positionsName = "positions.toml"
    start.recording = true
    let s = AppState(start: start)
    #expect(s.screen == .portfolio && s.overlay == nil)
    #expect(s.followableVenues == [.bitmex, .kraken] && s.acrossRefusal == "a replay plays one recording")
    #expect(s.portfolio.held.count == 1 && s.portfolio.fileName == "positions.toml" && s.recording)
  }

  /// The start data's candles count as asked, except in a replay, which asks nothing; the wall
  /// size set for a symbol holds for it, at the start and after a switch to it.
  @Test func candlesAskedAndWallSizes() {
    var start = Self.start()
    start.wallSizes = ["XBTUSD": 250_000, "ETHUSD": 9_000]
    var s = AppState(start: start)
    #expect(s.view.candlesRequested == [.oneMinute, .fiveMinutes])
    #expect(s.view.walls.fixedThreshold == 250_000)
    _ = App.switchDashboard(to: "ETHUSD", &s)
    #expect(s.view.walls.fixedThreshold == 9_000)
    #expect(AppState(start: Self.start(mode: .replay)).view.candlesRequested.isEmpty)
  }

  @Test func anotherVenuesSessionIsTheMarketOnScreen() {
    var start = Self.start()
    start.symbol = "ETH/USD"
    start.session = VenueSwitchTests.venueSession(VenueSwitchTests.kraken)
    let s = AppState(start: start)
    #expect(s.venue == .kraken && s.market.symbol == "ETH/USD" && s.market.bookPolicy != nil)
  }
}
