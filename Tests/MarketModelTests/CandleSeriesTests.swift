import MarketModel
import Testing

private let minute: Int64 = 60_000
// A time on a day boundary (2023-11-14T00:00Z would not be; this is 2023-11-15T00:00Z).
private let base: Int64 = 1_700_006_400_000

private func bin(
  _ endMs: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, volume: Int64, trades: Int64
)
  -> TradeBin
{
  TradeBin(endMs: endMs, symbol: "XBTUSD", open: o, high: h, low: l, close: c, trades: trades, volume: volume)
}

/// Candles computed straight from trades, BitMEX's way: each candle opens at the previous
/// close (the first at its first trade), takes its open into its range, and a candle without
/// trades is flat. Independent of `CandleSeries` (a dictionary by start, no ring, no merge).
/// `c` without its buy/sell split, as `referenceCandles` builds candles.
func unsplit(_ c: Candle) -> Candle {
  var c = c
  c.buyVolume = 0
  c.sellVolume = 0
  return c
}

func referenceCandles(_ trades: [(timeMs: Int64, price: Double, size: Int64)], interval: Int64) -> [Candle] {
  let sorted = trades.sorted { $0.timeMs < $1.timeMs }
  guard let first = sorted.first, let lastTrade = sorted.last else { return [] }
  func start(_ t: Int64) -> Int64 { t - ((t % interval) + interval) % interval }
  var byStart: [Int64: [(timeMs: Int64, price: Double, size: Int64)]] = [:]
  for t in sorted { byStart[start(t.timeMs), default: []].append(t) }
  var out: [Candle] = []
  var previousClose = first.price
  var s = start(first.timeMs)
  while s <= start(lastTrade.timeMs) {
    let ts = byStart[s] ?? []
    var c = Candle(startMs: s, flat: previousClose)
    for t in ts {
      c.high = max(c.high, t.price)
      c.low = min(c.low, t.price)
      c.close = t.price
      c.volume += t.size
      c.trades += 1
    }
    out.append(c)
    previousClose = c.close
    s += interval
  }
  return out
}

@Suite struct CandleSeriesTests {
  @Test func intervalsAndStarts() {
    #expect(CandleInterval.allCases.map(\.label) == ["1s", "1m", "5m", "1h", "1d"])
    // One second is the tape's alone: no venue serves bars that narrow.
    #expect(CandleInterval.allCases.filter(\.hasBins).map(\.label) == ["1m", "5m", "1h", "1d"])
    #expect(CandleInterval.oneHour.start(base + 3_599_999) == base)
    #expect(CandleInterval.oneDay.start(base - 1) == base - 86_400_000)
    #expect(CandleInterval.oneMinute.start(-1) == -minute)
  }

