import BitMEX
import Kraken
import MarketModel
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// The split view of two books on the dashboard (`tradeterm XBTUSD ETHUSD`, issue 29): the
/// second instrument on a session of its own beside the market on screen, each book titled with
/// its own state, age, last price and spread, a stale or syncing second feed dimmed and said, the
/// keys that swap the books and leave the split (rebindable), and an unknown second symbol
/// refused with its close matches.
@Suite struct SplitViewAppTests {
  static let t0 = MonotonicTime(seconds: 100)
  static let wallMs: Int64 = 1_700_000_000_000

  static func status(_ state: ConnectionState, _ symbol: String) -> FeedUpdate {
    FeedUpdate(status: FeedStatus(state: state, symbol: symbol, pingRoundTrip: 0.01, messagesPerSecond: 20))
  }

  /// A book's partial, 20 levels a side (of a 25-level table) around `mid`, `tick` apart, and one trade at the best ask.
  static func partial(_ symbol: Symbol, mid: Double, tick: Double, size: Int64) -> MarketBatch {
    partialRows(symbol, mid: mid, tick: tick, size: size).mapped()
  }

  /// The same partial as decoded, its rows not yet mapped to price levels.
  static func partialRows(_ symbol: Symbol, mid: Double, tick: Double, size: Int64) -> MarketBatch {
    var batch = MarketBatch()
    for i in 0..<20 {
      batch.bookRows.append(
        BookRow(
          symbol: symbol, id: Int64(1_000 + i), side: .sell, size: size + Int64(i) * 7,
          price: FixedDecimal("\(mid + tick * Double(i + 1))")))
      batch.bookRows.append(
        BookRow(
          symbol: symbol, id: Int64(2_000 + i), side: .buy, size: size + Int64(i) * 11,
          price: FixedDecimal("\(mid - tick * Double(i))")))
    }
    batch.trades = [Trade(timeMs: wallMs - 1_000, symbol: symbol, side: .buy, size: 100, price: mid + tick)]
    batch.events = [
      .book(
        BookMessage(table: .top25, action: .partial, filterSymbol: symbol, rows: 0..<batch.bookRows.count)),
      .trades(TableSlice(action: .partial, filterSymbol: symbol, rows: 0..<1)),
    ]
    return batch
  }

  /// XBTUSD on screen and ETHUSD beside it, both live at `t0`.
  static func state(width: Int, height: Int, ascii: Bool = false) -> AppState {
    var s = AppState(
      symbol: "XBTUSD", mode: .demo, width: width, height: height, ascii: ascii, color: true,
      symbols: ["XBTUSD", "ETHUSD", "SOLUSD"])
    s.utcOffsetMinutes = 0
    _ = App.update(
      &s, .feed(status(.live, "XBTUSD"), now: t0, wallMs: wallMs),
      batch: partial("XBTUSD", mid: 50_000, tick: 0.5, size: 1_000))
    App.splitOpened(InstrumentID(venue: .bitmex, symbol: "ETHUSD"), MarketSession(symbol: "ETHUSD"), &s)
    _ = App.update(
      &s, .splitFeed(status(.live, "ETHUSD"), now: t0, wallMs: wallMs),
      batch: partial("ETHUSD", mid: 3_500, tick: 0.05, size: 20_000))
    _ = App.update(&s, .tick(now: t0 + 1, wallMs: wallMs + 1_000))
    return s
  }

