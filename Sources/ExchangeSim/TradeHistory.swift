import FoundationEssentials
import Seeding

#if canImport(Glibc)
import Glibc
#endif

/// The trades an instrument has printed (the newest thousand) and per-minute bars of all of
/// them, from which REST `/trade` and `/trade/bucketed` answer.
///
/// Buckets before the first simulated trade are synthetic: a random walk, seeded per
/// symbol and bin size, that ends exactly where the simulated market started, so a
/// backfilled chart runs smoothly into the live one.
struct TradeHistory: Sendable {
  /// One minute of trades.
  struct Bar: Sendable, Hashable {
    /// Start of the minute, ms since the epoch.
    var startMs: Int64
    var open: Int64
    var high: Int64
    var low: Int64
    var close: Int64
    var trades: Int
    var volume: Int64
    var turnover: Int64
    var homeNotional: Double
    var foreignNotional: Double
    /// Σ price × home notional, for the vwap.
    var priceTimesHome: Double
    var lastSize: Int64
  }

  /// A bucket as REST `trade/bucketed` sends it; prices in ticks.
  struct Bin: Sendable, Hashable {
    /// The bucket's end (BitMEX stamps buckets with their end).
    var endMs: Int64
    var open: Int64
    var high: Int64
    var low: Int64
    var close: Int64
    var trades: Int
    var volume: Int64
    /// The volume-weighted price in ticks; nil for an empty bucket (BitMEX sends `null`).
    var vwapTicks: Double?
    var lastSize: Int64?
    var turnover: Int64
    var homeNotional: Double
    var foreignNotional: Double
  }

  static let keptTrades = 1_000
  static let keptBars = 60 * 24 * 7

  /// Oldest first.
  private(set) var trades: [SimTrade] = []
  /// Oldest first.
  private(set) var bars: [Bar] = []
  /// The price the market started at: the last synthetic close.
  let anchorTicks: Int64
  /// When the market started: synthetic buckets end at or before it.
  let startMs: Int64

  init(anchorTicks: Int64, startMs: Int64) {
    self.anchorTicks = anchorTicks
    self.startMs = startMs
  }

  mutating func record(_ trade: SimTrade) {
    trades.append(trade)
    if trades.count > 2 * Self.keptTrades { trades.removeFirst(trades.count - Self.keptTrades) }
    let minute = trade.timeMs - ((trade.timeMs % 60_000) + 60_000) % 60_000
    let price = trade.ticks
    if let last = bars.last, last.startMs == minute {
      bars[bars.count - 1].high = max(last.high, price)
      bars[bars.count - 1].low = min(last.low, price)
      bars[bars.count - 1].close = price
      bars[bars.count - 1].trades += 1
      bars[bars.count - 1].volume += trade.size
      bars[bars.count - 1].turnover += trade.grossValue
      bars[bars.count - 1].homeNotional += trade.homeNotional
      bars[bars.count - 1].foreignNotional += trade.foreignNotional
      bars[bars.count - 1].priceTimesHome += Double(price) * trade.homeNotional
      bars[bars.count - 1].lastSize = trade.size
      return
    }
    let open = bars.last?.close ?? anchorTicks
    bars.append(
      Bar(
        startMs: minute, open: open, high: max(open, price), low: min(open, price), close: price, trades: 1,
        volume: trade.size, turnover: trade.grossValue, homeNotional: trade.homeNotional,
        foreignNotional: trade.foreignNotional, priceTimesHome: Double(price) * trade.homeNotional,
        lastSize: trade.size))
    if bars.count > 2 * Self.keptBars { bars.removeFirst(bars.count - Self.keptBars) }
  }

  /// The newest `count` trades, oldest first.
  func recent(_ count: Int) -> [SimTrade] { Array(trades.suffix(count)) }

  /// The last traded price, or the anchor before any trade.
  var lastTicks: Int64 { trades.last?.ticks ?? anchorTicks }