  @Test func liveTradesBuildCandlesOpeningAtThePreviousClose() {
    var series = CandleSeries(interval: .oneMinute)
    series.add(price: 100, size: 1, timeMs: base + 1_000)
    series.add(price: 103, size: 2, timeMs: base + 2_000)
    series.add(price: 99, size: 3, timeMs: base + 3 * minute + 5)
    #expect(
      series.candles == [
        Candle(startMs: base, open: 100, high: 103, low: 100, close: 103, volume: 3, trades: 2),
        Candle(startMs: base + minute, flat: 103),
        Candle(startMs: base + 2 * minute, flat: 103),
        Candle(startMs: base + 3 * minute, open: 103, high: 103, low: 99, close: 99, volume: 3, trades: 1),
      ])
    // A late print goes into its own candle without moving its close.
    series.add(price: 110, size: 4, timeMs: base + 30_000)
    #expect(series.candles[0].high == 110)
    #expect(series.candles[0].close == 103)
    #expect(series.candles[0].volume == 7)
    let tookNaN = series.add(price: .nan, size: 1, timeMs: base + 3 * minute + 6)
    #expect(!tookNaN)
  }

  /// The overlap rule: trades before the end of the newest complete bin are in the bins and
  /// never counted again, whether they came before the backfill (the trade partial) or after
  /// (a late or resent print); the first live candle reopens at the last bin's close.
  @Test func aBinAndLiveTradesNeverCountATradeTwice() {
    var series = CandleSeries(interval: .oneMinute)
    // The trade partial arrives first: two trades in the minute the bins will cover, one after.
    series.add(price: 101, size: 5, timeMs: base + minute + 10_000)
    series.add(price: 102, size: 5, timeMs: base + minute + 20_000)
    series.add(price: 104, size: 7, timeMs: base + 2 * minute + 1_000)
    #expect(series.liveSinceMs == base + minute + 10_000)
    // Complete bins, newest first, stamped with their END: [base, base+1m) and [base+1m, base+2m).
    series.backfill([
      bin(base + 2 * minute, 100, 102, 99, 102, volume: 30, trades: 4),
      bin(base + minute, 98, 100, 97, 100, volume: 20, trades: 3),
    ])
    #expect(series.backfilledUntilMs == base + 2 * minute)
    #expect(
      series.candles == [
        Candle(startMs: base, open: 98, high: 100, low: 97, close: 100, volume: 20, trades: 3),
        Candle(startMs: base + minute, open: 100, high: 102, low: 99, close: 102, volume: 30, trades: 4),
        Candle(startMs: base + 2 * minute, open: 102, high: 104, low: 102, close: 104, volume: 7, trades: 1),
      ])
    // A resent print of the covered minute is ignored; a new one counts.
    let resent = series.add(price: 150, size: 100, timeMs: base + minute + 20_000)
    let new = series.add(price: 103, size: 1, timeMs: base + 2 * minute + 2_000)
    #expect(!resent)
    #expect(new)
    #expect(series.candles[1].volume == 30)
    #expect(
      series.candles[2]
        == Candle(
          startMs: base + 2 * minute, open: 102, high: 104, low: 102, close: 103, volume: 8, trades: 2))
    // Every candle is whole: bins up to the boundary, live trades from it.
    #expect(series.candles.allSatisfy { series.isComplete($0) })
  }

  @Test func aCandleLiveTradesJoinedLateIsNotComplete() {
    var series = CandleSeries(interval: .oneHour)
    series.backfill([bin(base, 90, 95, 85, 92, volume: 1_000, trades: 50)])
    // Live trades start 20 minutes into the hour after the last complete bin.
    series.add(price: 93, size: 1, timeMs: base + 20 * minute)
    #expect(series.isComplete(series.candles[0]))
    #expect(!series.isComplete(series.candles[1]))
    #expect(series.candles[1].open == 92)
  }

  @Test func olderPagesMergeAndGapsAreFlat() {
    var series = CandleSeries(interval: .fiveMinutes, capacity: 6)
    let step = 5 * minute
    series.backfill([bin(base + 4 * step, 10, 12, 9, 11, volume: 1, trades: 1)])
    // An older page: kept, the boundary stays at the newest bin's end, the gap is flat.
    series.backfill([bin(base + step, 5, 6, 4, 6, volume: 2, trades: 2)])
    #expect(series.backfilledUntilMs == base + 4 * step)
    #expect(series.candles.map(\.startMs) == [base, base + step, base + 2 * step, base + 3 * step])
    #expect(series.candles[1] == Candle(startMs: base + step, flat: 6))
    // Capacity: only the newest six stay.
    series.add(price: 20, size: 1, timeMs: base + 9 * step)
    #expect(series.count == 6)
    #expect(series.candles.last?.startMs == base + 9 * step)
    #expect(series.candles.first?.startMs == base + 4 * step)
  }

  /// Random trades, a random split into "live before the backfill", "complete bins" and "live
  /// after" (with the covered trades resent): the candles equal those computed from every trade.
  @Test func randomBackfillsMatchAComputationFromTheTrades() {
    for run in 0..<50 {
      var rng = SplitMix(seed: 0xCA_4D1E + UInt64(run))
      let seed = rng.state
      for interval in CandleInterval.allCases where interval != .oneDay {
        let span = interval.milliseconds * 12
        var trades: [(timeMs: Int64, price: Double, size: Int64)] = []
        var time = base + Int64(rng.next() % UInt64(interval.milliseconds))
        var price = 1_000.0
        while time < base + span {
          price = max(1, price + Double(Int(rng.next() % 21) - 10) * 0.5)
          trades.append((time, price, Int64(rng.next() % 50 + 1)))
          time += Int64(rng.next() % UInt64(interval.milliseconds / 3)) + 1
        }
        let reference = referenceCandles(trades, interval: interval.milliseconds)
        // Bins: the reference candles ending at or before the boundary.
        let boundary = reference[Int(rng.next() % UInt64(reference.count))].startMs
        let bins = reference.filter { $0.startMs + interval.milliseconds <= boundary }.map {
          bin(
            $0.startMs + interval.milliseconds, $0.open, $0.high, $0.low, $0.close, volume: $0.volume,
            trades: $0.trades)
        }
        // The live feed starts somewhere before the boundary (the trade partial).
        let liveFrom = Int(rng.next() % UInt64(trades.count))
        let joined = min(liveFrom, trades.firstIndex { $0.timeMs >= boundary } ?? trades.count)
        var series = CandleSeries(interval: interval)
        let beforeBackfill = Int(rng.next() % UInt64(trades.count - joined + 1))
        for t in trades[joined..<(joined + beforeBackfill)] {
          series.add(price: t.price, size: t.size, timeMs: t.timeMs)
        }
        series.backfill(bins.shuffledBy(&rng))
        // Everything again from the join (a resend after reconnecting covers old trades too):
        // the tape drops duplicates before candles see them, so only new trades come here.
        for t in trades[(joined + beforeBackfill)...] {
          series.add(price: t.price, size: t.size, timeMs: t.timeMs)
        }
        for t in trades[..<joined] { series.add(price: t.price, size: t.size, timeMs: t.timeMs) }
        if bins.isEmpty {
          // No bins: the candles start at the first live trade; compare from there.
          let live = Array(trades[joined...])
          var expected = referenceCandles(live, interval: interval.milliseconds)
          // Trades before the join that land in held candles are late prints (no close change).
          expected = expected.map { c in
            var c = c
            for t in trades[..<joined] where interval.start(t.timeMs) == c.startMs {
              c.high = max(c.high, t.price)
              c.low = min(c.low, t.price)
              c.volume += t.size
              c.trades += 1
            }
            return c
          }
          #expect(series.candles == expected, "seed \(seed) \(interval)")
        } else {
          #expect(series.candles == reference, "seed \(seed) \(interval)")
        }
      }
    }
  }
}

