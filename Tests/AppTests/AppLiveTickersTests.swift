import Binance
import MarketModel
import Screen
import Session
import Testing
import VenueCore

@testable import App

/// The markets list's live tickers (`App+LiveTickers`): opening the list on a venue market asks
/// the feed to watch its rows' tickers, closing it asks for none, and nothing is asked again
/// while the rows stay the same.
@Suite struct AppLiveTickersTests {
  private static func watches(_ effects: [Effect]) -> [[Symbol]] {
    effects.compactMap { if case .feed(.watchTickers(let s)) = $0 { s } else { nil } }
  }

  /// A Kraken market whose REST gave `count` pairs (BTC/USD first).
  private static func state(pairs count: Int) -> AppState {
    var s = AppVenueRESTTests.state()
    let rows = (0..<count).map { i in
      SymbolTicker(
        Symbol(i == 0 ? "BTC/USD" : "P\(i)/USD")!,
        AppVenueRESTTests.ticker(last: "\(100 + i).0", open: "100", volume: "\(i + 1)"))
    }
    _ = App.update(&s, .venueREST(.tickers(VenueRows(rows: rows))))
    return s
  }

  @Test func openingTheListWatchesItsTickersAndClosingItStops() {
    var s = Self.state(pairs: 3)
    let opened = App.update(&s, .key(.character("m")))
    #expect(s.screen == .markets)
    #expect(Self.watches(opened) == [["BTC/USD", "P1/USD", "P2/USD"]])
    // A tick, a REST refresh of the same rows, a key that moves the cursor: nothing asked again.
    var later = App.update(&s, .tick(now: .init(seconds: 101), wallMs: 1_764_158_431_000))
    later += App.update(&s, .key(.down))
    #expect(Self.watches(later).isEmpty)
    #expect(MarketsScreen.render(s).text.contains("live: 3"))
    // A new pair in the list is watched with the others.
    let grown = App.update(
      &s,
      .venueREST(
        .tickers(
          VenueRows(rows: [
            SymbolTicker("P9/USD", AppVenueRESTTests.ticker(last: "1.0", open: "1", volume: "1"))
          ]))))
    #expect(Self.watches(grown) == [["BTC/USD", "P1/USD", "P2/USD", "P9/USD"]])
    let closed = App.update(&s, .key(.character("m")))
    #expect(s.screen != .markets)
    #expect(Self.watches(closed) == [[]])
    #expect(Self.watches(App.update(&s, .tick(now: .init(seconds: 102), wallMs: 1_764_158_432_000))).isEmpty)
  }

  /// Past the limit the list's first rows in its order are watched, the title says how many of
  /// how many, and a filter chooses again.
  @Test func pastTheLimitTheFirstRowsAreWatchedAndTheTitleSaysSo() {
    var s = Self.state(pairs: LiveTickers.limit + 20)
    let opened = Self.watches(App.update(&s, .key(.character("m"))))
    #expect(opened.count == 1 && opened.first?.count == LiveTickers.limit)
    #expect(
      MarketsScreen.render(s).text.contains("live: first \(LiveTickers.limit) of \(LiveTickers.limit + 20)"))
    _ = App.update(&s, .key(.character("/")))
    let filtered = App.update(&s, .key(.character("9")))
    #expect(Self.watches(filtered).first?.allSatisfy { $0.description.contains("9") } == true)
  }

  /// Binance names its streams in the URL (a symbol is reopened, not switched in place), yet its
  /// list is live: one stream carries every instrument's ticker, so every row is watched, past
  /// the limit too, and the title says all are live.
  @Test(arguments: [InstrumentID.Venue.binance, .binanceUSDM])
  func binanceWatchesEveryRowOnItsAllMarketStream(venue: InstrumentID.Venue) {
    var s = AppState(symbol: "BTCUSDT", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.session = MarketSession(
      symbol: "BTCUSDT", bookPolicy: .bridge(SnapshotBridgeSync(bridge: .consecutive)), bookDepth: nil,
      venue: venue)
    s.venuesReopenedPerSymbol = [venue]
    s.venuesTickingEveryInstrument = [venue]
    _ = App.update(&s, .tick(now: .init(seconds: 100), wallMs: 1_764_158_430_000))
    let count = LiveTickers.limit + 20
    let rows = (0..<count).map { i in
      SymbolTicker(
        Symbol(i == 0 ? "BTCUSDT" : "P\(i)USDT")!,
        AppVenueRESTTests.ticker(last: "\(100 + i).0", open: "100", volume: "\(i + 1)"))
    }
    _ = App.update(&s, .venueREST(.tickers(VenueRows(rows: rows))))
    let opened = Self.watches(App.update(&s, .key(.character("m"))))
    #expect(opened.count == 1 && opened.first?.count == count)
    #expect(MarketsScreen.render(s).text.contains("live: \(count)"))
    #expect(Self.watches(App.update(&s, .key(.character("m")))) == [[]])
  }

  /// BitMEX's list is live from its own table, and a replay asks no venue: no watch there.
  @Test func noWatchOnBitMEXOrInAReplay() {
    var bitmex = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    #expect(Self.watches(App.update(&bitmex, .key(.character("m")))).isEmpty)
    var replay = Self.state(pairs: 3)
    replay.mode = .replay
    #expect(Self.watches(App.update(&replay, .key(.character("m")))).isEmpty)
  }
}
