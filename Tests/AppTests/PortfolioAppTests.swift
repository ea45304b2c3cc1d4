import BitMEX
import MarketModel
import Screen
import Session
import TestSupport
import Testing
import Trading

@testable import App

/// The portfolio screen in the app: `P` toggles it, it keeps to its keys, and it draws the
/// positions from the file and paper fills with the valuation's own numbers, at 80×24 up to
/// 200×60, dimming a stale mark and naming an unknown symbol.
@Suite struct PortfolioAppTests {
  static let held = [
    HeldPosition(symbol: "XBTUSD", quantity: 25_000, entry: 97_500),
    HeldPosition(symbol: "ETHUSD", quantity: -300, entry: 3_520),
    HeldPosition(symbol: "XBTUSDT", quantity: 0.25, entry: 97_000),
    HeldPosition(symbol: "GONEUSD", quantity: 10, entry: 5),
  ]

  /// XBTUSD inverse, ETHUSD quanto (100 XBt per USD), XBTUSDT linear (1 USDt per point).
  static let rows: [(Symbol, String, Double, String, Double)] = [
    ("XBTUSD", "inverse", -100_000_000, "XBt", 98_000), ("ETHUSD", "quanto", 100, "XBt", 3_500),
    ("XBTUSDT", "linear", 1, "USDt", 98_010),
  ]

