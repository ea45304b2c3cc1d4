import Kraken
import MarketModel
import Screen
import Session
import Testing
import VenueCore

@testable import App

/// A venue market's REST answers in the app (`App+VenueREST`): the watched instrument's facts to
/// the header and the book's grouping, candles to the chart, every instrument to the markets list
/// with its age, and the tickers asked while the list is shown.
@Suite struct AppVenueRESTTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  static func state(symbol: Symbol = "BTC/USD") -> AppState {
    var s = AppState(symbol: symbol, mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.session = MarketSession(
      symbol: symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 25, venue: .kraken
    )
    _ = App.update(&s, .tick(now: .init(seconds: 100), wallMs: 1_764_158_430_000))
    return s
  }

  static func spec(_ symbol: Symbol, tick: String, lot: String, min: String? = nil) -> InstrumentSpec {
    let parts = symbol.description.split(separator: "/").map(String.init)
    return InstrumentSpec(
      key: InstrumentKey(venue: .kraken, symbol: symbol), kind: .spot, base: AssetCode(parts[0])!,
      quote: AssetCode(parts[1])!, settle: AssetCode(parts[1])!, tickSize: d(tick), lotSize: d(lot),
      minSize: min.map(d), contract: .base)
  }

  static func ticker(last: String, open: String, volume: String) -> VenueTicker {
    var t = VenueTicker()
    t.last = d(last)
    t.open24h = d(open)
    t.volume24h = d(volume)
    return t
  }

  @Test func theWatchedInstrumentsFactsReachTheHeaderAndTheMarketsList() {
    var s = Self.state()
    let btc = Self.spec("BTC/USD", tick: "0.1", lot: "0.00000001", min: "0.0001")
    let eth = Self.spec("ETH/USD", tick: "0.01", lot: "0.0001")
    _ = App.update(
      &s, .venueREST(.instruments(VenueRows(rows: [btc, eth], errors: ["XYZ: no lot_decimals"]))))
    #expect(s.market.instrumentSpec == btc)
    #expect(s.market.instrument.tickSize == 0.1 && s.market.instrument.lotSize == 0.00000001)
    #expect(s.market.displayTickSize == 0.1 && s.market.priceDecimals == 1)
    #expect(DashboardView.instrumentName(s.market.instrument) == "BTC/USD spot")
    #expect(s.session.markets.rows.map(\.id.description) == ["kraken:BTC/USD", "kraken:ETH/USD"])
    #expect(s.venueREST.rowErrors == 1)
    // A switch to another pair takes its facts at once (the instruments asked again refresh them).
    let effects = App.switchDashboard(to: "ETH/USD", &s)
    #expect(effects.contains(.loadStartData(symbol: "ETH/USD")))
    #expect(s.market.instrumentSpec == eth && s.market.priceDecimals == 2)
    // Another symbol's answer is not this one's.
    var other = Self.state(symbol: "SOL/USD")
    _ = App.update(&other, .venueREST(.instruments(VenueRows(rows: [btc]))))
    #expect(other.market.instrumentSpec == nil && other.market.instrument.tickSize == nil)
  }

  /// Complete bars backfill the candles; the bar in progress is left to live trades, and the
  /// sparkline takes it.
  @Test func candlesBackfillTheChart() {
    var s = Self.state()
    _ = App.update(
      &s, .venueREST(.instruments(VenueRows(rows: [Self.spec("BTC/USD", tick: "0.1", lot: "0.00000001")]))))
    let start: Int64 = 1_764_158_400_000 - 3 * 60_000
    let bars = (0..<4).map { i in
      VenueCandle(
        openTimeMs: start + Int64(i) * 60_000, open: Self.d("100.0"), high: Self.d("101.0"),
        low: Self.d("99.5"),
        close: Self.d("100.5"), volume: Self.d("1.5"))
    }
    _ = App.update(&s, .venueREST(.candles(symbol: "BTC/USD", intervalMs: 60_000, beforeMs: s.wallMs, bars)))
    let candles = s.market.candles[.oneMinute]
    // The newest opened at 1_764_158_400_000 and ends after now (…430_000): not taken.
    #expect(candles.candles.map(\.startMs) == (0..<3).map { start + Int64($0) * 60_000 })
    #expect(candles.candles.first?.volume == 150_000_000)  // 1.5 in units of the lot (8 decimals)
    #expect(candles.backfilledUntilMs == 1_764_158_400_000)
    // The line chart draws the same candles (one engine): their high, not "no price data yet".
    let line = DashboardView.render(s)
    #expect((0..<line.height).contains { line.line($0).contains("high 101.0") })
    // Shown in whole units of the base asset (1.5 BTC), not in the tape's 10^-8 units.
    s.chartMode = .candles
    let grid = DashboardView.render(s)
    let drawn = (0..<grid.height).map { grid.line($0) }.joined(separator: "\n")
    #expect(drawn.contains(" V 1.50"), "\(drawn)")
    // Another symbol's bars are not this chart's.
    _ = App.update(&s, .venueREST(.candles(symbol: "ETH/USD", intervalMs: 300_000, beforeMs: s.wallMs, bars)))
    #expect(s.market.candles[.fiveMinutes].candles.isEmpty)
  }

