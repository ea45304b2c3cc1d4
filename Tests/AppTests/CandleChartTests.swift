import MarketModel
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// The candle chart in the dashboard: `c` cycles to it, its history is asked for once per
/// width and symbol, `←`/`→` move its cursor through time, and the frames it draws.
@Suite struct CandleChartTests {
  static let minute: Int64 = 60_000
  static let base: Int64 = 1_700_006_400_000

  static func demo(width: Int = 120, height: Int = 40) -> AppState {
    AppState(symbol: "XBTUSD", mode: .demo, width: width, height: height, ascii: false, color: true)
  }

  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  @Test func cCyclesSparklinesThenCandlesAskingForEachWidthOnce() {
    var s = Self.demo()
    #expect(s.chartMode == .sparkline && s.chartInterval == .oneMinute)
    #expect(Self.press(&s, .character("c")).isEmpty)
    #expect(s.chartInterval == .fiveMinutes)
    let first = Self.press(&s, .character("c"))
    #expect(s.chartMode == .candles && s.candleInterval == .oneMinute)
    #expect(first == [.loadCandles(symbol: "XBTUSD", interval: .oneMinute, count: 120)])
    var asked: [CandleInterval] = []
    for _ in 0..<3 {
      for case .loadCandles(_, let interval, _, _) in Self.press(&s, .character("c")) {
        asked.append(interval)
      }
    }
    #expect(asked == [.fiveMinutes, .oneHour, .oneDay])
    #expect(s.candleInterval == .oneDay)
    _ = Self.press(&s, .character("c"))
    #expect(s.chartMode == .heatmap)
    _ = Self.press(&s, .character("c"))
    #expect(s.chartMode == .sparkline && s.chartInterval == .oneSecond)
    // Round again: nothing asked twice.
    let again = Self.press(&s, .character("c"), .character("c"), .character("c"))
    #expect(s.chartMode == .candles && again.isEmpty)
    // A failed answer is asked again the next time that width comes round, and said.
    _ = App.update(
      &s, .rest(.failed(.candles(symbol: "XBTUSD", interval: .oneMinute, count: 120), reason: "HTTP 503")))
    #expect(s.notice?.text.contains("1m candle history failed: HTTP 503") == true)
    #expect(!s.view.candlesRequested.contains(.oneMinute))
  }

  @Test func aReplayAsksForNoHistoryAndASwitchAsksAgain() {
    var s = AppState(symbol: "XBTUSD", mode: .replay, width: 100, height: 30, ascii: false, color: true)
    #expect(Self.press(&s, .character("c"), .character("c")).isEmpty)
    #expect(s.chartMode == .candles)
    var d = Self.demo()
    _ = Self.press(&d, .character("c"), .character("c"))
    // A switch's start data asks for the 1 m and 5 m candles (the line chart's history too):
    // the candle chart does not ask for them again.
    let effects = App.switchDashboard(to: "ETHUSD", &d)
    #expect(effects.contains(.loadStartData(symbol: "ETHUSD")))
    #expect(!effects.contains { if case .loadCandles = $0 { true } else { false } })
    #expect(d.view.candlesRequested == [.oneMinute, .fiveMinutes])
    #expect(Self.press(&d, .character("c")).isEmpty)
    _ = Self.press(&d, .character("c"))
    #expect(d.candleInterval == .oneHour)
    // At 1h a switch asks for the hour's candles; the finer widths that complete the hour in
    // progress came with the start data.
    let widths = App.switchDashboard(to: "SOLUSDT", &d).compactMap { effect -> CandleInterval? in
      if case .loadCandles("SOLUSDT", let interval, _, nil) = effect { return interval }
      return nil
    }
    #expect(widths == [.oneHour])
  }