  /// A LIVE state with the all-symbols partial of XBTUSD, ETHUSD and XBTUSDT at 1 s.
  static func state(width: Int = 120, height: Int = 40) -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: width, height: height, ascii: false, color: true)
    s.venues = RegisteredVenues.all
    s.portfolio.held = held
    s.portfolio.fileName = "positions.toml"
    var batch = MarketBatch()
    for (symbol, kind, multiplier, settle, mark) in Self.rows {
      var u = InstrumentUpdate(symbol: symbol)
      u.state = "Open"
      u.typ = "FFWCSX"
      u.isInverse = kind == "inverse"
      u.isQuanto = kind == "quanto"
      u.multiplier = multiplier
      u.fields.settle(.bitmex(settle)!)
      u.underlying = symbol.description.hasPrefix("ETH") ? "ETH" : "XBT"
      u.quoteCurrency = settle == "USDt" ? "USDT" : "USD"
      u.lotSize = kind == "linear" ? 1_000 : 1
      u.tickSize = 0.5
      u.underlyingToSettleMultiplier = kind == "inverse" ? -100_000_000 : nil
      u.quoteToSettleMultiplier = kind == "linear" ? 1_000_000 : kind == "quanto" ? 3_108 : nil
      u.underlyingToPositionMultiplier = kind == "linear" ? 1_000_000 : nil
      u.markPrice = mark
      u.lastPrice = mark
      batch.instruments.append(u)
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<Self.rows.count))]
    let update = FeedUpdate(
      status: FeedStatus(state: .live, symbol: "XBTUSD"),
      resetTopics: [
        Subscription(.book, "XBTUSD", depth: 25), Subscription(.trades, "XBTUSD"), Subscription(.ticker),
        Subscription(.liquidations),
      ])
    _ = App.update(&s, .feed(update, now: .init(seconds: 1), wallMs: 1_000), batch: batch)
    return s
  }

  static func press(_ s: inout AppState, _ keys: Key...) {
    for key in keys { _ = App.update(&s, .key(key)) }
  }

  @Test func pTogglesItAndItKeepsToItsKeys() {
    var s = Self.state()
    Self.press(&s, .character("P"))
    #expect(s.screen == .portfolio)
    #expect(DashboardView.render(s).text.contains("Portfolio  4"))
    // The dashboard's own keys do nothing here.
    Self.press(&s, .character("1"), .character("s"), .character("o"))
    #expect(s.zoom == nil && s.picker == nil && s.ticket == nil)
    Self.press(&s, .escape)
    #expect(s.screen != .portfolio)
    Self.press(&s, .character("P"), .character("m"))
    #expect(s.screen == .markets)
    Self.press(&s, .character("P"))
    #expect(s.screen == .portfolio)
    Self.press(&s, .character("P"))
    #expect(s.screen != .portfolio)
    Self.press(&s, .character("P"), .character("?"))
    #expect(s.overlay?.helpPage != nil)
    let help = DashboardView.render(s).text
    #expect(help.contains("portfolio"))
    #expect(KeyBindings.standard.help.contains { $0.key == "P" })
  }

  /// The numbers on screen are the valuation's, rounded as the view rounds them.
  @Test func theScreenShowsTheValuationsNumbers() throws {
    var s = Self.state()
    s.screen = .portfolio
    let text = DashboardView.render(s).text
    let v = App.portfolioValuation(s)
    #expect(v.lines.count == 4)
    for line in v.lines where line.status == .ok {
      let d = PortfolioView.decimals(line.currency ?? "")
      let pnl = NumberFormat.fixed(try #require(line.whole(line.unrealised)), decimals: d, plusSign: true)
      let row = try #require(text.split(separator: "\n").first { $0.contains(" \(line.symbol) ") })
      #expect(row.contains(pnl), "\(row) lacks \(pnl)")
      #expect(row.contains("file"))
    }
    // XBTUSD: 25,000 × 10^8 × (1/97,500 − 1/98,000) XBt.
    let xbt = 25_000 * 1e8 * (1 / 97_500.0 - 1 / 98_000) / 1e8
    #expect(text.contains(NumberFormat.fixed(xbt, decimals: 8, plusSign: true)))
    #expect(text.contains("GONEUSD") && text.contains("unknown symbol"))
    #expect(text.contains("Total XBT") && text.contains("Total USDT") && text.contains("Total USD "))
    #expect(text.contains("XBTUSD mark 98,000.00"))
    #expect(!text.contains("stale"))
  }

  @Test(arguments: [(80, 24), (120, 40), (200, 60)]) func fitsEverySize(_ size: (Int, Int)) {
    var s = Self.state(width: size.0, height: size.1)
    s.screen = .portfolio
    let grid = DashboardView.render(s)
    let text = grid.text
    for column in ["symbol", "side", "qty", "avg entry", "mark", "unreal P&L", "P&L %", "age"] {
      #expect(text.contains(column), "\(size) lacks \(column)")
    }
    if size.0 >= 120 { #expect(text.contains("src")) }
    // The amounts' currency is always said (issue 29: at 80 columns XBT and USDT amounts were bare
    // numbers in one column): by the market value, else by its own column.
    #expect(text.contains("mkt value") || text.contains("ccy"), "\(size)")
    let usdt = text.split(separator: "\n").first { $0.contains(" XBTUSDT ") } ?? ""
    #expect(usdt.contains("USDT  ") || usdt.contains(" USDT"), "\(usdt)")
    let xbt = text.split(separator: "\n").first { $0.contains(" XBTUSD ") } ?? ""
    #expect(xbt.contains(" XBT "), "\(xbt)")
    // The total is the positions' net exposure, not equity: it says so.
    #expect(text.contains("Total USD  exposure"), "\(size)")
    if size.0 >= 200 {
      for column in ["name", "last", "mkt value", "realised"] { #expect(text.contains(column)) }
    }
    #expect(text.contains("Total USD"))
    #expect(text.contains("ETHUSD") && text.contains("XBTUSDT"))
  }

  /// A mark that stopped (no update for longer than its rhythm allows) is dimmed with its age,
  /// and the totals say so.
  @Test func aStaleMarkIsDimmedWithItsAge() throws {
    var s = Self.state()
    s.screen = .portfolio
    // A rhythm of one update a second for ETHUSD, then silence.
    for t in 2...5 {
      var batch = MarketBatch()
      var u = InstrumentUpdate(symbol: "ETHUSD")
      u.markPrice = 3_500
      batch.instruments = [u]
      batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
      _ = App.update(
        &s, .feed(FeedUpdate(), now: .init(seconds: Double(t)), wallMs: Int64(t) * 1_000), batch: batch)
    }
    _ = App.update(&s, .tick(now: .init(seconds: 12), wallMs: 12_000))
    let grid = DashboardView.render(s)
    let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
    let y = try #require(lines.firstIndex { $0.contains(" ETHUSD ") })
    #expect(lines[y].contains("7s"))
    let x = try #require(lines[y].range(of: "ETHUSD")).lowerBound.utf16Offset(in: lines[y])
    #expect(grid[x, y].style.dim)
    #expect(grid.text.contains("totals include a stale mark"))
  }

  /// A quantity of 12,345,678,901 contracts and the P&L it makes: each number whole or in
  /// short form in its column, never cut (it showed as `12,345,67`).
  @Test(arguments: [80, 120, 200])
  func numbersTooWideForTheirColumnsAreShortenedNotCut(width: Int) throws {
    var s = Self.state(width: width)
    s.portfolio.held = [HeldPosition(symbol: "XBTUSD", quantity: 12_345_678_901, entry: 97_500)]
    s.screen = .portfolio
    let text = DashboardView.render(s).text
    let row = try #require(text.split(separator: "\n").first { $0.contains(" XBTUSD ") })
    #expect(row.contains(" 12.3B "), "\(row)")
    #expect(!row.contains("12,345,67"), "\(row)")
    let v = App.portfolioValuation(s)
    let line = try #require(v.lines.first)
    let pnl = try #require(line.whole(line.unrealised))
    // The P&L: its whole-number part always shows (the decimals give way first).
    let whole = NumberFormat.fixed(pnl, decimals: 0, plusSign: true)
    #expect(row.contains(whole) || row.contains(NumberFormat.compact(pnl)), "\(row) lacks \(whole)")
  }
}
