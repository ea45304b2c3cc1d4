import MarketModel
import Testing

// A time aligned to every interval (a multiple of 5 minutes), and one minute.
private let base: Int64 = 1_700_000_100_000
private let minute: Int64 = 60_000

// A REST `trade/bucketed` row, stamped with its bucket's end.
private func bin(
  endMs: Int64, open: Double? = nil, high: Double? = nil, low: Double? = nil, close: Double?,
  trades: Int64? = 1, volume: Int64? = 1
) -> TradeBin {
  TradeBin(
    endMs: endMs, symbol: "XBTUSD", open: open, high: high, low: low, close: close, trades: trades,
    volume: volume)
}

private func flat(_ startMs: Int64, _ price: Double) -> PriceBucket {
  PriceBucket(startMs: startMs, open: price, high: price, low: price, close: price, volume: 0)
}

@Suite struct PriceSeriesTests {
  @Test func emptySeries() {
    let series = PriceSeries(interval: .oneMinute)
    #expect(series.capacity == 720)
    #expect(series.interval == .oneMinute)
    #expect(series.isEmpty)
    #expect(series.last == nil)
    #expect(series.high(last: 10) == nil)
    #expect(series.low(last: 10) == nil)
  }

  @Test func seedSortsNewestFirstBinsAndConvertsEndStamps() {
    var series = PriceSeries(interval: .oneMinute)
    // As `reverse=true` returns them: newest first, each stamped with its END.
    series.seed([
      bin(endMs: base + 3 * minute, open: 102, high: 104, low: 101, close: 103, volume: 30),
      bin(endMs: base + 2 * minute, open: 101, high: 102.5, low: 100.5, close: 102, volume: 20),
      bin(endMs: base + minute, open: 99, high: 101, low: 98, close: 101, volume: 10),
    ])
    #expect(
      series.buckets == [
        PriceBucket(startMs: base, open: 99, high: 101, low: 98, close: 101, volume: 10),
        PriceBucket(startMs: base + minute, open: 101, high: 102.5, low: 100.5, close: 102, volume: 20),
        PriceBucket(startMs: base + 2 * minute, open: 102, high: 104, low: 101, close: 103, volume: 30),
      ])
    #expect(series.last?.close == 103)
  }

  @Test func seedKeepsEmptyBins() {
    var series = PriceSeries(interval: .oneMinute)
    series.seed([
      bin(endMs: base + minute, open: 99, high: 101, low: 98, close: 100, volume: 10),
      // Empty bucket as BitMEX sends it: trades 0, OHLC = previous close.
      bin(endMs: base + 2 * minute, open: 100, high: 100, low: 100, close: 100, trades: 0, volume: 0),
      bin(endMs: base + 3 * minute, open: 100, high: 100, low: 100, close: 100, trades: 0, volume: 0),
    ])
    #expect(series.count == 3)
    #expect(series.buckets.map(\.startMs) == [base, base + minute, base + 2 * minute])
    #expect(series.buckets[1] == flat(base + minute, 100))
    #expect(series.buckets[2] == flat(base + 2 * minute, 100))
  }

  static let alignCases: [(endOffset: Int64, start: Int64)] = [
    (minute, 0),
    (minute + 500, 0),
    (2 * minute - 1, 0),
    (2 * minute, minute),
    (2 * minute + 59_999, minute),
  ]

  @Test(arguments: alignCases)
  func seedAlignsUnalignedEndsDown(endOffset: Int64, start: Int64) {
    var series = PriceSeries(interval: .oneMinute)
    series.seed([bin(endMs: base + endOffset, close: 100)])
    #expect(series.buckets.map(\.startMs) == [base + start])
  }

  @Test func seedFillsGapsBetweenBins() {
    var series = PriceSeries(interval: .oneMinute)
    series.seed([
      bin(endMs: base + 4 * minute, open: 100, high: 106, low: 99, close: 105, volume: 7),
      bin(endMs: base + minute, open: 98, high: 101, low: 97, close: 100, volume: 3),
    ])
    #expect(
      series.buckets == [
        PriceBucket(startMs: base, open: 98, high: 101, low: 97, close: 100, volume: 3),
        flat(base + minute, 100),
        flat(base + 2 * minute, 100),
        PriceBucket(startMs: base + 3 * minute, open: 100, high: 106, low: 99, close: 105, volume: 7),
      ])
  }

  @Test func seedFillsMissingFieldsAndSkipsBinsWithoutClose() {
    var series = PriceSeries(interval: .oneMinute)
    series.seed([
      bin(endMs: base + minute, close: 100, trades: nil, volume: nil),
      bin(endMs: base + 2 * minute, open: 100, close: 104),
      bin(endMs: base + 3 * minute, open: 104, high: 110, low: 95, close: nil),
    ])
    #expect(
      series.buckets == [
        flat(base, 100),
        PriceBucket(startMs: base + minute, open: 100, high: 104, low: 100, close: 104, volume: 1),
      ])
  }

  @Test func seedKeepsOnlyTheNewestCapacityBuckets() {
    var series = PriceSeries(interval: .oneMinute, capacity: 3)
    series.seed((1...5).map { bin(endMs: base + Int64($0) * minute, close: Double($0)) })
    #expect(series.buckets.map(\.startMs) == [base + 2 * minute, base + 3 * minute, base + 4 * minute])
    #expect(series.buckets.map(\.close) == [3, 4, 5])
  }

  @Test func seedOfADistantBinFillsOnlyUpToCapacity() {
    var series = PriceSeries(interval: .oneMinute, capacity: 4)
    series.add(price: 500, size: 2, timeMs: base + 1_000 * minute)
    series.seed([bin(endMs: base + minute, close: 400)])
    #expect(
      series.buckets == [
        flat(base + 997 * minute, 400),
        flat(base + 998 * minute, 400),
        flat(base + 999 * minute, 400),
        PriceBucket(startMs: base + 1_000 * minute, open: 500, high: 500, low: 500, close: 500, volume: 2),
      ])
  }

  @Test func seedMergesIntoTheLiveBucketKeepingItsClose() {
    var series = PriceSeries(interval: .oneMinute)
    series.add(price: 200, size: 1, timeMs: base + 2 * minute + 1_000)
    series.add(price: 210, size: 2, timeMs: base + 2 * minute + 2_000)
    series.add(price: 190, size: 1, timeMs: base + 2 * minute + 3_000)
    series.seed([
      bin(endMs: base + 3 * minute, open: 180, high: 205, low: 185, close: 200, volume: 3),
      bin(endMs: base + minute, open: 140, high: 160, low: 130, close: 150, volume: 9),
    ])
    #expect(
      series.buckets == [
        PriceBucket(startMs: base, open: 140, high: 160, low: 130, close: 150, volume: 9),
        flat(base + minute, 150),
        PriceBucket(startMs: base + 2 * minute, open: 180, high: 210, low: 185, close: 190, volume: 4),
      ])
  }

  @Test func seedReplacesOlderHeldBucketsAndKeepsNewerOnes() {
    var series = PriceSeries(interval: .oneMinute)
    series.add(price: 100, size: 1, timeMs: base + 10)
    series.add(price: 101, size: 1, timeMs: base + minute + 10)
    series.add(price: 102, size: 1, timeMs: base + 2 * minute + 10)
    // A `tradeBin1m` row for the first minute, after the fact.
    series.seed([bin(endMs: base + minute, open: 99, high: 103, low: 98, close: 100.5, volume: 40)])
    #expect(
      series.buckets == [
        PriceBucket(startMs: base, open: 99, high: 103, low: 98, close: 100.5, volume: 40),
        PriceBucket(startMs: base + minute, open: 101, high: 101, low: 101, close: 101, volume: 1),
        PriceBucket(startMs: base + 2 * minute, open: 102, high: 102, low: 102, close: 102, volume: 1),
      ])
  }

  @Test func seedWithLastDuplicateStartWinning() {
    var series = PriceSeries(interval: .oneMinute)
    series.seed([bin(endMs: base + minute, close: 1), bin(endMs: base + minute, close: 2)])
    #expect(series.buckets == [PriceBucket(startMs: base, open: 2, high: 2, low: 2, close: 2, volume: 1)])
  }

  @Test func addUpdatesTheSameBucket() {
    var series = PriceSeries(interval: .oneMinute)
    #expect(series.add(price: 100, size: 1, timeMs: base + 1_000) == true)
    #expect(series.add(price: 103, size: 2, timeMs: base + 2_000) == true)
    #expect(series.add(price: 98, size: 3, timeMs: base + 3_000) == true)
    #expect(series.add(price: 101, size: 4, timeMs: base + 59_999) == true)
    #expect(
      series.buckets == [PriceBucket(startMs: base, open: 100, high: 103, low: 98, close: 101, volume: 10)])
  }

  @Test func addFillsGapsWithTheLastClose() {
    var series = PriceSeries(interval: .oneMinute)
    series.add(price: 100, size: 1, timeMs: base + 30_000)
    series.add(price: 99, size: 1, timeMs: base + 40_000)
    series.add(price: 105, size: 2, timeMs: base + 3 * minute + 5_000)
    #expect(
      series.buckets == [
        PriceBucket(startMs: base, open: 100, high: 100, low: 99, close: 99, volume: 2),
        flat(base + minute, 99),
        flat(base + 2 * minute, 99),
        PriceBucket(startMs: base + 3 * minute, open: 105, high: 105, low: 105, close: 105, volume: 2),
      ])
  }

  @Test func lateTradeInAnOlderBucketUpdatesHighLowVolumeButNotClose() {
    var series = PriceSeries(interval: .oneMinute)
    series.add(price: 100, size: 1, timeMs: base + 1_000)
    series.add(price: 101, size: 1, timeMs: base + minute + 1_000)
    series.add(price: 102, size: 1, timeMs: base + 2 * minute + 1_000)
    #expect(series.add(price: 120, size: 5, timeMs: base + minute + 2) == true)
    #expect(series.add(price: 90, size: 2, timeMs: base + 10) == true)
    #expect(
      series.buckets == [
        PriceBucket(startMs: base, open: 100, high: 100, low: 90, close: 100, volume: 3),
        PriceBucket(startMs: base + minute, open: 101, high: 120, low: 101, close: 101, volume: 6),
        PriceBucket(startMs: base + 2 * minute, open: 102, high: 102, low: 102, close: 102, volume: 1),
      ])
  }

  @Test func tradeOlderThanEveryBucketIsIgnored() {
    var series = PriceSeries(interval: .oneMinute)
    series.add(price: 100, size: 1, timeMs: base + minute)
    let before = series
    #expect(series.add(price: 50, size: 9, timeMs: base + minute - 1) == false)
    #expect(series.add(price: 50, size: 9, timeMs: base - 100 * minute) == false)
    #expect(series == before)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFinitePriceIsIgnored(price: Double) {
    var series = PriceSeries(interval: .oneSecond)
    #expect(series.add(price: price, size: 1, timeMs: base) == false)
    #expect(series.isEmpty)
  }

  static let capacityCases: [(trades: Int, starts: [Int64])] = [
    (3, [0, 1, 2]), (5, [0, 1, 2, 3, 4]), (8, [3, 4, 5, 6, 7]),
  ]

  @Test(arguments: capacityCases)
  func capacityBoundsTheSeries(trades: Int, starts: [Int64]) {
    var series = PriceSeries(interval: .oneMinute, capacity: 5)
    for i in 0..<trades { series.add(price: Double(i), size: 1, timeMs: base + Int64(i) * minute + 7) }
    #expect(series.buckets.map(\.startMs) == starts.map { base + $0 * minute })
    #expect(series.last?.close == Double(trades - 1))
  }

  @Test func hugeGapKeepsOnlyCapacityBuckets() {
    var series = PriceSeries(interval: .oneSecond, capacity: 4)
    series.add(price: 100, size: 1, timeMs: base)
    series.add(price: 101, size: 1, timeMs: base + 1_000)
    let later = base + 86_400_000 * 30  // a laptop asleep for a month
    series.add(price: 120, size: 3, timeMs: later + 250)
    #expect(
      series.buckets == [
        flat(later - 3_000, 101),
        flat(later - 2_000, 101),
        flat(later - 1_000, 101),
        PriceBucket(startMs: later, open: 120, high: 120, low: 120, close: 120, volume: 3),
      ])
  }

  @Test func gapOfExactlyCapacityEvictsEverythingOld() {
    var series = PriceSeries(interval: .oneSecond, capacity: 3)
    series.add(price: 100, size: 1, timeMs: base)
    series.add(price: 105, size: 1, timeMs: base + 3_000)
    #expect(
      series.buckets == [
        flat(base + 1_000, 100),
        flat(base + 2_000, 100),
        PriceBucket(startMs: base + 3_000, open: 105, high: 105, low: 105, close: 105, volume: 1),
      ])
  }

  // Buckets (high, low): (10, 5), (12, 8), (11, 9), (7, 6).
  static let rangeCases: [(n: Int, high: Double?, low: Double?)] = [
    (1, 7, 6),
    (2, 11, 6),
    (3, 12, 6),
    (4, 12, 5),
    (100, 12, 5),
    (0, nil, nil),
    (-1, nil, nil),
  ]

  @Test(arguments: rangeCases)
  func highAndLowOverTheLastBuckets(n: Int, high: Double?, low: Double?) {
    var series = PriceSeries(interval: .oneMinute)
    series.seed([
      bin(endMs: base + minute, open: 6, high: 10, low: 5, close: 9),
      bin(endMs: base + 2 * minute, open: 9, high: 12, low: 8, close: 10),
      bin(endMs: base + 3 * minute, open: 10, high: 11, low: 9, close: 9),
      bin(endMs: base + 4 * minute, open: 6, high: 7, low: 6, close: 6),
    ])
    #expect(series.high(last: n) == high)
    #expect(series.low(last: n) == low)
  }

  @Test func removeAllEmpties() {
    var series = PriceSeries(interval: .oneMinute)
    series.add(price: 1, size: 1, timeMs: base)
    series.removeAll()
    #expect(series.isEmpty)
    #expect(series.add(price: 2, size: 1, timeMs: base - minute) == true)
    #expect(
      series.buckets == [PriceBucket(startMs: base - minute, open: 2, high: 2, low: 2, close: 2, volume: 1)])
  }

  static let bucketStartCases: [(interval: SeriesInterval, time: Int64, start: Int64)] = [
    (.oneSecond, 1_999, 1_000),
    (.oneSecond, 2_000, 2_000),
    (.oneMinute, 119_999, 60_000),
    (.fiveMinutes, 899_999, 600_000),
    (.oneMinute, 0, 0),
    (.oneMinute, -1, -60_000),
    (.oneMinute, -60_000, -60_000),
  ]

  @Test(arguments: bucketStartCases)
  func bucketStart(interval: SeriesInterval, time: Int64, start: Int64) {
    #expect(interval.bucketStart(time) == start)
  }

  @Test func intervalLabels() {
    #expect(SeriesInterval.allCases.map(\.label) == ["1s", "1m", "5m"])
    #expect(SeriesInterval.allCases.map(\.binSize) == [nil, "1m", "5m"])
    #expect(SeriesInterval.allCases.map(\.milliseconds) == [1_000, 60_000, 300_000])
  }
}

