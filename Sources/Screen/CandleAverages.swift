import MarketModel

/// The lines drawn over the candles: the VWAP and one EMA of the closes, a value per candle.
///
/// The VWAP is anchored at the start of each UTC day (the usual crypto session) under candles
/// shorter than a day, and at the first candle held under daily ones: Σ typical price × volume
/// over Σ volume, the typical price `(high + low + close) / 3`; nil until the session has
/// volume. The EMA of `emaPeriod` closes starts at the first close held (α = 2 / (n + 1)).
public struct CandleAverages: Sendable, Hashable {
  /// The VWAP at each candle's close; nil where the session has no volume yet.
  public var vwap: [Double?]
  /// The EMA at each candle's close.
  public var ema: [Double]
  /// Whether the VWAP restarts each UTC day (false: from the first candle held).
  public var dailyVWAP: Bool

  /// The EMA's length in candles.
  public static let emaPeriod = 20
  static let dayMs: Int64 = 86_400_000

  /// The averages of `candles` (oldest first) of `intervalMs` each.
  public init(_ candles: [Candle], intervalMs: Int64) {
    dailyVWAP = intervalMs > 0 && intervalMs < Self.dayMs
    vwap = []
    ema = []
    vwap.reserveCapacity(candles.count)
    ema.reserveCapacity(candles.count)
    let alpha = 2 / Double(Self.emaPeriod + 1)
    var weighted = 0.0
    var volume = 0.0
    var day: Int64?
    for c in candles {
      if dailyVWAP {
        let d = c.startMs >= 0 ? c.startMs / Self.dayMs : (c.startMs - Self.dayMs + 1) / Self.dayMs
        if d != day {
          (weighted, volume, day) = (0, 0, d)
        }
      }
      let typical = (c.high + c.low + c.close) / 3
      if c.volume > 0, typical.isFinite {
        weighted += typical * Double(c.volume)
        volume += Double(c.volume)
      }
      let v = volume > 0 ? weighted / volume : nil
      vwap.append(v.flatMap { $0.isFinite ? $0 : nil })
      let previous = ema.last ?? c.close
      ema.append(c.close.isFinite ? previous + alpha * (c.close - previous) : previous)
    }
  }

  /// The legend's name of the VWAP: `VWAP` (daily, UTC) or `VWAP all` (from the first candle).
  public var vwapName: String { dailyVWAP ? "VWAP" : "VWAP all" }
  /// The legend's name of the EMA: `EMA20`.
  public static var emaName: String { "EMA\(emaPeriod)" }
}
