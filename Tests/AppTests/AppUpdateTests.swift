import MarketModel
import Screen
import Session
import Testing

@testable import App

@Suite struct AppUpdateTests {
  static func state() -> AppState {
    AppState(
      symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true,
      symbols: ["XBTUSD", "ETHUSD", "ETHUSDT", "SOLUSDT"])
  }

  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  @Test func zoomTogglesAndEscapeReturnsToTheSplit() {
    var s = Self.state()
    _ = Self.press(&s, .character("2"))
    #expect(s.zoom == .trades && s.focus == .trades)
    _ = Self.press(&s, .character("2"))
    #expect(s.zoom == nil)
    _ = Self.press(&s, .character("3"), .escape)
    #expect(s.zoom == nil && s.focus == .chart)
  }

  @Test func groupingStaysWithinItsSteps() {
    var s = Self.state()
    _ = Self.press(&s, .character("-"))
    #expect(s.groupingTicks == 1)
    for _ in 0..<10 { _ = Self.press(&s, .character("+")) }
    #expect(s.groupingTicks == 100)
    _ = Self.press(&s, .character("-"))
    #expect(s.groupingTicks == 50)
  }

  @Test func helpClosesOnAnyKeyWithoutActing() {
    var s = Self.state()
    _ = Self.press(&s, .character("?"))
    #expect(s.overlay?.helpPage != nil)
    #expect(Self.press(&s, .character("q")).isEmpty)
    #expect(s.overlay?.helpPage == nil && !s.quitting)
  }

  /// At 80×24 the keys and the legend take pages: Space turns to the next, shown in the footer;
  /// on the last page (the legend's) Space closes like any other key.
  @Test func helpTakesPagesWhenTheScreenIsSmall() {
    var s = AppState(symbol: "XBTUSD", mode: .live, width: 80, height: 24, ascii: true, color: false)
    _ = Self.press(&s, .character("?"))
    #expect(s.overlay?.helpPage == 0)
    let pages = HelpOverlay(entries: DashboardView.helpLines(s), ascii: true).pageCount(
      in: Rect(x: 0, y: 0, width: 80, height: 24))
    #expect(pages >= 3, "the keys, then the legend of what is on screen")
    var seen = ""
    for page in 1...pages {
      let text = DashboardView.render(s).text
      seen += text
      let footer =
        page < pages ? "\(page)/\(pages), Space: next, other keys close" : "\(page)/\(pages), any key closes"
      #expect(text.contains(footer), "page \(page)")
      _ = Self.press(&s, .character(" "))
    }
    #expect(s.overlay?.helpPage == nil)
    #expect(seen.contains("quit") && seen.contains("a dimmed pane: its data is this old"))
    // No line is cut: no ellipsis anywhere in the help (`~` in ASCII).
    #expect(!seen.contains("~"), "\(seen)")
    _ = Self.press(&s, .character("?"))
    #expect(s.overlay?.helpPage == 0)
    // Tall enough, one page: no page numbers.
    _ = App.update(&s, .resize(width: 200, height: 60))
    #expect(!DashboardView.render(s).text.contains("1/2"))
    #expect(DashboardView.render(s).text.contains("quit"))
  }

  @Test func pickerFiltersAndSwitchesToAFreshMarket() {
    var s = Self.state()
    _ = Self.press(&s, .character("s"), .character("e"), .character("t"), .character("h"))
    #expect(s.picker?.matches == ["ETHUSD", "ETHUSDT"])
    let effects = Self.press(&s, .down, .enter)
    #expect(effects == [.feed(.switchSymbol("ETHUSDT")), .loadStartData(symbol: "ETHUSDT")])
    #expect(s.market.symbol == "ETHUSDT" && s.market.book.isEmpty && s.picker == nil)
  }

  @Test func pickerEscapeCancelsAndAnEmptyListAsksForSymbols() {
    var s = AppState(symbol: "XBTUSD", mode: .live, width: 80, height: 24, ascii: true, color: false)
    #expect(Self.press(&s, .character("/")) == [.loadSymbols])
    _ = Self.press(&s, .escape)
    #expect(s.picker == nil && s.market.symbol == "XBTUSD")
  }