  static func area(_ s: AppState) throws -> (book: Rect, book2: Rect) {
    let layout = try #require(App.layout(s))
    return (try #require(layout.book), try #require(layout.book2))
  }

  static func dimmed(_ grid: Grid, _ area: Rect) -> Bool {
    (area.y..<area.maxY).allSatisfy { y in (area.x..<area.maxX).allSatisfy { grid[$0, y].style.dim } }
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func twoLiveBooksSideBySide(width: Int, height: Int) throws {
    let s = Self.state(width: width, height: height)
    let grid = DashboardView.render(s)
    let (book, book2) = try Self.area(s)
    let top = grid.line(book.y)
    #expect(top.contains("▶ XBTUSD  LIVE"), "\(top)")
    #expect(top.contains("ETHUSD  LIVE"), "\(top)")
    #expect(!Self.dimmed(grid, book) && !Self.dimmed(grid, book2))
    // The second book's own prices, at its own decimals, in its own half.
    let right = (book2.y..<book2.maxY).map { y in
      String(grid.line(y).unicodeScalars.dropFirst(book2.x).prefix(book2.width))
    }.joined(separator: "\n")
    #expect(right.contains("3,500.05") && right.contains("3,500.00"), "\(right)")
    #expect(!right.contains("50,000"))
    Snapshot.expect(grid, named: "dashboard-split-\(width)x\(height)")
  }

  @Test func inASCIIEveryCellIsASCII() {
    let grid = DashboardView.render(Self.state(width: 80, height: 24, ascii: true))
    #expect(grid.cells.allSatisfy { $0.character.isASCII })
    #expect(grid.line(1).contains("> XBTUSD  LIVE"))
  }

  @Test func aSilentSecondFeedIsDimmedAndSaysStaleWhileTheMainBookStaysLive() throws {
    var s = Self.state(width: 120, height: 40)
    _ = App.update(
      &s, .splitFeed(Self.status(.silent(since: Self.t0), "ETHUSD"), now: Self.t0 + 6, wallMs: 0))
    _ = App.update(&s, .feed(FeedUpdate(), now: Self.t0 + 6, wallMs: Self.wallMs + 6_000))
    let grid = DashboardView.render(s)
    let (book, book2) = try Self.area(s)
    #expect(grid.line(book.y).contains("ETHUSD  STALE 6s"), "\(grid.line(book.y))")
    #expect(!grid.line(book.y).contains("ETHUSD  LIVE"))
    #expect(Self.dimmed(grid, book2))
    #expect(!Self.dimmed(grid, book))
  }

  @Test func aSecondBookWaitingForItsSnapshotSaysSyncingAndItsAge() throws {
    var s = Self.state(width: 120, height: 40)
    // A reconnect: the connection is back, the book waits for its partial (it is 3 s old).
    _ = App.update(&s, .splitFeed(Self.status(.syncing, "ETHUSD"), now: Self.t0 + 3, wallMs: 0))
    _ = App.update(&s, .tick(now: Self.t0 + 3, wallMs: Self.wallMs + 3_000))
    let grid = DashboardView.render(s)
    let (_, book2) = try Self.area(s)
    #expect(grid.line(book2.y).contains("ETHUSD  SYNCING  3s old"), "\(grid.line(book2.y))")
    #expect(Self.dimmed(grid, book2))
  }

  @Test func aBookSilentWhileItsTapeMovesIsStale() throws {
    var s = Self.state(width: 120, height: 40)
    var trade = MarketBatch()
    trade.trades = [Trade(timeMs: Self.wallMs + 6_000, symbol: "ETHUSD", side: .sell, size: 5, price: 3_500)]
    trade.events = [.trades(TableSlice(action: .insert, filterSymbol: nil, rows: 0..<1))]
    _ = App.update(&s, .splitFeed(FeedUpdate(), now: Self.t0 + 6, wallMs: Self.wallMs + 6_000), batch: trade)
    let grid = DashboardView.render(s)
    let (_, book2) = try Self.area(s)
    #expect(grid.line(book2.y).contains("ETHUSD  STALE 6s"), "\(grid.line(book2.y))")
    #expect(Self.dimmed(grid, book2))
  }

  @Test func theSecondBooksChangedLevelsFlashAsTheMainBooksDo() throws {
    var s = Self.state(width: 120, height: 40)
    let at = Self.wallMs + 2_000
    var change = MarketBatch()
    change.bookRows = [BookRow(symbol: "ETHUSD", id: 1_000, side: .sell, size: 99_999, price: 3_500.05)]
    change.events = [.book(BookMessage(table: .top25, action: .update, filterSymbol: nil, rows: 0..<1))]
    let ethPartial = Self.partialRows("ETHUSD", mid: 3_500, tick: 0.05, size: 20_000)
    _ = App.update(
      &s, .splitFeed(FeedUpdate(), now: Self.t0 + 2, wallMs: at), batch: change.mapped(after: [ethPartial]))
    #expect(s.split?.flashes.keys.contains(3_500.05) == true)
    #expect(s.view.flashes.isEmpty, "the main book's levels did not change")
    let (_, book2) = try Self.area(s)
    let flashed = { (s: AppState) -> [Int] in
      let grid = DashboardView.render(s)
      return (book2.y..<book2.maxY).filter { y in
        (book2.x..<book2.maxX).contains { grid[$0, y].style.reverse }
      }
    }
    let rows = flashed(s)
    let grid = DashboardView.render(s)
    #expect(rows.count == 1 && rows.allSatisfy { grid.line($0).contains("3,500.05") }, "\(rows)")
    // The frame loop wakes to fade it, and it fades as the main book's flash does.
    s.dirty = false
    let pacer = FramePacer(fps: 30, depthFps: 10)
    let wait = pacer.pollTimeout(s, now: Self.t0 + 2, lastDraw: Self.t0 + 2)
    #expect(abs(wait - Double(App.flashMs) / 1000) < 1e-9, "waited \(wait)")
    _ = App.update(&s, .tick(now: Self.t0 + 2.2, wallMs: at + App.flashMs - 1))
    #expect(flashed(s).count == 1)
    _ = App.update(&s, .tick(now: Self.t0 + 2.4, wallMs: at + App.flashMs))
    #expect(flashed(s).isEmpty && s.split?.flashes.isEmpty == true)
  }

  @Test func theWheelScrollsTheSecondBookAndAClickFocusesIt() throws {
    var s = Self.state(width: 120, height: 40)
    let (book, book2) = try Self.area(s)
    let over2 = { (a: MouseEvent.Action) in MouseEvent(x: book2.x + 5, y: book2.y + 5, a) }
    _ = App.update(&s, .mouse(over2(.wheelDown)))
    #expect(s.split?.scroll == App.wheelLines && s.view.bookScroll == 0)
    #expect(s.split?.focused == true && s.focus == .book)
    var grid = DashboardView.render(s)
    #expect(grid.line(book2.y).contains("scrolled"), "\(grid.line(book2.y))")
    // The focused pane's heavy border is the second book's now, not the main book's.
    #expect(grid[book2.x, book2.y].character == "┏" && grid[book.x, book.y].character == "┌")
    // Focused, the scroll keys move it; Home takes it back to its spread.
    _ = App.update(&s, .key(.down))
    #expect(s.split?.scroll == App.wheelLines + 1 && s.view.bookScroll == 0)
    _ = App.update(&s, .key(.home))
    #expect(s.split?.scroll == 0)
    // A click on the main book takes the focus back to it, and its wheel scrolls it.
    _ = App.update(&s, .mouse(over2(.press)))
    #expect(s.split?.focused == true)
    _ = App.update(&s, .mouse(MouseEvent(x: book.x + 5, y: book.y + 5, .wheelDown)))
    #expect(s.split?.focused == false && s.view.bookScroll == App.wheelLines && s.split?.scroll == 0)
    grid = DashboardView.render(s)
    #expect(grid[book.x, book.y].character == "┏" && grid[book2.x, book2.y].character == "┌")
    // Tab moves on from the second book too.
    _ = App.update(&s, .mouse(over2(.press)))
    _ = App.update(&s, .key(.tab))
    #expect(s.split?.focused == false && s.focus == .trades)
  }

  @Test func swapMakesTheSecondBookTheMarketOnScreen() throws {
    var s = Self.state(width: 120, height: 40)
    #expect(App.update(&s, .key(.character("S"))) == [.swapSplit])
    _ = App.update(&s, .splitSwapped)
    #expect(s.market.symbol == "ETHUSD")
    #expect(s.split?.id == InstrumentID(venue: .bitmex, symbol: "XBTUSD"))
    // Both books kept what they had: nothing to wait for after a swap.
    #expect(s.session.bookIsLive && s.split?.session.bookIsLive == true)
    let grid = DashboardView.render(s)
    #expect(grid.line(0).hasPrefix(" ETHUSD"))
    #expect(grid.line(1).contains("▶ ETHUSD  LIVE") && grid.line(1).contains(" XBTUSD  LIVE"))
    // Its feed's commands go to the feed the session is now on.
    var fault = MarketBatch()
    fault.bookRows = [BookRow(symbol: "XBTUSD", id: 999_999, side: .buy, size: 1, price: 1)]
    fault.events = [.book(BookMessage(table: .top25, action: .update, filterSymbol: nil, rows: 0..<1))]
    let effects = App.update(
      &s, .splitFeed(FeedUpdate(), now: Self.t0 + 2, wallMs: Self.wallMs), batch: fault.mapped())
    #expect(effects.contains { if case .splitFeed = $0 { true } else { false } }, "\(effects)")
    #expect(!effects.contains { if case .feed(.resync) = $0 { true } else { false } }, "\(effects)")
  }

  @Test func pickingTheSecondBooksInstrumentSwapsTheBooks() {
    var s = Self.state(width: 120, height: 40)
    _ = App.update(&s, .key(.character("s")))
    for c in "ETHUSD" { _ = App.update(&s, .key(.character(c))) }
    #expect(App.update(&s, .key(.enter)) == [.swapSplit])
  }

  @Test func theSplitKeyLeavesTheViewAndOpensItAgain() throws {
    var s = Self.state(width: 80, height: 24)
    #expect(App.update(&s, .key(.character("|"))) == [.closeSplit])
    #expect(s.split == nil)
    let layout = try #require(App.layout(s))
    #expect(layout.book2 == nil && layout.trades != nil)
    #expect(
      App.update(&s, .key(.character("|"))) == [.openSplit(InstrumentID(venue: .bitmex, symbol: "ETHUSD"))])
    // Left, `S` has nothing to swap with, and says so.
    #expect(App.update(&s, .key(.character("S"))) == [])
    #expect(StatusNote.text(s)?.contains("no second book to swap with: | opens one") == true)
  }

  @Test func whileRecordingTheBooksStayAsTheyAre() {
    var s = Self.state(width: 120, height: 40)
    s.recording = true
    #expect(App.update(&s, .key(.character("S"))) == [])
    #expect(StatusNote.text(s)?.contains("--record writes XBTUSD's frames") == true)
    #expect(s.market.symbol == "XBTUSD")
  }

  @Test func theStatusLineNamesTheSplitKeys() {
    let grid = DashboardView.render(Self.state(width: 200, height: 60))
    let bottom = grid.line(59)
    #expect(bottom.contains("S swap books") && bottom.contains("| one book"), "\(bottom)")
  }

  /// XBTUSD alone on screen, live, with the venue's list and Kraken followable.
  static func single(width: Int = 120, height: Int = 40) -> AppState {
    var s = AppState(
      symbol: "XBTUSD", mode: .demo, width: width, height: height, ascii: false, color: true,
      symbols: ["XBTUSD", "ETHUSD", "SOLUSD"])
    s.followableVenues = [.bitmex, .kraken]
    s.venues = RegisteredVenues.all
    _ = App.update(
      &s, .feed(status(.live, "XBTUSD"), now: t0, wallMs: wallMs),
      batch: partial("XBTUSD", mid: 50_000, tick: 0.5, size: 1_000))
    return s
  }

  @Test func withOneInstrumentTheSplitKeyPicksTheSecondBook() throws {
    var s = Self.single()
    #expect(App.update(&s, .key(.character("|"))) == [])
    try #require(s.picker?.secondBook == true)
    #expect(DashboardView.render(s).text.contains("Second book on BitMEX"))
    for c in "ETH" { _ = App.update(&s, .key(.character(c))) }
    let ethusd = InstrumentID(venue: .bitmex, symbol: "ETHUSD")
    #expect(App.update(&s, .key(.enter)) == [.openSplit(ethusd)])
    #expect(s.picker == nil && s.market.symbol == "XBTUSD")
    // The runner's answer opens the view; `|` then leaves it and opens it again on ETHUSD.
    _ = App.update(&s, .splitOpened(ethusd, MarketSession(symbol: "ETHUSD")))
    #expect(s.split?.id == ethusd)
    #expect(App.update(&s, .key(.character("|"))) == [.closeSplit])
    #expect(App.update(&s, .key(.character("|"))) == [.openSplit(ethusd)])
  }

  @Test func theSecondBookPickerTakesAnotherVenueAndListsFavouritesFirst() {
    var s = Self.single()
    let kraken = InstrumentID(venue: .kraken, symbol: "ETH/USD")
    s.markets.favourites = [kraken]
    _ = App.update(&s, .key(.character("|")))
    #expect(s.picker?.matches.first == "kraken:ETH/USD", "\(s.picker?.matches ?? [])")
    #expect(App.update(&s, .key(.enter)) == [.openSplit(kraken)])
    // Typed, as `s` takes it.
    _ = App.update(&s, .key(.character("|")))
    for c in "kraken:SOL/USD" { _ = App.update(&s, .key(.character(c))) }
    #expect(App.update(&s, .key(.enter)) == [.openSplit(InstrumentID(venue: .kraken, symbol: "SOL/USD"))])
  }

  @Test func escCancelsTheSecondBookPicker() {
    var s = Self.single()
    _ = App.update(&s, .key(.character("|")))
    _ = App.update(&s, .key(.character("E")))
    #expect(App.update(&s, .key(.escape)) == [])
    #expect(s.picker == nil && s.split == nil && s.splitPartner == nil)
    // `s` after it is the dashboard's picker again: Enter switches the market on screen.
    _ = App.update(&s, .key(.character("s")))
    #expect(s.picker?.secondBook == false)
  }

  @Test func theSecondBookPickerRefusesTheBookOnScreenAndAVenueNotFollowed() {
    var s = Self.single()
    _ = App.update(&s, .key(.character("|")))
    for c in "XBTUSD" { _ = App.update(&s, .key(.character(c))) }
    #expect(App.update(&s, .key(.enter)) == [])
    #expect(
      StatusNote.text(s)?.contains("XBTUSD is the book on screen") == true, "\(StatusNote.text(s) ?? "")")
    _ = App.update(&s, .key(.character("|")))
    for c in "binance:BTCUSDT" { _ = App.update(&s, .key(.character(c))) }
    #expect(App.update(&s, .key(.enter)) == [])
    #expect(StatusNote.text(s)?.contains("not followed here") == true, "\(StatusNote.text(s) ?? "")")
    #expect(s.split == nil)
  }