/// A small seeded generator (splitmix64) for the random tests.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Array {
  fileprivate func shuffledBy(_ rng: inout SplitMix) -> [Element] {
    var a = self
    guard a.count > 1 else { return a }
    for i in stride(from: a.count - 1, to: 0, by: -1) {
      let j = Int(rng.next() % UInt64(i + 1))
      a.swapAt(i, j)
    }
    return a
  }
}

@Suite struct UTCTimeTests {
  @Test func isoRoundTrips() {
    #expect(UTCTime.iso(ms: 1_700_006_400_000) == "2023-11-15T00:00:00.000Z")
    #expect(UTCTime.iso(ms: 0) == "1970-01-01T00:00:00.000Z")
    #expect(UTCTime.iso(ms: 951_782_400_123) == "2000-02-29T00:00:00.123Z")
    var rng = SplitMix(seed: 99)
    for _ in 0..<1_000 {
      let ms = Int64(rng.next() % 4_000_000_000_000)
      #expect(UTCTime.parse(UTCTime.iso(ms: ms)) == ms, "\(ms)")
    }
    #expect(UTCTime.parse("2023-11-15") == 1_700_006_400_000)
    let minutes = UTCTime.parse("2023-11-15T01:02Z")
    #expect(minutes == Int64(1_700_010_120_000))
    for bad in [
      "", "yesterday", "2023-13-01", "2023-11-15T25:00Z", "2023-11-15T01:02:03:04Z",
      // A year past four digits (an endTime from outside) overflowed the milliseconds.
      "999999999999999-01-01", "-999999999999999-01-01T00:00Z",
    ] {
      #expect(UTCTime.parse(bad) == nil, "\(bad)")
    }
  }
}