  /// Types `text` into the open picker.
  static func type(_ s: inout AppState, _ text: String) -> [Effect] {
    text.flatMap { App.update(&s, .key(.character($0))) }
  }

  /// What the picker says, after checking that its first words are drawn.
  static func screen(_ s: AppState, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let message = DashboardView.pickerMessage(s, matches: s.picker?.matches ?? []) ?? ""
    let g = DashboardView.render(s)
    let drawn = (0..<g.height).map { g.line($0) }.joined(separator: "\n")
    let start = String(message.prefix(16))
    #expect(drawn.contains(start), "\(start) not drawn", sourceLocation: sourceLocation)
    return message
  }

  /// Issue 11: with `/instrument/active` failing, the picker said "loading the symbol list…"
  /// for ever. It says why, `r` asks again, and Enter opens the symbol typed.
  @Test func aFailedSymbolListSaysWhyAndRRetries() {
    var s = AppState(symbol: "XBTUSD", mode: .live, width: 100, height: 30, ascii: false, color: true)
    #expect(Self.press(&s, .character("s")) == [.loadSymbols])
    #expect(Self.screen(s).contains("loading the symbol list…"))
    _ = App.update(&s, .rest(.failed(.active, reason: "HTTP 500")))
    #expect(Self.screen(s).contains("symbol list failed: HTTP 500 (r retries; Enter opens the symbol"))
    #expect(Self.press(&s, .character("r")) == [.loadSymbols])
    #expect(s.picker?.filter == "" && s.symbolsFailure == nil)
    #expect(Self.screen(s).contains("loading the symbol list…"))
    _ = App.update(&s, .rest(.failed(.active, reason: "no answer within 10 s")))
    // Once typing starts, `r` is a letter of the symbol and Enter opens it.
    _ = Self.type(&s, "xr")
    #expect(s.picker?.filter == "XR")
    #expect(Self.screen(s).contains("symbol list failed: no answer within 10 s (Enter opens XR)"))
    _ = App.update(&s, .rest(.active([InstrumentUpdate(symbol: "XRPUSD")])))
    #expect(s.picker?.matches == ["XRPUSD"])
  }

  @Test(arguments: [
    ([] as [String], "ETHUSD"),  // no list (failed or still loading)
    (["XBTUSD", "SOLUSDT"], "ETHUSD"),  // a list without the symbol typed
  ])
  func enterOpensTheSymbolTyped(symbols: [String], typed: String) {
    var s = AppState(
      symbol: "XBTUSD", mode: .live, width: 100, height: 30, ascii: false, color: true, symbols: symbols)
    _ = Self.press(&s, .character("s"))
    if symbols.isEmpty { _ = App.update(&s, .rest(.failed(.active, reason: "HTTP 502"))) }
    _ = Self.type(&s, typed.lowercased())
    #expect(Self.screen(s).contains("(Enter opens \(typed))"))
    let effects = Self.press(&s, .enter)
    #expect(effects == [.feed(.switchSymbol(typed)), .loadStartData(symbol: typed)])
    #expect(s.market.symbol.description == typed && s.picker == nil)
  }