  @Test func inAReplayTheSplitKeySaysThereIsNoSecondBook() {
    var s = AppState(symbol: "XBTUSD", mode: .replay, width: 120, height: 40, ascii: false, color: true)
    #expect(App.update(&s, .key(.character("|"))) == [])
    #expect(s.picker == nil)
    #expect(StatusNote.text(s)?.contains("no second book in a replay") == true)
  }

  @Test func withOneBookTheStatusLineNamesTheKeyForTwo() {
    let grid = DashboardView.render(Self.single(width: 200, height: 60))
    #expect(grid.line(59).contains("| two books"), "\(grid.line(59))")
  }

  @Test func theKeysAreRebindable() {
    var s = Self.state(width: 120, height: 40)
    s.keys = KeyBindings(overrides: ["split-swap": [.character("x")], "split": [.character("e")]])
    #expect(App.update(&s, .key(.character("S"))) == [])
    #expect(App.update(&s, .key(.character("x"))) == [.swapSplit])
    #expect(App.update(&s, .key(.character("e"))) == [.closeSplit])
    #expect(s.keys.help.contains { $0.key == "x" && $0.action.contains("swap the books") })
    // With one instrument, the key in force opens the second book's picker.
    var one = Self.single()
    one.keys = KeyBindings(overrides: ["split": [.character("e")]])
    _ = App.update(&one, .key(.character("|")))
    #expect(one.picker == nil)
    _ = App.update(&one, .key(.character("e")))
    #expect(one.picker?.secondBook == true)
    #expect(one.keys.help.contains { $0.key == "e" && $0.action.contains("pick a second") })
  }