@Suite struct PriceSeriesSetTests {
  @Test func tradeFeedsEverySeries() {
    var set = PriceSeriesSet(capacity: 10)
    set.add(trade: Trade(timeMs: base + 61_500, symbol: "XBTUSD", side: .buy, size: 4, price: 100))
    set.add(trade: Trade(timeMs: base + 62_100, symbol: "XBTUSD", side: .sell, size: 1, price: 99))
    #expect(
      set.oneSecond.buckets == [
        PriceBucket(startMs: base + 61_000, open: 100, high: 100, low: 100, close: 100, volume: 4),
        PriceBucket(startMs: base + 62_000, open: 99, high: 99, low: 99, close: 99, volume: 1),
      ])
    let minuteBucket = PriceBucket(
      startMs: base + 60_000, open: 100, high: 100, low: 99, close: 99, volume: 5)
    #expect(set.oneMinute.buckets == [minuteBucket])
    #expect(set[.oneMinute] == set.oneMinute)
    #expect(
      set[.fiveMinutes].buckets == [
        PriceBucket(startMs: base, open: 100, high: 100, low: 99, close: 99, volume: 5)
      ])
    #expect(set.oneSecond.capacity == 10)
  }

  @Test func seedTouchesOnlyItsInterval() {
    var set = PriceSeriesSet()
    set.seed(bins: [bin(endMs: base + 5 * minute, close: 100)], interval: .fiveMinutes)
    #expect(
      set.fiveMinutes.buckets == [
        PriceBucket(startMs: base, open: 100, high: 100, low: 100, close: 100, volume: 1)
      ])
    #expect(set.oneMinute.isEmpty)
    #expect(set.oneSecond.isEmpty)
    set.removeAll()
    #expect(set.fiveMinutes.isEmpty)
  }
}
