import BitMEX
import MarketModel
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// Issue 29's honest freshness: a scrolled pane says so, paused the status line says how old
/// what is on screen is, and a silent feed dims the panes with their age at once.
@Suite struct FreshnessTests {
  static let lines = Fixture.lines("2021-07-22_session_full.jsonl")

  /// The recorded session's last XBTUSD book update, held back to arrive later.
  static let lateBook = lines.lastIndex {
    let text = String(decoding: $0, as: UTF8.self)
    return text.contains(#""table":"orderBookL2","action":"update""#) && text.contains(#""symbol":"XBTUSD""#)
  }!

  /// The recorded session at `now` 1000 s, but for its last book update of XBTUSD.
  static func state(width: Int = 120, height: Int = 40) throws -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: width, height: height, ascii: false, color: true)
    s.utcOffsetMinutes = 0
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    let now = MonotonicTime(seconds: 1_000)
    let live = FeedStatus(state: .live, symbol: "XBTUSD", messagesPerSecond: 42, bytesPerSecond: 9_000)
    _ = App.update(&s, .feed(FeedUpdate(status: live), now: now, wallMs: Self.wallMs))
    for (i, line) in lines.enumerated() where i != lateBook {
      batch.removeAll()
      try decoder.decode(line, into: &batch)
      _ = App.update(&s, .feed(FeedUpdate(), now: now, wallMs: Self.wallMs), batch: batch)
    }
    for line in [Array(DashboardSnapshotTests.instrument.utf8)] {
      batch.removeAll()
      try decoder.decode(line, into: &batch)
      _ = App.update(&s, .feed(FeedUpdate(), now: now, wallMs: Self.wallMs), batch: batch)
    }
    return s
  }

  static let wallMs: Int64 = 1_626_993_396_000

  static func key(_ s: inout AppState, _ key: Key) { _ = App.update(&s, .key(key)) }

  static func statusLine(_ grid: Grid) -> String { grid.line(grid.height - 1) }

  /// The title of the pane whose title starts with `name`: from the name to its box's corner.
  static func title(_ grid: Grid, _ name: String) -> String {
    for y in 0..<grid.height {
      let line = grid.line(y)
      guard
        let start = line.range(of: "━ \(name)") ?? line.range(of: "─ \(name)") ?? line.range(of: "┏ \(name)")
          ?? line.range(of: "┌ \(name)")
      else { continue }
      let rest = line[start.lowerBound...].dropFirst(2)
      return String(rest.prefix { $0 != "┐" && $0 != "┓" })
    }
    return ""
  }

  /// Every scrollable pane says it is scrolled, with the key back to live, while it is (issue 29,
  /// 5: a scrolled tape drifted under a title that looked live).
  @Test func aScrolledPaneSaysSoInItsTitle() throws {
    var s = try Self.state()
    let note = "scrolled — Home: live"
    #expect(!DashboardView.render(s).text.contains("scrolled"))
    Self.key(&s, .pageDown)  // the book has focus first
    var grid = DashboardView.render(s)
    #expect(Self.title(grid, "Book").contains(note), "\(Self.title(grid, "Book"))")
    #expect(!Self.title(grid, "Trades").contains("scrolled"))
    Self.key(&s, .tab)
    Self.key(&s, .pageDown)
    grid = DashboardView.render(s)
    #expect(Self.title(grid, "Trades").contains("Trades  " + note), "\(Self.title(grid, "Trades"))")
    Self.key(&s, .home)
    grid = DashboardView.render(s)
    #expect(!grid.text.contains("scrolled"), "Home goes back to live in every pane")
    // The candles: the cursor back in time is a scroll too.
    Self.key(&s, .tab)
    while s.chartMode != .candles { Self.key(&s, .character("c")) }
    Self.key(&s, .left)
    grid = DashboardView.render(s)
    #expect(
      Self.title(grid, "Candles").contains("scrolled 1 back — Home: live"), "\(Self.title(grid, "Candles"))")
  }

  /// Paused, the status line's age is that of the frame on screen: data arriving undrawn does not
  /// make it young, and the status line alone is drawn again (once a second) over the same panes
  /// (issue 29, 6: it froze at `age 0ms` while what it showed aged).
  @Test func pausedTheAgeIsOfWhatIsShown() throws {
    var s = try Self.state()
    var memo = RenderMemo()
    _ = DashboardView.render(s, reusing: &memo)
    Self.key(&s, .character("p"))
    let frozen = DashboardView.render(s, reusing: &memo)
    #expect(Self.statusLine(frozen).contains("PAUSED"))
    // A book update 5 s later, then 7 s of nothing (decoded by a decoder that saw the session
    // before it: its id map names the update's levels).
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for line in Self.lines[..<Self.lateBook] {
      batch.removeAll()
      try decoder.decode(line, into: &batch)
    }
    batch.removeAll()
    try decoder.decode(Self.lines[Self.lateBook], into: &batch)
    let later = MonotonicTime(seconds: 1_005)
    _ = App.update(&s, .feed(FeedUpdate(), now: later, wallMs: Self.wallMs + 5_000), batch: batch)
    #expect(s.session.bookDataAt == later, "the late line changes the book")
    _ = App.update(&s, .tick(now: later + 7, wallMs: Self.wallMs + 12_000))
    #expect(FramePacer(fps: 30).shouldDrawStatusLine(s, now: later + 7, lastDraw: later + 5.5))
    #expect(!FramePacer(fps: 30).shouldDrawStatusLine(s, now: later + 7, lastDraw: later + 6.5))
    let status = try #require(DashboardView.renderStatusLine(s, reusing: &memo))
    #expect(Self.statusLine(status).contains("age 12s"), "\(Self.statusLine(status))")
    for y in 0..<(status.height - 1) { #expect(status.line(y) == frozen.line(y), "row \(y) stays as drawn") }
    // A key draws a fresh frame: its age is the data's.
    Self.key(&s, .tab)
    #expect(Self.statusLine(DashboardView.render(s)).contains("age 7s"))
    Self.key(&s, .character("p"))
    #expect(!FramePacer(fps: 30).shouldDrawStatusLine(s, now: later + 20, lastDraw: later))
  }

  /// A silent connection (heartbeat unanswered: the status line says STALE) dims the book, the
  /// tape and the chart with their age at once, not when the feed resyncs (issue 29, 6).
  @Test func aSilentFeedDimsEveryPaneAtOnce() throws {
    var s = try Self.state()
    let since = MonotonicTime(seconds: 1_000)
    let silent = FeedStatus(
      state: .silent(since: since), symbol: "XBTUSD", messagesPerSecond: 0, bytesPerSecond: 0)
    _ = App.update(&s, .feed(FeedUpdate(status: silent), now: since + 6, wallMs: Self.wallMs + 6_000))
    let grid = DashboardView.render(s)
    #expect(Self.statusLine(grid).contains("STALE"))
    for pane in ["Book", "Trades", "Price"] {
      let title = Self.title(grid, pane)
      #expect(title.contains(" old") || title.contains("no data yet"), "\(pane): \(title)")
    }
    let bookRow = (0..<grid.height).first { grid.line($0).contains(" Book") }! + 2
    #expect((1..<20).allSatisfy { grid[$0, bookRow].style.dim }, "the book's rows are dimmed")
    // The Activity pane and the heatmap beside the chart too.
    _ = App.update(&s, .key(.character("w")))
    _ = App.update(&s, .key(.character("H")))
    let more = DashboardView.render(s)
    for pane in ["Activity", "Liquidity heatmap"] {
      #expect(Self.title(more, pane).contains(" old"), "\(pane): \(Self.title(more, pane))")
    }
  }
}