  /// Ten backfilled minutes; the cursor steps back and forth through them only while the
  /// chart has the focus (or is zoomed), stops at the oldest, and Home returns to the newest.
  @Test func arrowsMoveTheCursorThroughTime() {
    var s = Self.demo()
    _ = Self.press(&s, .character("c"), .character("c"))
    let bins = (1...10).map { k in
      TradeBin(
        endMs: Self.base + Int64(k) * Self.minute, symbol: "XBTUSD", open: 100, high: 101, low: 99,
        close: 100 + Double(k), trades: 1, volume: 10)
    }
    _ = App.update(&s, .rest(.candles(symbol: "XBTUSD", interval: .oneMinute, bins)))
    #expect(s.market.candles[.oneMinute].count == 10)
    _ = Self.press(&s, .left)
    #expect(s.view.candleCursorMs == nil, "the book has the focus: arrows leave the chart alone")
    _ = Self.press(&s, .tab, .tab)
    #expect(s.focus == .chart)
    _ = Self.press(&s, .left, .left, .left)
    #expect(s.view.candleCursorMs == Self.base + 6 * Self.minute)
    #expect(s.candleCursorBack == 3)
    _ = Self.press(&s, .right)
    #expect(s.candleCursorBack == 2)
    // At the oldest candle the page before it is asked for, once while it is awaited.
    var older: [Effect] = []
    for _ in 0..<20 { older += Self.press(&s, .left) }
    #expect(s.view.candleCursorMs == Self.base)
    #expect(s.candleCursorBack == 9)
    #expect(older == [.loadCandles(symbol: "XBTUSD", interval: .oneMinute, count: 990, endMs: Self.base)])
    let page = (1...5).map { k in
      TradeBin(
        endMs: Self.base - Int64(k - 1) * Self.minute, symbol: "XBTUSD", open: 90, high: 92, low: 89,
        close: 91,
        trades: 1, volume: 3)
    }
    _ = App.update(&s, .rest(.candles(symbol: "XBTUSD", interval: .oneMinute, page)))
    #expect(s.market.candles[.oneMinute].count == 15)
    #expect(s.view.candleCursorMs == Self.base, "the cursor stays on its candle")
    #expect(s.candleCursorBack == 9)
    _ = Self.press(&s, .left)
    #expect(s.candleCursorBack == 10)
    _ = Self.press(&s, .home)
    #expect(s.view.candleCursorMs == nil)
    // Zoomed, the cursor shows the candle's time, OHLC and volume on top.
    _ = Self.press(&s, .character("3"), .left, .left)
    let top = DashboardView.render(s).line(2)
    #expect(top.contains("11-15 00:07 O 100.00 H 108.00 L 99.00 C 108.00 V 10"), "\(top)")
  }