extension UTCTimeTests {
  /// The day split rounds down for times before 1970 and never overflows, even at the ends of
  /// Int64 (tradeterm prints a file's times, whatever they are).
  @Test func theDaySplitRoundsDownAndNeverOverflows() {
    #expect(UTCTime.split(ms: 0) == (0, 0))
    #expect(UTCTime.split(ms: 86_400_001) == (1, 1))
    #expect(UTCTime.split(ms: -1) == (-1, 86_399_999))
    #expect(UTCTime.split(ms: -86_400_000) == (-1, 0))
    for ms in [Int64.min, Int64.min + 1, Int64.max] {
      let (days, rest) = UTCTime.split(ms: ms)
      #expect((0..<86_400_000).contains(rest) && days &* 86_400_000 &+ rest == ms, "\(ms)")
      _ = UTCTime.civil(days: days)
    }
    #expect(UTCTime.iso(ms: -1) == "1969-12-31T23:59:59.999Z")
  }
}

@Suite struct CandleSetTests {
  /// tradeterm starts 40 minutes into an hour: the 1h candle in progress is completed from
  /// complete 5m bins, whose own candle in progress is completed from 1m bins, then the tape;
  /// it equals the hour computed from every trade. Before the finer bins come it is marked.
  @Test func theCandleInProgressIsCompletedFromFinerWidths() {
    let hour: Int64 = 3_600_000
    let start = base + 5 * hour
    var rng = SplitMix(seed: 0x1_4001)
    var trades: [(timeMs: Int64, price: Double, size: Int64)] = []
    var price = 500.0
    var t = start - 2 * hour
    while t < start + 50 * minute {
      price = max(1, price + Double(Int(rng.next() % 9) - 4) * 0.5)
      trades.append((t, price, Int64(rng.next() % 20 + 1)))
      t += Int64(rng.next() % 20_000) + 1
    }
    func bins(_ interval: CandleInterval, before end: Int64) -> [TradeBin] {
      referenceCandles(trades, interval: interval.milliseconds)
        .filter { $0.startMs + interval.milliseconds <= end }
        .map {
          bin(
            $0.startMs + interval.milliseconds, $0.open, $0.high, $0.low, $0.close, volume: $0.volume,
            trades: $0.trades)
        }
    }
    let joined = start + 40 * minute + 30_000
    var set = CandleSet()
    // The tape from 40½ minutes in; the hour's bins up to its start.
    for trade in trades where trade.timeMs >= joined {
      set.add(
        trade: Trade(timeMs: trade.timeMs, symbol: "XBTUSD", side: .buy, size: trade.size, price: trade.price)
      )
    }
    set.backfill(bins(.oneHour, before: start), interval: .oneHour)
    let expected = referenceCandles(trades, interval: hour).last
    #expect(set.completed(.oneHour).newestComplete == false)
    #expect(set.completed(.oneHour).candles.last != expected)
    // 5m bins up to 40 minutes in: the 5m candle in progress (40–45) still lacks 40:00–40:30.
    set.backfill(bins(.fiveMinutes, before: start + 40 * minute), interval: .fiveMinutes)
    #expect(set.completed(.oneHour).newestComplete == false)
    // 1m bins up to 40 minutes in do not help either (40:00–40:30 is live and unseen) …
    set.backfill(bins(.oneMinute, before: start + 40 * minute), interval: .oneMinute)
    #expect(set.completed(.oneHour).newestComplete == false)
    // … up to 41 minutes they do: every piece of the hour is whole.
    set.backfill(bins(.oneMinute, before: start + 41 * minute), interval: .oneMinute)
    let (candles, complete) = set.completed(.oneHour)
    #expect(complete)
    // (The reference has no buy/sell split: compare without it.)
    #expect(candles.last.map(unsplit) == expected)
    #expect(candles.dropLast() == set[.oneHour].candles.dropLast())
  }
}