  /// Every instrument's REST ticker is a row with its age; the watched symbol's row, which the
  /// live ticker keeps, is not put back to REST's older prices.
  @Test func tickersFillTheMarketsListWithTheirAge() {
    var s = Self.state()
    var live = VenueBatch()
    live.appendTicker(Self.ticker(last: "98000.5", open: "97000", volume: "12"), symbol: "BTC/USD")
    _ = App.update(
      &s, .feed(FeedUpdate(), now: .init(seconds: 100), wallMs: s.wallMs), venueBatch: live)
    let rows = [
      SymbolTicker("BTC/USD", Self.ticker(last: "90000.0", open: "89000", volume: "10")),
      SymbolTicker("ETH/USD", Self.ticker(last: "3500.00", open: "3400", volume: "200")),
    ]
    _ = App.update(&s, .tick(now: .init(seconds: 101), wallMs: s.wallMs + 1_000))
    s.screen = .markets
    s.markets.selected = InstrumentID(venue: .kraken, symbol: "ETH/USD")
    _ = App.update(&s, .venueREST(.tickers(VenueRows(rows: rows))))
    // The first prices put the cursor on the instrument watched.
    #expect(s.markets.selected == InstrumentID(venue: .kraken, symbol: "BTC/USD"))
    let markets = s.session.markets
    #expect(markets.row("BTC/USD")?.instrument.lastPrice == 98000.5)
    #expect(markets.row("BTC/USD")?.pricedByREST == false)
    let eth = markets.row("ETH/USD")
    #expect(eth?.instrument.lastPrice == 3500 && eth?.pricedByREST == true)
    #expect(eth.map { abs(($0.instrument.change24h ?? 0) - (3500.0 / 3400 - 1)) < 1e-12 } == true)
    _ = App.update(&s, .tick(now: .init(seconds: 109), wallMs: s.wallMs + 8_000))
    #expect(s.session.markets.row("ETH/USD")?.restAge(now: 109_000) == 8_000)
    // Sorted by age, a REST row is as old as its answer.
    #expect(
      s.session.markets.row("ETH/USD").flatMap { MarketsColumn.age.sortValue($0, rates: Rates()) } == -101_000
    )
    let title = MarketsScreen.render(s).line(0)
    #expect(title.contains("REST 8s old"), "\(title)")
  }

  /// The tickers are asked at once when the list opens, then every 15 s while it shows; a
  /// failure (a rate limit) is said in the list's title, and asking goes on at the same pace.
  @Test func tickersAreAskedWhileTheListShows() {
    var s = Self.state()
    #expect(App.update(&s, .tick(now: .init(seconds: 101), wallMs: 0)).isEmpty)
    s.screen = .markets
    #expect(App.update(&s, .tick(now: .init(seconds: 102), wallMs: 0)) == [.loadSymbols])
    #expect(App.update(&s, .tick(now: .init(seconds: 116), wallMs: 0)).isEmpty)
    _ = App.update(&s, .venueREST(.failed(.tickers, reason: "rate limited (HTTP 429): waiting 30 s")))
    #expect(MarketsScreen.render(s).line(0).contains("REST failed: rate limited"))
    #expect(App.update(&s, .tick(now: .init(seconds: 117), wallMs: 0)) == [.loadSymbols])
    s.screen = .dashboard
    #expect(App.update(&s, .tick(now: .init(seconds: 140), wallMs: 0)).isEmpty)
    // BitMEX's list is its live table: no tickers asked.
    var bitmex = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    bitmex.screen = .markets
    #expect(App.update(&bitmex, .tick(now: .init(seconds: 1), wallMs: 0)).isEmpty)
  }

  /// The app's REST effects as a venue's intents (what the dashboard's venue worker is asked).
  @Test func effectsBecomeIntents() {
    let now: Int64 = 1_764_158_430_000
    #expect(
      Effect.loadStartData(symbol: "BTC/USD").venueRESTIntents(wallMs: now) == [
        .instruments, .candles("BTC/USD", intervalMs: 60_000, limit: 240, beforeMs: now),
        .candles("BTC/USD", intervalMs: 300_000, limit: 240, beforeMs: now),
      ])
    #expect(Effect.loadSymbols.venueRESTIntents(wallMs: now) == [.tickers])
    #expect(
      Effect.loadCandles(symbol: "BTC/USD", interval: .oneHour, count: 120).venueRESTIntents(wallMs: now) == [
        .candles("BTC/USD", intervalMs: 3_600_000, limit: 120, beforeMs: now)
      ])
    #expect(
      Effect.loadCandles(symbol: "BTC/USD", interval: .oneMinute, count: 120, endMs: 1_000).venueRESTIntents(
        wallMs: now) == [.candles("BTC/USD", intervalMs: 60_000, limit: 120, beforeMs: 1_000)])
    #expect(Effect.quit.venueRESTIntents(wallMs: now).isEmpty)
    #expect(
      Effect.loadStartData(symbol: String(repeating: "X", count: 99)).venueRESTIntents(wallMs: now).isEmpty)
  }
}