  @Test func anUnknownSecondSymbolIsRefusedWithTheCloseMatches() throws {
    var s = AppState(
      symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true,
      symbols: ["XBTUSD", "ETHUSD", "SOLUSD"])
    App.splitOpened(InstrumentID(venue: .bitmex, symbol: "ETHUSX"), MarketSession(symbol: "ETHUSX"), &s)
    let refused = FeedStatus(
      state: .error(FeedFailure(.unknownSymbol, "Unknown symbol")), symbol: "ETHUSX",
      lastError: "Unknown symbol")
    _ = App.update(&s, .splitFeed(FeedUpdate(status: refused), now: Self.t0, wallMs: Self.wallMs))
    let grid = DashboardView.render(s)
    #expect(grid.text.contains("unknown symbol ETHUSX"), "\(grid.text)")
    #expect(grid.text.contains("close matches:"), "\(grid.text)")
    #expect(grid.text.contains("ETHUSD"), "\(grid.text)")
    #expect(grid.line(1).contains("ETHUSX  ERROR"), "\(grid.line(1))")
    #expect(Self.dimmed(grid, try Self.area(s).book2))
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func anUnknownMainSymbolSaysItsCloseMatchesInItsBook(width: Int, height: Int) throws {
    var s = AppState(
      symbol: "ETHUSX", mode: .demo, width: width, height: height, ascii: false, color: true,
      symbols: ["XBTUSD", "ETHUSD", "ETHUSDT", "SOLUSD"])
    let refused = FeedStatus(
      state: .error(FeedFailure(.unknownSymbol, "Unknown or expired symbol.")), symbol: "ETHUSX",
      lastError: "Unknown or expired symbol.")
    _ = App.update(&s, .feed(FeedUpdate(status: refused), now: Self.t0, wallMs: Self.wallMs))
    let grid = DashboardView.render(s)
    let book = try #require(App.layout(s)?.book)
    let pane = (book.y..<book.maxY).map { grid.line($0) }.joined(separator: "\n")
    #expect(pane.contains("unknown symbol ETHUSX"), "\(grid.text)")
    #expect(pane.contains("close matches:"), "\(grid.text)")
    #expect(pane.contains("ETHUSD") && pane.contains("ETHUSDT"), "\(grid.text)")
  }

  @Test func anIndexBesideSaysItHasNoBookAndShowsItsPrice() throws {
    var s = Self.state(width: 120, height: 40)
    App.splitOpened(InstrumentID(venue: .bitmex, symbol: ".BXBT"), MarketSession(symbol: ".BXBT"), &s)
    _ = App.update(&s, .splitFeed(Self.status(.live, ".BXBT"), now: Self.t0, wallMs: Self.wallMs))
    var decoder = BitMEXDecoder()
    for json in [
      #"{"table":"instrument","action":"partial","keys":["symbol"],"data":[{"symbol":".BXBT","typ":"MRCXXX","underlying":"XBT","quoteCurrency":"USD","tickSize":0.01,"lastPrice":99207.12}]}"#,
      #"{"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],"filter":{"symbol":".BXBT"},"data":[]}"#,
    ] {
      var batch = MarketBatch()
      try decoder.decode(Array(json.utf8), into: &batch)
      _ = App.update(&s, .splitFeed(FeedUpdate(), now: Self.t0, wallMs: Self.wallMs), batch: batch)
    }
    let grid = DashboardView.render(s)
    let (_, book2) = try Self.area(s)
    #expect(grid.line(book2.y).contains(".BXBT  LIVE  last 99,207.12"), "\(grid.line(book2.y))")
    #expect(grid.text.contains("an index: no book"), "\(grid.text)")
  }

  @Test func aTinyTerminalSaysItIsTooSmall() {
    let grid = DashboardView.render(Self.state(width: 50, height: 12))
    #expect(grid.text.contains("too small"))
  }
}
