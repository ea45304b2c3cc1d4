import MarketModel
import TestSupport
import Testing

@testable import Screen

/// The time axis under the charts: labels at round times, in the user's offset, readable apart.
@Suite struct TimeAxisTests {
  /// 2024-01-01 14:03 UTC.
  static let t0: Int64 = 1_704_067_200_000 + 14 * 3_600_000 + 3 * 60_000

  static func minutes(_ n: Int, from start: Int64 = t0) -> [Int64?] {
    (0..<n).map { start + Int64($0) * 60_000 }
  }

  @Test func minuteCandlesAreLabelledEveryTenMinutes() {
    let axis = TimeAxis(starts: Self.minutes(30), intervalMs: 60_000)
    #expect(axis.period == 600_000)
    let labels = axis.labels(width: 30)
    #expect(labels.map(\.column) == [7, 17])
    #expect(labels.map(\.text) == ["14:10", "14:20"])
    // 14:30 at column 27 would run past the width: left out, never cut.
    #expect(axis.labels(width: 32).map(\.text) == ["14:10", "14:20", "14:30"])
  }

  @Test func labelsAreInTheUsersOffset() {
    // UTC+05:30: 14:03 UTC is 19:33 local; the round local times are 19:40 and 19:50.
    let axis = TimeAxis(starts: Self.minutes(30), intervalMs: 60_000, utcOffsetMinutes: 330)
    #expect(axis.labels(width: 30).map(\.text) == ["19:40", "19:50"])
    #expect(axis.labels(width: 30).map(\.column) == [7, 17])
    // UTC-01:00 at a day's start: the day before.
    let west = TimeAxis(
      starts: Self.minutes(10, from: 1_704_067_200_000), intervalMs: 60_000, utcOffsetMinutes: -60)
    #expect(west.labels(width: 10).map(\.text) == ["23:00"])
  }

  @Test func secondsShowSecondsAndDaysShowDates() {
    let seconds = TimeAxis(starts: (0..<25).map { Self.t0 + Int64($0) * 1_000 }, intervalMs: 1_000)
    #expect(seconds.labels(width: 25).map(\.text) == ["14:03:00", "14:03:10"])
    let day: Int64 = 86_400_000
    // 2024-01-01 was a Monday; weeks from the epoch's Thursday: 01-04, 01-11.
    let days = TimeAxis(starts: (0..<15).map { 1_704_067_200_000 + Int64($0) * day }, intervalMs: day)
    #expect(days.labels(width: 15).map(\.text) == ["01-04", "01-11"])
  }

  @Test func emptyColumnsAndNonsenseGetNoLabel() {
    var starts = Self.minutes(30)
    starts[7] = nil
    #expect(TimeAxis(starts: starts, intervalMs: 60_000).labels(width: 30).map(\.text) == ["14:20"])
    #expect(TimeAxis(starts: Self.minutes(30), intervalMs: 0).labels(width: 30).isEmpty)
    #expect(
      TimeAxis(starts: [.max, .min], intervalMs: 60_000, utcOffsetMinutes: 600).labels(width: 30).isEmpty)
  }

  @Test func theSparklineHasItsAxisOnFourRowsOrMore() {
    let buckets = (0..<40).map {
      Candle(startMs: Self.t0 + Int64($0) * 60_000, flat: 100 + Double($0 % 7))
    }
    var chart = Sparkline(buckets: buckets, priceDecimals: 1)
    chart.intervalMs = 60_000
    let g = Snapshot.framed(62, 7) { g, area in chart.render(into: &g, area: area) }
    // 40 buckets in 48 columns (12 are the price labels'): eight empty ones first; 14:10 is
    // the 8th bucket; 14:40 would run under the price labels.
    let bottom = g.line(5)
    #expect(
      bottom.hasPrefix("·" + String(repeating: " ", count: 15) + "14:10     14:20     14:30 "), "\(bottom)")
    #expect(!bottom.contains("14:40"), "\(bottom)")
    // Three rows: no room for it.
    let short = Snapshot.framed(62, 5) { g, area in chart.render(into: &g, area: area) }
    #expect(!short.line(3).contains("14:"), "\(short.line(3))")
  }

  @Test func candlesHaveTheirAxisUnderTheVolume() {
    var candles: [Candle] = []
    for i in 0..<50 {
      let open = 100 + Double(i % 5)
      let close = 101 + Double(i % 3)
      candles.append(
        Candle(
          startMs: Self.t0 + Int64(i) * 60_000, open: open, high: 106, low: 98, close: close,
          volume: Int64(10 + i), trades: 1))
    }
    let chart = CandleChart(candles: candles, intervalMs: 60_000, priceDecimals: 1)
    let g = Snapshot.framed(72, 16) { g, area in chart.render(into: &g, area: area) }
    Snapshot.expect(g, named: "candles-time-axis-72x16")
    let bottom = g.line(14)
    #expect(bottom.contains("14:10") && bottom.contains("14:20"), "\(bottom)")
  }
}