  /// Another venue's market has no symbol list here yet: the picker says so (not "loading" for
  /// ever), takes the pair as the venue spells it (`ETH/USD`, `BTC-USD`) and Enter opens it.
  @Test func aVenuesPickerTakesThePairAsTyped() {
    var s = AppState(symbol: "BTC/USD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.session = MarketSession(
      symbol: "BTC/USD", bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 25)
    _ = Self.press(&s, .character("s"))
    #expect(
      Self.screen(s).contains("no symbol list for this venue yet: type the pair as the venue spells it"))
    _ = Self.type(&s, "eth/usd")
    #expect(s.picker?.filter == "ETH/USD")
    #expect(Self.press(&s, .enter).first == .feed(.switchSymbol("ETH/USD")))
    #expect(s.market.symbol.description == "ETH/USD")
    #expect(s.market.bookPolicy != nil)
  }

  @Test func theFilterTakesOnlyWhatCouldBeASymbol() {
    var s = Self.state()
    _ = Self.press(&s, .character("s"))
    _ = Self.type(&s, "eth日\u{1b}* " + String(repeating: "x", count: 40))
    #expect(s.picker?.filter == "ETH" + String(repeating: "X", count: Symbol.maxLength - 3))
    // Enter opens what was typed, cut at the longest a symbol can be (the exchange says whether it exists).
    #expect(Self.press(&s, .enter).first == .feed(.switchSymbol(s.market.symbol.description)))
  }

  @Test func quitAndReconnectAreEffects() {
    var s = Self.state()
    #expect(Self.press(&s, .character("r")) == [.feed(.reconnectNow)])
    #expect(Self.press(&s, .interrupt) == [.quit])
    #expect(s.quitting)
  }

  /// Feeds `status` to `s` at `now` (seconds), as a drain of the feed does.
  static func receive(_ s: inout AppState, _ status: FeedStatus, at now: Double) {
    _ = App.update(
      &s, .feed(FeedUpdate(status: status), now: .init(seconds: now), wallMs: 0), batch: MarketBatch())
    _ = App.update(&s, .tick(now: .init(seconds: now), wallMs: 0))
  }

  /// The status line of `s` as drawn.
  static func statusLine(_ s: AppState) -> String {
    DashboardView.render(s).line(s.height - 1)
  }

  /// Issue 11: after 70 presses of `r`, `r` did nothing and nothing said why. With the hourly
  /// budget spent, `r` sends nothing (the feed could not act on it) and the status line says
  /// why and until when, for a few seconds.
  @Test func reconnectWithTheHourlyBudgetSpentSaysWhy() {
    var s = Self.state()
    var status = FeedStatus(state: .live, symbol: "XBTUSD", connectionLimitUntil: .init(seconds: 1_000))
    Self.receive(&s, status, at: 280)
    #expect(Self.press(&s, .character("r")) == [])
    let words = "hourly connection limit: next connection in 12m00s"
    #expect(StatusNote.text(s) == words)
    #expect(Self.statusLine(s).contains(words), "\(Self.statusLine(s))")
    // The notice goes after a few seconds.
    _ = App.update(&s, .tick(now: .init(seconds: 286), wallMs: 0))
    #expect(StatusNote.text(s) == nil)
    #expect(!Self.statusLine(s).contains("hourly"))
    // Once the slot is free, `r` reconnects.
    Self.receive(&s, status, at: 1_000)
    #expect(Self.press(&s, .character("r")) == [.feed(.reconnectNow)])
    status.connectionLimitUntil = nil
    Self.receive(&s, status, at: 1_001)
    #expect(Self.press(&s, .character("r")) == [.feed(.reconnectNow)])
  }

  @Test func reconnectWhileAnAttemptIsUnderWaySaysSo() {
    var s = Self.state()
    Self.receive(&s, FeedStatus(state: .connecting, symbol: "XBTUSD"), at: 5)
    #expect(Self.press(&s, .character("r")) == [])
    #expect(Self.statusLine(s).contains("a connection attempt is under way"))
  }

  /// Issue 11: a partial rejected for one bad row resynced (or, skipped by the decoder,
  /// reconnected every 30 s) with no reason on screen. The status line says why.
  @Test func theReasonForAResyncIsOnTheStatusLine() {
    var s = Self.state()
    Self.receive(&s, FeedStatus(state: .live, symbol: "XBTUSD"), at: 1)
    var batch = MarketBatch()
    batch.bookRows = [
      BookRow(symbol: "XBTUSD", id: 1, side: .buy, size: 5, price: 100),
      BookRow(symbol: "XBTUSD", id: 7, side: .sell, size: 5, price: 0),
    ]
    batch.events = [.book(BookMessage(table: .top25, action: .partial, filterSymbol: "XBTUSD", rows: 0..<2))]
    let effects = App.update(
      &s, .feed(FeedUpdate(), now: .init(seconds: 2), wallMs: 0), batch: batch.mapped())
    #expect(effects == [.feed(.resync(Subscription(.book, "XBTUSD", depth: 25)))])
    let words = "resync: bad ask price 0"
    #expect(StatusNote.text(s) == words)
    #expect(Self.statusLine(s).contains(words), "\(Self.statusLine(s))")
    // Still said while the book waits for its fresh image, however long that takes.
    _ = App.update(&s, .tick(now: .init(seconds: 100), wallMs: 0))
    #expect(StatusNote.text(s) == words)
  }

  @Test func theReasonForASkippedFrameIsOnTheStatusLine() {
    var s = Self.state()
    let update = FeedUpdate(decodeErrors: 1, lastDecodeError: "negative size (at byte 120)")
    _ = App.update(&s, .feed(update, now: .init(seconds: 5), wallMs: 0), batch: MarketBatch())
    #expect(Self.statusLine(s).contains("skipped: negative size (at byte 120)"))
    // Past the partial timeout, so a partial skipped on every connection keeps saying why…
    _ = App.update(&s, .tick(now: .init(seconds: 36), wallMs: 0))
    #expect(StatusNote.text(s) == "skipped: negative size (at byte 120)")
    // …and gone once the frames are good again.
    _ = App.update(&s, .tick(now: .init(seconds: 46), wallMs: 0))
    #expect(StatusNote.text(s) == nil)
  }

  @Test func recordingShowsRECThenRECORDINGSTOPPEDWithTheReason() {
    var s = Self.state()
    s.recording = true
    Self.receive(&s, FeedStatus(state: .live, symbol: "XBTUSD"), at: 1)
    #expect(Self.statusLine(s).contains(" REC "))
    let why = "recording to /dev/full stopped: No space left on device"
    _ = App.update(
      &s, .feed(FeedUpdate(recorderError: why), now: .init(seconds: 2), wallMs: 0), batch: MarketBatch())
    #expect(s.dirty)
    let line = Self.statusLine(s)
    #expect(line.contains("RECORDING STOPPED") && line.contains(why), "[\(line)]")
    #expect(DashboardView.render(s).line(0).contains("RECORDING STOPPED"))
  }

  @Test func anEmptyDrainDoesNotRedrawAndTimeRedrawsOncePerSecond() {
    var s = Self.state()
    s.dirty = false
    let empty = FeedUpdate()
    _ = App.update(&s, .feed(empty, now: .init(seconds: 10.1), wallMs: 0), batch: MarketBatch())
    #expect(!s.dirty)
    _ = App.update(&s, .tick(now: .init(seconds: 10.2), wallMs: 0))
    #expect(s.dirty)  // the first tick of second 10
    s.dirty = false
    _ = App.update(&s, .tick(now: .init(seconds: 10.7), wallMs: 0))
    #expect(!s.dirty)
    _ = App.update(&s, .tick(now: .init(seconds: 11.0), wallMs: 0))
    #expect(s.dirty)
  }

  @Test func integrityFaultsBecomeResyncs() throws {
    var s = Self.state()
    var batch = MarketBatch()
    batch.bookRows = [BookRow(symbol: "XBTUSD", id: 1, side: .buy, size: 5, price: 100)]
    batch.events = [.book(BookMessage(table: .top25, action: .partial, filterSymbol: "XBTUSD", rows: 0..<1))]
    let update = FeedUpdate()
    #expect(App.update(&s, .feed(update, now: .init(seconds: 1), wallMs: 0), batch: batch.mapped()).isEmpty)
    batch.bookRows = [BookRow(symbol: "XBTUSD", id: 99, side: .sell, size: 5, price: nil)]
    batch.events = [.book(BookMessage(table: .top25, action: .update, filterSymbol: nil, rows: 0..<1))]
    let effects = App.update(&s, .feed(update, now: .init(seconds: 2), wallMs: 0), batch: batch.mapped())
    #expect(effects == [.feed(.resync(Subscription(.book, "XBTUSD", depth: 25)))])
    #expect(s.session.resyncs == 1)
  }
}