  /// `count` buckets of `binMinutes` ending with the bucket in progress at `nowMs` (left
  /// out unless `partial`), oldest first. `seed` and `symbol` fix the synthetic part;
  /// `lot` sizes the synthetic volume and `volatilityTicks` its per-minute price steps.
  func bins(
    binMinutes: Int, count: Int, partial: Bool, nowMs: Int64, seed: UInt64, symbol: String, lot: Int64,
    volatilityTicks: Double
  ) -> [Bin] {
    guard count > 0 else { return [] }
    let binMs = Int64(binMinutes) * 60_000
    let currentEnd = (Self.floor(nowMs, binMs) / binMs + 1) * binMs
    let newestEnd = partial ? currentEnd : currentEnd - binMs
    let oldestEnd = newestEnd - Int64(count - 1) * binMs
    // Buckets ending at or before this hold no simulated trade.
    let firstRealMs = bars.first?.startMs ?? startMs
    let syntheticEnd = min(Self.floor(firstRealMs, binMs), Self.floor(startMs, binMs))
    let syntheticCount = oldestEnd <= syntheticEnd ? Int((syntheticEnd - oldestEnd) / binMs) + 1 : 0
    var out: [Bin] = []
    out.reserveCapacity(count)
    if syntheticCount > 0 {
      out = synthetic(
        count: syntheticCount, lastEnd: syntheticEnd, binMs: binMs, seed: seed, symbol: symbol, lot: lot,
        stepTicks: volatilityTicks * Double(binMinutes).squareRoot())
    }
    var previousClose = out.last?.close ?? anchorTicks
    var end = syntheticCount > 0 ? syntheticEnd + binMs : oldestEnd
    // Bars before the first real bucket shaped its opening price.
    var b = bars.partitionIndex { $0.startMs >= end - binMs }
    if b > 0 { previousClose = bars[b - 1].close }
    while end <= newestEnd {
      var bin = Bin(
        endMs: end, open: previousClose, high: previousClose, low: previousClose, close: previousClose,
        trades: 0, volume: 0, vwapTicks: nil, lastSize: nil, turnover: 0, homeNotional: 0, foreignNotional: 0)
      var weighted = 0.0
      while b < bars.count, bars[b].startMs < end {
        let bar = bars[b]
        bin.high = max(bin.high, bar.high)
        bin.low = min(bin.low, bar.low)
        bin.close = bar.close
        bin.trades += bar.trades
        bin.volume += bar.volume
        bin.turnover += bar.turnover
        bin.homeNotional += bar.homeNotional
        bin.foreignNotional += bar.foreignNotional
        bin.lastSize = bar.lastSize
        weighted += bar.priceTimesHome
        b += 1
      }
      if bin.homeNotional > 0 { bin.vwapTicks = weighted / bin.homeNotional }
      previousClose = bin.close
      if end >= oldestEnd { out.append(bin) }
      end += binMs
    }
    // A page that ends before the market started (`endTime`) holds synthetic bins up to its end.
    if let last = out.last, last.endMs > newestEnd { out.removeAll { $0.endMs > newestEnd } }
    return Array(out.suffix(count))
  }

  /// `count` synthetic buckets, the newest ending at `lastEnd` and closing at the anchor.
  private func synthetic(
    count: Int, lastEnd: Int64, binMs: Int64, seed: UInt64, symbol: String, lot: Int64, stepTicks: Double
  ) -> [Bin] {
    var rng = SimRandom(seed: SimRandom.seed(seed, "\(symbol)/bins/\(binMs)"))
    // Walk backwards from the anchor: closes[0] is the newest bucket's close.
    var closes: [Int64] = [anchorTicks]
    closes.reserveCapacity(count + 1)
    for _ in 0..<count {
      let step = Int64((rng.gaussian() * stepTicks).rounded())
      closes.append(max(1, closes[closes.count - 1] - step))
    }
    var out: [Bin] = []
    out.reserveCapacity(count)
    for k in stride(from: count - 1, through: 0, by: -1) {
      let close = closes[k]
      let open = closes[k + 1]
      let wick = Int64((abs(rng.gaussian()) * stepTicks * 0.4).rounded())
      let trades = rng.between(5, 120)
      let volume = Int64(trades * rng.between(1, 20)) * lot
      out.append(
        Bin(
          endMs: lastEnd - Int64(k) * binMs, open: open, high: max(open, close) + wick,
          low: max(1, min(open, close) - wick), close: close, trades: trades, volume: volume,
          vwapTicks: Double(open + close) / 2,
          lastSize: lot, turnover: 0, homeNotional: 0, foreignNotional: 0))
    }
    return out
  }

  /// `value` rounded down to a multiple of `step` (also for negative values).
  static func floor(_ value: Int64, _ step: Int64) -> Int64 {
    value - ((value % step) + step) % step
  }
}
