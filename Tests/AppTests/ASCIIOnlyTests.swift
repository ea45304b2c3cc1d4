import BitMEX
import MarketModel
import Screen
import Session
import TestSupport
import Testing
import Trading

@testable import App

/// `--ascii` draws nothing but ASCII, on every screen and overlay: every cell's scalar is below
/// 128. Each screen is drawn from a state with data in it (the recorded 2021 session, the
/// markets and portfolio tests' instruments) at a small and a large size.
@Suite struct ASCIIOnlyTests {
  static let sizes = [(80, 24), (120, 40), (200, 60)]

  /// The cells of `grid` that are not ASCII, as "x,y 'c'" (at most a few), for the message.
  static func nonASCII(_ grid: Grid) -> [String] {
    var found: [String] = []
    for y in 0..<grid.height {
      for x in 0..<grid.width where grid[x, y].scalar.value >= 128 {
        found.append("\(x),\(y) '\(grid[x, y].scalar)'")
      }
    }
    return found
  }

  static func expectASCII(_ s: AppState, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let grid = DashboardView.render(s)
    let bad = nonASCII(grid)
    #expect(
      bad.isEmpty,
      "\(what) at \(s.width)x\(s.height) draws non-ASCII: \(bad.prefix(6).joined(separator: "  "))\n\(grid.text)",
      sourceLocation: sourceLocation)
  }

  static func press(_ s: inout AppState, _ keys: Key...) {
    for key in keys { _ = App.update(&s, .key(key)) }
  }

  /// A liquidation of the watched symbol, so the Activity pane and the tape have one to show.
  static let liquidation = """
    {"table":"liquidation","action":"insert","data":[{"orderID":"a1","symbol":"XBTUSD","side":"Sell",\
    "price":32100,"leavesQty":25000}]}
    """

  /// The recorded session's dashboard, ascii on, with a liquidation and a fixed wall threshold.
  static func dashboard(width: Int, height: Int) throws -> AppState {
    var s = try DashboardSnapshotTests.state(width: width, height: height, ascii: true)
    s.view.walls = WallWatch(fixedThreshold: 100_000)
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try decoder.decode(Array(liquidation.utf8), into: &batch)
    _ = App.update(&s, .feed(FeedUpdate(), now: s.now, wallMs: s.wallMs), batch: batch)
    return s
  }

  @Test func theFoldKeepsTheWordsReadable() {
    #expect("walls ≥ 10K · w: hide".asciiFolded == "walls >= 10K, w: hide")
    #expect("(1–100 ticks) ↑ ↓ …".asciiFolded == "(1-100 ticks) Up Down ...")
    #expect("¿ñ".asciiFolded == "??")
    #expect("plain".folded(ascii: true) == "plain" && "a · b".folded(ascii: false) == "a · b")
  }

  @Test(arguments: sizes)
  func theDashboardEveryPaneAndChartMode(width: Int, height: Int) throws {
    var s = try Self.dashboard(width: width, height: height)
    Self.expectASCII(s, "the dashboard")
    Self.press(&s, .character("w"))
    #expect(s.activityVisible)
    Self.expectASCII(s, "the Activity pane")
    // Sparkline 1s, 1m, 5m, candles 1m, 5m, 1h, 1d, heatmap: each split, focused and zoomed.
    for _ in 0..<8 {
      Self.press(&s, .character("c"))
      Self.expectASCII(s, "the chart \(s.chartMode) \(s.chartInterval) \(s.candleInterval)")
      s.focus = .chart
      Self.press(&s, .left, .left)
      Self.expectASCII(s, "the focused chart \(s.chartMode) \(s.candleInterval)")
      Self.press(&s, .character("3"))
      Self.expectASCII(s, "the zoomed chart \(s.chartMode) \(s.candleInterval)")
      Self.press(&s, .character("0"), .home)
      s.focus = .book
    }
    for zoom in ["1", "2"] {
      Self.press(&s, .character(Character(zoom)))
      Self.expectASCII(s, "pane \(zoom) zoomed")
      Self.press(&s, .character("0"))
    }
    Self.press(&s, .character("+"), .character("+"), .character("t"))
    Self.expectASCII(s, "the grouped book by size")
  }

  @Test(arguments: sizes)
  func theOverlays(width: Int, height: Int) throws {
    var s = try Self.dashboard(width: width, height: height)
    Self.press(&s, .character("?"))
    #expect(s.overlay?.helpPage != nil)
    let pages = HelpOverlay(entries: s.keys.help, ascii: true).pageCount(
      in: Rect(x: 0, y: 0, width: width, height: height))
    for page in 0..<pages {
      Self.expectASCII(s, "help page \(page + 1) of \(pages)")
      Self.press(&s, .character(" "))
    }
    s.overlay = nil
    Self.press(&s, .character("s"))
    Self.expectASCII(s, "the symbol picker, loading")
    _ = App.update(&s, .symbols(["XBTUSD", "ETHUSD", "XBTZ26"]))
    Self.press(&s, .character("X"))
    Self.expectASCII(s, "the symbol picker")
    Self.press(&s, .character("Q"), .character("Q"))
    Self.expectASCII(s, "the symbol picker, no match")
    Self.press(&s, .escape)
    Self.press(&s, .character("o"))
    #expect(s.ticket != nil)
    Self.expectASCII(s, "the order ticket")
    Self.press(&s, .character("t"), .tab, .character("1"))
    Self.expectASCII(s, "the limit ticket")
    Self.press(&s, .escape)
    Self.press(&s, .character("a"))
    Self.expectASCII(s, "the alert prompt")
    Self.press(&s, .escape, .character("A"))
    Self.expectASCII(s, "the alert list")
  }

  /// A ticket that can trade: the touch, the confirm line, an order sent (pending) and open.
  @Test(arguments: sizes)
  func theLiveTicket(width: Int, height: Int) {
    var s = TicketAppTests.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    s.ascii = true
    _ = App.update(&s, .resize(width: width, height: height))
    Self.press(&s, .character("o"))
    Self.expectASCII(s, "the live ticket")
    _ = TicketAppTests.type(&s, "1200")
    Self.expectASCII(s, "the ticket with a size")
    Self.press(&s, .enter)
    Self.expectASCII(s, "the ticket with an order sent")
    Self.press(&s, .character("t"))
    Self.expectASCII(s, "the limit ticket with an order sent")
  }

  @Test(arguments: sizes)
  func theReplayStatusLine(width: Int, height: Int) throws {
    var s = try Self.dashboard(width: width, height: height)
    #expect(s.mode == .replay)
    let position = ReplayPosition(
      time: 1_626_993_390, startTime: 1_626_993_000, progress: 0.4, speed: 2, badLines: 1,
      lastBadLine: "line 7: not JSON")
    _ = App.update(&s, .feed(FeedUpdate(replay: position), now: s.now, wallMs: s.wallMs))
    Self.expectASCII(s, "the replay")
    var paused = position
    paused.paused = true
    paused.seekingTo = 1_626_993_200
    _ = App.update(&s, .feed(FeedUpdate(replay: paused), now: s.now, wallMs: s.wallMs))
    Self.expectASCII(s, "the paused replay")
    var ended = position
    ended.ended = true
    _ = App.update(&s, .feed(FeedUpdate(replay: ended), now: s.now, wallMs: s.wallMs))
    Self.expectASCII(s, "the ended replay")
  }

  @Test(arguments: sizes)
  func theMarketsList(width: Int, height: Int) {
    var s = MarketsAppTests.state(width: width, height: height)
    s.ascii = true
    Self.press(&s, .character("m"))
    #expect(s.screen == .markets)
    Self.expectASCII(s, "the markets list")
    Self.press(&s, .character("*"), .tab, .character("d"))
    Self.expectASCII(s, "the markets list, sorted")
    Self.press(&s, .character("/"), .character("X"))
    Self.expectASCII(s, "the markets list, filtering")
    Self.press(&s, .enter)
    // Every kind in turn, favourites (starred, then none) among them.
    for _ in 0..<8 {
      Self.press(&s, .character("f"))
      Self.expectASCII(s, "the markets list, \(s.markets.kinds.label)")
    }
    s.markets.favourites = []
    Self.expectASCII(s, "the markets list, \(s.markets.kinds.label), none starred")
    Self.press(&s, .character("?"))
    Self.expectASCII(s, "the markets list's help")
  }

  @Test(arguments: sizes)
  func thePortfolio(width: Int, height: Int) {
    var s = PortfolioAppTests.state(width: width, height: height)
    s.ascii = true
    Self.press(&s, .character("P"))
    #expect(s.screen == .portfolio)
    Self.expectASCII(s, "the portfolio")
    Self.press(&s, .down, .down)
    Self.expectASCII(s, "the portfolio, scrolled")
  }
}