  /// The tape joined at 00:00:30: once that minute is over (+3 s) its bin is asked for, once.
  @Test func theMinuteTheTapeJoinedIsAskedForAgainOnceClosed() {
    var s = Self.demo()
    _ = Self.press(&s, .character("c"), .character("c"))
    var batch = MarketBatch()
    batch.trades = [Trade(timeMs: Self.base + 30_000, symbol: "XBTUSD", side: .buy, size: 5, price: 100)]
    batch.events = [.trades(TableSlice(action: .partial, filterSymbol: "XBTUSD", rows: 0..<1))]
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 1), wallMs: Self.base + 31_000), batch: batch)
    #expect(s.market.candles[.oneMinute].liveSinceMs == Self.base + 30_000)
    #expect(App.update(&s, .tick(now: .init(seconds: 2), wallMs: Self.base + 62_000)).isEmpty)
    let asked = App.update(&s, .tick(now: .init(seconds: 3), wallMs: Self.base + 63_000))
    #expect(asked == [.loadCandles(symbol: "XBTUSD", interval: .oneMinute, count: 10)])
    #expect(App.update(&s, .tick(now: .init(seconds: 4), wallMs: Self.base + 64_000)).isEmpty)
  }

  /// The day in progress when the tape joined: complete once every width's bins and the
  /// refreshed minute are in.
  @Test func theDayInProgressCompletes() {
    var s = Self.demo()
    let day: Int64 = 86_400_000
    let now = Self.base + 23 * 3_600_000 + 54 * Self.minute + 35_000
    for _ in 0..<5 { _ = Self.press(&s, .character("c")) }
    #expect(s.candleInterval == .oneDay)
    var batch = MarketBatch()
    batch.trades = [Trade(timeMs: now, symbol: "XBTUSD", side: .buy, size: 5, price: 100)]
    batch.events = [.trades(TableSlice(action: .partial, filterSymbol: "XBTUSD", rows: 0..<1))]
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 1), wallMs: now + 1_000), batch: batch)
    func flat(_ interval: CandleInterval, count: Int, endingBy end: Int64) -> [TradeBin] {
      let last = interval.start(end)
      return (0..<count).map { k in
        TradeBin(
          endMs: last - Int64(k) * interval.milliseconds, symbol: "XBTUSD", open: 100, high: 100, low: 100,
          close: 100,
          trades: 1, volume: 1)
      }
    }
    for interval in CandleInterval.allCases where interval.hasBins {
      _ = App.update(
        &s, .rest(.candles(symbol: "XBTUSD", interval: interval, flat(interval, count: 120, endingBy: now))))
    }
    #expect(s.market.candles.completed(.oneDay).newestComplete == false)
    _ = Self.press(&s, .character("3"))
    #expect(DashboardView.render(s).line(2).contains("(from 23:54:35)"))
    let asked = App.update(&s, .tick(now: .init(seconds: 90), wallMs: now + 30_000))
    #expect(asked == [.loadCandles(symbol: "XBTUSD", interval: .oneMinute, count: 10)])
    _ = App.update(
      &s,
      .rest(
        .candles(symbol: "XBTUSD", interval: .oneMinute, flat(.oneMinute, count: 10, endingBy: now + 30_000)))
    )
    let (candles, complete) = s.market.candles.completed(.oneDay)
    #expect(complete)
    #expect(candles.last?.startMs == Self.base + 0 * day)
    // The chart shows the whole day: no "(from …)", its volume the pieces' sum.
    let top = DashboardView.render(s).line(2)
    #expect(!top.contains("(from") && top.contains("V 38"), "\(top)")
    // 23 hourly bins, 10 five-minute bins of 23:00–23:50, five minute bins of 23:50–23:55.
    #expect(candles.last?.volume == Int64(23 + 10 + 5))
  }

  static func recorded(width: Int, height: Int, ascii: Bool = false) throws -> AppState {
    var s = try DashboardSnapshotTests.state(width: width, height: height, ascii: ascii)
    _ = Self.press(&s, .character("c"), .character("c"))
    #expect(s.chartMode == .candles)
    // History before the recording: 120 complete bins of a seeded walk, the newest ending
    // where the recording's first minute starts (so the live candles follow on).
    guard let first = s.market.candles[.oneMinute].candles.first else { return s }
    var state: UInt64 = 42
    var close = 31_900.0
    var bins: [TradeBin] = []
    for k in 0..<120 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let open = close
      close = (open + Double(Int((state >> 33) % 41) - 20) * 2.5).rounded()
      let wick = Double((state >> 20) % 9) * 2.5
      bins.append(
        TradeBin(
          endMs: first.startMs - Int64(119 - k) * minute, symbol: "XBTUSD", open: open,
          high: max(open, close) + wick, low: min(open, close) - wick, close: close, trades: 10,
          volume: Int64((state >> 40) % 200_000) + 1_000))
    }
    _ = App.update(&s, .rest(.candles(symbol: "XBTUSD", interval: .oneMinute, bins.reversed())))
    return s
  }

  @Test func candlesFromTheRecordedSession() throws {
    var s = try Self.recorded(width: 80, height: 24)
    #expect(s.market.candles[.oneMinute].count == 122, "120 backfilled, 2 from the recording's trades")
    Snapshot.expect(DashboardView.render(s), named: "candles-split-80x24")
    _ = Self.press(&s, .character("3"))
    Snapshot.expect(DashboardView.render(s), named: "candles-80x24")
    _ = Self.press(&s, .left, .left)
    Snapshot.expect(DashboardView.render(s), named: "candles-80x24-cursor")
  }

  @Test func candlesInASCII() throws {
    var s = try Self.recorded(width: 80, height: 24, ascii: true)
    _ = Self.press(&s, .character("3"))
    let grid = DashboardView.render(s)
    Snapshot.expect(grid, named: "candles-80x24-ascii")
    // The chart pane (the replay hints' `±` on the status line are not the chart's).
    let pane = (1..<grid.height - 1).map { grid.line($0) }.joined()
    let allASCII = pane.allSatisfy { $0.isASCII }
    #expect(allASCII)
  }

  @Test func candleGlyphsAtHalfRows() {
    // One up candle 100→104 with wicks to 105 and 99, on a 3-row price area: six half rows.
    let chart = CandleChart(
      candles: [
        Candle(startMs: Self.base, open: 100, high: 105, low: 99, close: 104, volume: 10),
        Candle(startMs: Self.base + Self.minute, open: 104, high: 104, low: 102, close: 102, volume: 5),
      ],
      intervalMs: Self.minute, priceDecimals: 0, lastPrice: 102)
    var grid = Snapshot.grid(24, 6)
    chart.render(into: &grid, area: Rect(x: 1, y: 1, width: 22, height: 4))
    Snapshot.expect(grid, named: "candle-glyphs")
  }

  /// Candles at Double's ends (1e308 and -1e308: their range overflows to infinity) draw
  /// without a trap (`Int(nan)` in the row of a price).
  @Test func pricesAtDoublesEndsDoNotTrap() {
    let chart = CandleChart(
      candles: [
        Candle(startMs: Self.base, open: 1e308, high: 1e308, low: -1e308, close: -1e308, volume: 10),
        Candle(startMs: Self.base + Self.minute, open: 1, high: 2, low: 1, close: 2, volume: 5),
      ],
      intervalMs: Self.minute, priceDecimals: 0, lastPrice: 2)
    var grid = Snapshot.grid(40, 10)
    chart.render(into: &grid, area: Rect(x: 1, y: 1, width: 38, height: 8))
    #expect(grid.line(1).contains("O"))
  }
}
