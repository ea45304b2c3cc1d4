import Session
import TestSupport
import Testing

@testable import Screen

@Suite struct StatusLineTests {
  static let hints = [
    KeyHint("1", "Book"), KeyHint("2", "Trades"), KeyHint("3", "Chart"), KeyHint("Tab", "focus"),
    KeyHint("+/-", "group"), KeyHint("s", "symbol"), KeyHint("p", "pause"), KeyHint("r", "reconnect"),
    KeyHint("?", "help"), KeyHint("q", "quit"),
  ]

  static func render(_ line: StatusLine, width: Int) -> Grid {
    var g = Snapshot.grid(width, 2)
    line.render(into: &g, area: Rect(x: 0, y: 1, width: width, height: 1))
    return g
  }

  /// An alert's banner takes the hints' place, not the data's age or the markers: stale data
  /// still says so while the banner is up (the banner used to hide both).
  @Test(arguments: [80, 120, 200])
  func aBannerKeepsTheAgeAndTheMarkers(width: Int) {
    let line = StatusLine(
      connection: ConnectionBadge(.live), markers: ["PAUSED"], dataAgeMs: 12_000, hints: Self.hints,
      banner: [Span("ALERT XBTUSD last 98,000.5 crossed above 98,000 at 12:00:01")])
    let text = Self.render(line, width: width).line(1)
    #expect(text.contains("PAUSED"), "\(text)")
    #expect(text.contains("age 12s") || text.contains("age 12.0s"), "\(text)")
    #expect(text.contains("ALERT"), "\(text)")
    #expect(!text.contains("quit"), "\(text)")
  }

  /// A reconnect wait `seconds` from now (the badges are drawn at time 0).
  static func waiting(
    _ attempt: Int, _ seconds: Double, _ reason: String?, _ wait: ConnectionState.Wait = .backoff
  )
    -> ConnectionBadge
  {
    ConnectionBadge(
      .reconnecting(
        attempt: attempt, nextTryAt: MonotonicTime(seconds: seconds), lastError: reason, wait: wait))
  }

  static let labels: [(ConnectionBadge, String)] = [
    (ConnectionBadge(.idle), "IDLE"), (ConnectionBadge(.connecting), "CONNECTING"),
    (ConnectionBadge(.syncing), "SYNCING"), (ConnectionBadge(.live), "LIVE"),
    (ConnectionBadge(.stale([])), "STALE"), (ConnectionBadge(.resyncing([])), "RESYNCING"),
    (ConnectionBadge(.silent(since: 10), now: 16.2), "STALE 6s"),
    (waiting(3, 3.2, nil), "RECONNECTING 3 in 4s"),
    (waiting(12, 30, "x"), "RECONNECTING 12 in 30s"),
    (waiting(1, 0.5, nil, .maintenance), "MAINTENANCE 1 in 1s"),
    (waiting(60, 125, nil, .hourlyLimit), "RECONNECTING 60 in 2m05s (hourly limit)"),
    (
      ConnectionBadge(.error(FeedFailure(.other, "Unknown or expired symbol."))),
      "ERROR: Unknown or expired symbol."
    ),
    (ConnectionBadge(.error(FeedFailure(.other, ""))), "ERROR"),
    (ConnectionBadge(.ended("x")), "ENDED"), (ConnectionBadge(.ended("x"), replay: true), "REPLAY ENDED"),
    (ConnectionBadge(.stopped), "STOPPED"),
  ]

  @Test(arguments: labels)
  func badgeLabels(badge: ConnectionBadge, label: String) {
    #expect(badge.label == label)
    #expect(badge.style.reverse && badge.style.bold)
  }

  @Test func badgeColours() {
    #expect(ConnectionBadge(.live).style.color == .live)
    #expect(ConnectionBadge(.syncing).style.color == .accent)
    #expect(Self.waiting(1, 0, nil).style.color == .warning)
    #expect(ConnectionBadge(.error(FeedFailure(.other, "x"))).style.color == .error)
    #expect(ConnectionBadge(.silent(since: 0)).style.color == .warning)
    #expect(!ConnectionBadge(.silent(since: 0)).isLive)
    #expect(ConnectionBadge(.live).isLive && !ConnectionBadge(.stale([])).isLive)
  }