extension CandleSetTests {
  /// The order the demo does it in: the tape from 23:56:48, 1m bins to 23:56, the refreshed
  /// minute to 23:57 a minute later, 5m bins to 23:55 after that.
  @Test func theFiveMinutesInProgressCompleteInTheDemosOrder() {
    let t0 = base + 23 * 3_600_000 + 50 * minute
    var trades: [(timeMs: Int64, price: Double, size: Int64)] = []
    var rng = SplitMix(seed: 5)
    var t = t0 - 30 * minute
    var price = 100.0
    while t < t0 + 9 * minute {
      price += Double(Int(rng.next() % 5) - 2) * 0.5
      trades.append((t, price, Int64(rng.next() % 9 + 1)))
      t += Int64(rng.next() % 3_000) + 1
    }
    func bins(_ interval: CandleInterval, before end: Int64) -> [TradeBin] {
      referenceCandles(trades, interval: interval.milliseconds)
        .filter { $0.startMs + interval.milliseconds <= end }
        .map {
          bin(
            $0.startMs + interval.milliseconds, $0.open, $0.high, $0.low, $0.close, volume: $0.volume,
            trades: $0.trades)
        }
    }
    let joined = t0 + 6 * minute + 48_000
    var set = CandleSet()
    func feed(_ range: Range<Int64>) {
      for trade in trades where range.contains(trade.timeMs) {
        set.add(
          trade: Trade(
            timeMs: trade.timeMs, symbol: "XBTUSD", side: .buy, size: trade.size, price: trade.price))
      }
    }
    feed(joined..<(joined + 2_000))
    set.backfill(bins(.oneMinute, before: t0 + 6 * minute), interval: .oneMinute)
    feed((joined + 2_000)..<(t0 + 7 * minute + 3_000))
    set.backfill(bins(.oneMinute, before: t0 + 7 * minute), interval: .oneMinute)
    feed((t0 + 7 * minute + 3_000)..<(t0 + 8 * minute + 40_000))
    set.backfill(bins(.fiveMinutes, before: t0 + 5 * minute), interval: .fiveMinutes)
    let (candles, complete) = set.completed(.fiveMinutes)
    let upTo = trades.filter { $0.timeMs < t0 + 8 * minute + 40_000 }
    #expect(complete)
    #expect(candles.last.map(unsplit) == referenceCandles(upTo, interval: 300_000).last)
  }
}

extension UTCTimeTests {
  /// A year before 1000 keeps four digits, and a year before 1 its sign in front of them (it
  /// was `00-5-…`): a file's or a server's odd time still prints as a date a reader can parse.
  @Test func yearsOutsideFourDigitsKeepTheirDigitsAndSign() {
    let day: Int64 = 86_400_000
    #expect(UTCTime.iso(ms: UTCTime.days(year: 999, month: 1, day: 2) * day) == "0999-01-02T00:00:00.000Z")
    #expect(
      UTCTime.iso(ms: UTCTime.days(year: -5, month: 3, day: 1) * day + 1) == "-0005-03-01T00:00:00.001Z")
    #expect(
      UTCTime.iso(ms: UTCTime.days(year: 12_026, month: 1, day: 1) * day) == "12026-01-01T00:00:00.000Z")
  }
}
