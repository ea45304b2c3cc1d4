import BitMEX
import MarketModel
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// The real dashboard frame, as `DashboardView.render` draws it from an `AppState` that took the
/// recorded 2021 session (Tests/Fixtures, XBTUSD's full book, trades and quotes) through
/// `App.update`, at the sizes traders use. Re-record with `TRADETERM_RECORD_SNAPSHOTS=1`.
@Suite struct DashboardSnapshotTests {
  /// XBTUSD's contract facts and prices, as the `instrument` table would send them (values from
  /// the recorded `/instrument/active` row of the same day).
  static let instrument = """
    {"table":"instrument","action":"partial","keys":["symbol"],"filter":{"symbol":"XBTUSD"},"data":[\
    {"symbol":"XBTUSD","typ":"FFWCSX","underlying":"XBT","quoteCurrency":"USD","tickSize":0.5,\
    "lotSize":100,"multiplier":-100000000,"isInverse":true,"isQuanto":false,"settlCurrency":"XBt",\
    "underlyingToSettleMultiplier":-100000000,\
    "lastPrice":32185,"markPrice":32190.71,"indicativeSettlePrice":32189.87,"prevPrice24h":31716.5,\
    "fundingRate":0.0001,"fundingTimestamp":"2021-07-23T04:00:00.000Z","volume24h":3260112400,\
    "timestamp":"2021-07-22T22:36:35.000Z"}]}
    """

  /// The state after the whole recording, 1 s after its last frame (22:36:36 UTC).
  static func state(width: Int, height: Int, ascii: Bool = false) throws -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .replay, width: width, height: height, ascii: ascii, color: true)
    s.utcOffsetMinutes = 0
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    let wallMs: Int64 = 1_626_993_396_000
    let now = MonotonicTime(seconds: 1_000)
    let live = FeedStatus(
      state: .live, symbol: "XBTUSD", pingRoundTrip: 0.018, messagesPerSecond: 42, bytesPerSecond: 9_000)
    _ = App.update(&s, .feed(FeedUpdate(status: live), now: now, wallMs: wallMs))
    for line in Fixture.lines("2021-07-22_session_full.jsonl") + [Array(instrument.utf8)] {
      batch.removeAll()
      try decoder.decode(line, into: &batch)
      _ = App.update(&s, .feed(FeedUpdate(), now: now, wallMs: wallMs), batch: batch)
    }
    // Flashes and new-trade highlights have faded by the time of the snapshot.
    _ = App.update(&s, .tick(now: now + 1, wallMs: wallMs + 1_000))
    return s
  }

  @Test(arguments: [(80, 24), (120, 40), (200, 60)])
  func theRealDashboard(width: Int, height: Int) throws {
    let s = try Self.state(width: width, height: height)
    #expect(s.isLive, "the recording must leave every table live")
    let grid = DashboardView.render(s)
    Snapshot.expect(grid, named: "dashboard-\(width)x\(height)")
  }

  @Test func theRealDashboardInASCII() throws {
    let s = try Self.state(width: 80, height: 24, ascii: true)
    Snapshot.expect(DashboardView.render(s), named: "dashboard-80x24-ascii")
  }
}

/// A replay that stopped short of its file's end (corrupt compressed data): the status line says
/// STOPPED and why, with the line, and still where the replay is.
@Suite struct ReplayStoppedStatusTests {
  @Test func aReplayStoppedShortSaysWhyOnTheStatusLine() throws {
    var s = try DashboardSnapshotTests.state(width: 160, height: 40)
    let stopped = ReplayPosition(
      time: 1_626_993_390, progress: 0.9, speed: 0, ended: true, badLines: 3,
      lastBadLine: "line 20: not a frame",
      failure: "line 21884: corrupt compressed data (incorrect data check)")
    _ = App.update(&s, .feed(FeedUpdate(replay: stopped), now: MonotonicTime(seconds: 1_002), wallMs: 0))
    let status = StatusNote.text(s) ?? ""
    #expect(status.contains("cannot read on: line 21884: corrupt compressed data (incorrect data check)"))
    let grid = DashboardView.render(s)
    let bottom = grid.line(grid.height - 1)
    #expect(bottom.contains("■ STOPPED  22:36:30  90%"), "\(bottom)")
    #expect(bottom.contains("cannot read on: line 21884"), "\(bottom)")
  }
}

/// A replay's liquidations are stamped with the recording's time, not the wall clock's; a
/// rewind (a seek back, `R`) forgets them (and the wall watch and the heatmap): they are from
/// the replay's future.
@Suite struct ReplayRewindAppTests {
  static func events(_ s: AppState) -> [LiquidationLog.Event] {
    var out: [LiquidationLog.Event] = []
    s.view.liquidations.forEachEvent {
      out.append($0)
      return true
    }
    return out
  }

  @Test func aRewindForgetsTheFutureAndLiquidationsKeepTheRecordingsTime() throws {
    var s = AppState(symbol: "XBTUSD", mode: .replay, width: 120, height: 40, ascii: false, color: true)
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    let frame =
      #"{"table":"liquidation","action":"insert","data":[{"orderID":"8801e1ef-e56b-4bac-3b21-925c469871d9","symbol":"XBTUSD","side":"Sell","price":98000.5,"leavesQty":100}]}"#
    try decoder.decode(Array(frame.utf8), into: &batch)
    let wallMs: Int64 = 1_900_000_000_000
    let at = ReplayPosition(time: 1_626_993_390, progress: 0.5, speed: 1)
    _ = App.update(
      &s, .feed(FeedUpdate(replay: at), now: MonotonicTime(seconds: 10), wallMs: wallMs), batch: batch)
    #expect(Self.events(s).map(\.timeMs) == [1_626_993_390_000])
    _ = App.update(
      &s, .feed(FeedUpdate(rewound: true), now: MonotonicTime(seconds: 11), wallMs: wallMs + 1_000))
    #expect(Self.events(s).isEmpty)
    #expect(s.view.liquidations.recorded == 0)
  }
}