  /// Hints go from the middle of the list: `? help` and `q quit` (the last) are the last to go
  /// (issue 29: at 80 and 120 columns they were the first).
  @Test func liveWithFiguresAndHintsKeepHelpAndQuit() {
    let line = StatusLine(
      connection: ConnectionBadge(.live), messagesPerSecond: 42, dataAgeMs: 120, pingMs: 18, hints: Self.hints
    )
    let g = Self.render(line, width: 100)
    #expect(g.line(0) == String(repeating: "·", count: 100))
    #expect(
      g.line(1)
        == "  LIVE   42/s  age 120ms  ping 18ms            1 Book  2 Trades  3 Chart  Tab focus  ? help  q quit "
    )
    #expect((1...6).allSatisfy { g[$0, 1].style == Style(.live, bold: true, reverse: true) })
    #expect(g[7, 1].style == Style())
    #expect(g[47, 1].style == Style(bold: true))  // key
    #expect(g[49, 1].style == Style(.muted))  // action
    #expect(
      Self.render(line, width: 60).line(1) == "  LIVE   42/s  age 120ms  ping 18ms  1 Book  ? help  q quit ")
    #expect(Self.render(line, width: 50).line(1) == "  LIVE   42/s  age 120ms  ping 18ms        ? help ")
  }

  @Test func connectionCountersShowOnlyWhenNotZero() {
    let quiet = StatusLine(connection: ConnectionBadge(.live), messagesPerSecond: 42, dataAgeMs: 120)
    #expect(!Self.render(quiet, width: 100).line(1).contains("reconnects"))
    let line = StatusLine(
      connection: ConnectionBadge(.live), messagesPerSecond: 42, dataAgeMs: 120, reconnects: 3, resyncs: 1,
      skipped: 1_204,
      hints: Self.hints)
    let g = Self.render(line, width: 120)
    #expect(g.line(1).hasPrefix("  LIVE   42/s  age 120ms  3 reconnects  1 resync  1,204 skipped  "))
    let at = Array(g.line(1)).firstIndex(of: "3")!
    #expect(g[at, 1].style == Style())
    #expect(g[at + 2, 1].style == Style(.muted))
    // They give way before the badge and the figures on a narrow line.
    #expect(Self.render(line, width: 40).line(1).hasPrefix("  LIVE   42/s  age 120ms  3 reconnects "))
  }

  @Test func reconnectingShowsWhyAndKeepsItAgainstHints() {
    let badge = Self.waiting(3, 3.001, "Could not resolve host: ws.bitmex.com")
    let line = StatusLine(connection: badge, hints: Self.hints)
    #expect(
      Self.render(line, width: 80).line(1)
        == "  RECONNECTING 3 in 4s   Could not resolve host: ws.bitmex.com   ? help  q quit ")
    #expect(
      Self.render(line, width: 60).line(1) == "  RECONNECTING 3 in 4s   Could not resolve host: ws.bitmex… ")
    let g = Self.render(line, width: 80)
    #expect(g[26, 1].style == Style(.warning))
  }

  @Test func aNoticeComesBeforeTheReasonAndIsCutLikeIt() {
    let badge = Self.waiting(3, 3.001, "Connection refused")
    let line = StatusLine(
      connection: badge, notice: "hourly connection limit: next in 12m00s", hints: Self.hints)
    #expect(
      Self.render(line, width: 100).line(1)
        == "  RECONNECTING 3 in 4s   hourly connection limit: next in 12m00s; Connection refused         ? help "
    )
    #expect(
      Self.render(line, width: 60).line(1) == "  RECONNECTING 3 in 4s   hourly connection limit: next in … "
    )
    let live = StatusLine(connection: ConnectionBadge(.live), notice: "recording stopped: disk full")
    let g = Self.render(live, width: 60)
    #expect(g.line(1) == "  LIVE   recording stopped: disk full                       ")
    #expect(g[10, 1].style == Style(.warning))
  }

  @Test func markersAndALongErrorAsciiCut() {
    let markers = StatusLine(
      connection: ConnectionBadge(.stale([])), markers: ["DEMO"], messagesPerSecond: 0.5, hints: Self.hints)
    #expect(
      Self.render(markers, width: 60).line(1)
        == "  STALE    DEMO   0.5/s    1 Book  2 Trades  ? help  q quit ")
    let error = StatusLine(
      connection: ConnectionBadge(.error(FeedFailure(.other, "Unknown or expired symbol XBTUSDX"))),
      hints: Self.hints, ascii: true
    )
    #expect(Self.render(error, width: 40).line(1) == "  ERROR: Unknown or expired symbol XBT~ ")
  }

  @Test func serverWordsCannotInjectEscapes() {
    let error = StatusLine(
      connection: ConnectionBadge(.error(FeedFailure(.other, "bad\u{1B}[?1049l\u{0}symbol"))))
    let g = Self.render(error, width: 40)
    #expect(g.line(1) == "  ERROR: bad?[?1049l?symbol             ")
    let reason = StatusLine(connection: Self.waiting(1, 1, "\u{1B}c\u{85}reset"))
    #expect(Self.render(reason, width: 40).line(1) == "  RECONNECTING 1 in 1s   ?c?reset       ")
  }
}
