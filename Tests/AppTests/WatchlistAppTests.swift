import Kraken
import MarketModel
import Screen
import Session
import TestSupport
import Testing
import VenueCore

@testable import App

/// The watchlist pane (`W`, issue 29): the favourites on the dashboard, a line each, live while
/// it is open; its keys (↑/↓, Enter) after `W`, Tab or a click; a line opened through the one
/// switch.
@Suite struct WatchlistAppTests {
  static func kraken(_ symbol: Symbol) -> InstrumentID { InstrumentID(venue: .kraken, symbol: symbol) }

  /// BitMEX at 120×40 with three favourites, the one on screen (XBTUSD) among them.
  static func bitmex() -> AppState {
    var s = MarketsAppTests.state(width: 120, height: 40)
    s.markets.favourites = [.bitmex("ETHUSDT"), .bitmex("XBTUSD"), .bitmex("SOL_USDT")]
    return s
  }

  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  static func watches(_ effects: [Effect]) -> [[Symbol]] {
    effects.compactMap { if case .feed(.watchTickers(let s)) = $0 { s } else { nil } }
  }

  /// The dashboard's line that holds `text`.
  static func line(_ s: AppState, _ text: String) -> String {
    DashboardView.render(s).text.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
  }

  @Test func wOpensThePaneOverTheTradesAndClosesIt() throws {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("W"))
    #expect(s.watchlist.visible && s.watchlist.focused)
    let layout = try #require(Layout.compute(width: 120, height: 40, zoom: nil))
    let area = try #require(App.watchlistArea(s))
    // Three lines and the border, at the top of the trades column; the trades under it.
    #expect(area == Rect(x: layout.trades!.x, y: layout.trades!.y, width: layout.trades!.width, height: 5))
    let grid = DashboardView.render(s)
    #expect(grid.line(area.y).contains("Watchlist  3"))
    #expect(grid.line(area.y + 5).contains("Trades"))
    #expect(grid.line(area.y + 2).contains("▶ XBTUSD") && grid.line(area.y + 2).contains("98,000.0"))
    #expect(grid.line(area.y + 1).contains("ETHUSDT") && grid.line(area.y + 1).contains("+1.01%"))
    // The pane has the keys: its border is the focused one, the book's is not.
    #expect(grid[area.x, area.y].character == "┏" && grid[0, 1].character == "┌")
    _ = Self.press(&s, .character("W"))
    #expect(!s.watchlist.visible && App.watchlistArea(s) == nil)
    #expect(!DashboardView.render(s).text.contains("Watchlist"))
    #expect(DashboardView.render(s)[0, 1].character == "┏", "the book has the keys back")
  }

  /// Opened while the book or the chart is zoomed, the zoom ends so that it shows; its keys are
  /// in the help, rebindable, and its footer names the keys in force.
  @Test func itShowsWhenOpenedFromAZoomAndItsKeyIsRebindable() {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("1"), .character("W"))
    #expect(s.zoom == nil && App.watchlistArea(s) != nil)
    #expect(s.keys.help.contains { $0.key == "W" && $0.action.hasPrefix("watchlist") })
    var rebound = Self.bitmex()
    rebound.keys = KeyBindings(overrides: [
      "watchlist": [.character("L")], "watchlist-open": [.character("O")],
    ])
    _ = Self.press(&rebound, .character("W"))
    #expect(!rebound.watchlist.visible)
    _ = Self.press(&rebound, .character("L"))
    #expect(DashboardView.render(rebound).text.contains("↑/↓ · O: open · L: hide"))
    _ = Self.press(&rebound, .character("O"))
    #expect(rebound.watchlist.visible && rebound.market.symbol == "ETHUSDT")
    // With no favourite it says how to star one, with the keys in force.
    rebound.markets.favourites = []
    rebound.keys = KeyBindings(overrides: ["markets": [.character("M")], "markets-star": [.character("8")]])
    #expect(DashboardView.render(rebound).text.contains("no favourites: M, then 8 stars a row"))
  }

  /// With the keys, ↑/↓ move its selection (not the book); Tab goes book → watchlist → trades
  /// → chart, Shift-Tab back; a zoom takes the keys away.
  @Test func itsKeysMoveTheSelectionAndTabReachesIt() {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("W"), .down, .down)
    #expect(s.watchlist.selected == .bitmex("SOL_USDT") && s.view.bookScroll == 0)
    _ = Self.press(&s, .down, .up)
    #expect(s.watchlist.selected == .bitmex("XBTUSD"))
    _ = Self.press(&s, .home)
    #expect(s.watchlist.selected == .bitmex("ETHUSDT"))
    let selected = DashboardView.render(s)
    let y = App.watchlistArea(s)!.y + 1
    #expect(selected[App.watchlistArea(s)!.x + 3, y].style.reverse)
    _ = Self.press(&s, .tab)
    #expect(!s.watchlist.focused && s.focus == .trades)
    _ = Self.press(&s, .backTab)
    #expect(s.watchlist.focused)
    _ = Self.press(&s, .backTab)
    #expect(!s.watchlist.focused && s.focus == .book)
    _ = Self.press(&s, .down)
    #expect(s.view.bookScroll == 1, "without the keys, ↓ scrolls the book")
    _ = Self.press(&s, .tab)
    #expect(s.watchlist.focused)
    _ = Self.press(&s, .character("3"))
    #expect(!s.watchlist.focused && s.focus == .chart)
  }

  /// With the keys, ←/→ leave the candles alone even when the chart had the focus before (a
  /// click on the pane keeps the chart's focus underneath); a click on the chart takes them.
  @Test func theCandleCursorWaitsWhileThePaneHasTheKeys() throws {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("c"), .character("c"))
    let bins = (1...10).map { k in
      TradeBin(
        endMs: CandleChartTests.base + Int64(k) * CandleChartTests.minute, symbol: "XBTUSD", open: 100,
        high: 101, low: 99, close: 100 + Double(k), trades: 1, volume: 10)
    }
    _ = App.update(&s, .rest(.candles(symbol: "XBTUSD", interval: .oneMinute, bins)))
    _ = Self.press(&s, .character("W"))
    let layout = try #require(Layout.compute(width: 120, height: 40, zoom: nil))
    let (x, y) = MouseTests.middle(layout.chart)
    MouseTests.click(&s, x, y)
    let area = try #require(App.watchlistArea(s))
    MouseTests.click(&s, area.x + 5, area.y)
    #expect(s.focus == .chart && App.watchlistHasKeys(s))
    _ = Self.press(&s, .left)
    #expect(s.view.candleCursorMs == nil)
    MouseTests.click(&s, x, y)
    _ = Self.press(&s, .left)
    #expect(s.view.candleCursorMs != nil)
  }

  /// Enter opens the selected line through the one switch: another symbol of the venue on
  /// screen in place, another venue's by the runner. Without the keys Enter does nothing.
  @Test func enterOpensTheSelectedLine() {
    var s = Self.bitmex()
    s.followableVenues = [.bitmex, .kraken]
    s.markets.favourites.append(Self.kraken("BTC/USD"))
    let effects = Self.press(&s, .character("W"), .enter)
    #expect(s.market.symbol == "ETHUSDT")
    #expect(effects.contains(.loadStartData(symbol: "ETHUSDT")))
    let other = Self.press(&s, .pageDown, .enter)
    #expect(other.contains(.openMarket(Self.kraken("BTC/USD"))))
    _ = Self.press(&s, .tab)
    #expect(Self.press(&s, .home, .enter).isEmpty && s.market.symbol == "ETHUSDT")
  }

  /// A click on a line opens it (and gives the pane the keys); the wheel moves the selection;
  /// a click on another pane takes the keys back.
  @Test func aClickOnALineOpensIt() throws {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("W"), .tab)
    #expect(!s.watchlist.focused)
    let area = try #require(App.watchlistArea(s))
    MouseTests.click(&s, area.x + 5, area.y + 3)
    #expect(s.watchlist.focused && s.market.symbol == "SOL_USDT")
    MouseTests.click(&s, area.x + 5, area.y + 2, .wheelUp)
    #expect(s.watchlist.selected == .bitmex("ETHUSDT") && s.market.symbol == "SOL_USDT")
    // The border and the row under the last line open nothing.
    MouseTests.click(&s, area.x + 5, area.y)
    #expect(s.market.symbol == "SOL_USDT")
    MouseTests.click(&s, 10, 10)
    #expect(!s.watchlist.focused && s.focus == .book)
  }

  /// Live while open: a venue's favourites are followed through the markets list's ticker
  /// watch, its REST tickers refreshed; the markets list's rows stop when it closes, the
  /// favourites when the watchlist does.
  @Test func theFavouritesAreFollowedWhileItIsOpen() {
    var s = AppVenueRESTTests.state()
    let rows = ["BTC/USD", "ETH/USD", "SOL/USD", "XRP/USD"].map {
      SymbolTicker(Symbol($0)!, AppVenueRESTTests.ticker(last: "100.0", open: "100", volume: "1"))
    }
    _ = App.update(&s, .venueREST(.tickers(VenueRows(rows: rows))))
    s.markets.favourites = [Self.kraken("SOL/USD"), .bitmex("XBTUSD"), Self.kraken("ETH/USD")]
    let opened = Self.press(&s, .character("W"))
    #expect(Self.watches(opened) == [["SOL/USD", "ETH/USD"]])
    let tick = App.update(&s, .tick(now: .init(seconds: 116), wallMs: 1_764_158_446_000))
    #expect(Self.watches(tick).isEmpty)
    #expect(tick.contains(.loadSymbols), "the REST tickers are refreshed while it is open")
    // The markets list over it: its rows too, the favourites first; back: the favourites only.
    #expect(Self.watches(Self.press(&s, .character("m"))) == [["SOL/USD", "ETH/USD", "BTC/USD", "XRP/USD"]])
    #expect(Self.watches(Self.press(&s, .character("m"))) == [["SOL/USD", "ETH/USD"]])
    // A favourite starred or unstarred is followed or let go.
    s.markets.favourites.removeFirst()
    #expect(
      Self.watches(App.update(&s, .tick(now: .init(seconds: 117), wallMs: 1_764_158_447_000))) == [
        ["ETH/USD"]
      ])
    let closed = Self.press(&s, .character("W"))
    #expect(Self.watches(closed) == [[]])
    let later = App.update(&s, .tick(now: .init(seconds: 140), wallMs: 1_764_158_470_000))
    #expect(Self.watches(later).isEmpty && !later.contains(.loadSymbols))
  }

  /// A line is as old as its row; past the row's limit it is dimmed with its age, a REST price
  /// past `MarketUniverse.restFreshMs` too; another venue's favourite says it is not live.
  @Test func aStaleLineIsDimmedAndAnotherVenuesIsNotLive() throws {
    var s = Self.bitmex()
    s.followableVenues = [.bitmex, .kraken]
    s.markets.favourites.append(Self.kraken("BTC/USD"))
    // ETHUSDT moves once a second, then goes quiet.
    for second in 2...3 {
      var batch = MarketBatch()
      var u = InstrumentUpdate(symbol: "ETHUSDT")
      u.lastPrice = 3_500 + Double(second)
      batch.instruments = [u]
      batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
      _ = App.update(
        &s, .feed(FeedUpdate(), now: .init(seconds: Double(second)), wallMs: Int64(second) * 1_000),
        batch: batch)
    }
    _ = Self.press(&s, .character("W"))
    _ = App.update(&s, .tick(now: .init(seconds: 4), wallMs: 4_000))
    let area = try #require(App.watchlistArea(s))
    var grid = DashboardView.render(s)
    #expect(grid.line(area.y + 1).contains("3,503.0") && grid.line(area.y + 1).contains(" 1s"))
    #expect(!grid[area.x + 3, area.y + 1].style.dim)
    _ = App.update(&s, .tick(now: .init(seconds: 12), wallMs: 12_000))
    grid = DashboardView.render(s)
    #expect(grid.line(area.y + 1).contains(" 9s"), "\(grid.line(area.y + 1))")
    #expect(grid[area.x + 3, area.y + 1].style.dim && grid[area.x + 30, area.y + 1].style.dim)
    let kraken = grid.line(area.y + 4)
    #expect(kraken.contains("kraken:BTC/USD  not live: open it"))
    // A run that cannot leave its venue says so instead.
    s.venueSwitchRefusal = "a replay plays one recording"
    #expect(Self.line(s, "kraken:BTC/USD").contains("not live here"))
  }

  /// The real dashboard (the recorded session) at 80×24 and 200×60 with the watchlist and the
  /// Activity pane open: the watchlist over the trades, the Activity pane under them; the
  /// favourite on screen live, one the recording never priced without a number, another venue's
  /// not live.
  @Test(arguments: [(80, 24), (200, 60)])
  func theRealDashboardWithTheWatchlist(width: Int, height: Int) throws {
    var s = try DashboardSnapshotTests.state(width: width, height: height)
    s.followableVenues = [.bitmex, .kraken]
    s.markets.favourites = [.bitmex("ETHUSD"), .bitmex("XBTUSD"), Self.kraken("BTC/USD")]
    _ = Self.press(&s, .character("W"), .character("w"))
    Snapshot.expect(DashboardView.render(s), named: "dashboard-\(width)x\(height)-watchlist")
  }

  /// A venue's favourite priced only by REST is as old as that answer, dimmed past its limit.
  @Test func aLinePricedByRESTIsAsOldAsItsAnswer() throws {
    var s = AppVenueRESTTests.state()
    let eth = SymbolTicker("ETH/USD", AppVenueRESTTests.ticker(last: "3500.5", open: "3400", volume: "1"))
    _ = App.update(&s, .venueREST(.tickers(VenueRows(rows: [eth]))))
    s.markets.favourites = [Self.kraken("ETH/USD")]
    _ = Self.press(&s, .character("W"))
    _ = App.update(&s, .tick(now: .init(seconds: 110), wallMs: 1_764_158_440_000))
    let area = try #require(App.watchlistArea(s))
    var grid = DashboardView.render(s)
    #expect(grid.line(area.y + 1).contains("3,500.5") && grid.line(area.y + 1).contains("10s"))
    #expect(!grid[area.x + 3, area.y + 1].style.dim)
    _ = App.update(&s, .tick(now: .init(seconds: 131), wallMs: 1_764_158_461_000))
    grid = DashboardView.render(s)
    #expect(grid.line(area.y + 1).contains("31s") && grid[area.x + 3, area.y + 1].style.dim)
  }
}
