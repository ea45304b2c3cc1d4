import MarketModel
import VenueCore

extension Effect {
  /// The candles asked for when a symbol is first watched, on every venue: the line chart's
  /// history, and the candle chart's at these widths (one request serves both: `App` counts
  /// them as asked, `candlesRequested`).
  public static let startCandleIntervals: [CandleInterval] = [.oneMinute, .fiveMinutes]
  /// How many of each.
  public static let startCandleCount = 240

  /// What this effect asks of a venue's public REST on a venue market (`VenueRESTWorker`), at
  /// `wallMs`: a newly watched symbol's facts (every instrument's) and its 1 m and 5 m candles
  /// (`startCandleIntervals`); the markets list's tickers (BitMEX's symbol list); a page of candles (`endMs` nil:
  /// the newest, opened before now). None for any other effect, or a symbol that is none.
  public func venueRESTIntents(wallMs: Int64) -> [RESTIntent] {
    switch self {
    case .loadStartData(let text):
      guard let symbol = Symbol(text) else { return [] }
      return [.instruments]
        + Self.startCandleIntervals.map {
          .candles(symbol, intervalMs: $0.milliseconds, limit: Self.startCandleCount, beforeMs: wallMs)
        }
    case .loadSymbols:
      return [.tickers]
    case .loadCandles(let text, let interval, let count, let endMs):
      guard let symbol = Symbol(text) else { return [] }
      return [.candles(symbol, intervalMs: interval.milliseconds, limit: count, beforeMs: endMs ?? wallMs)]
    default:
      return []
    }
  }
}
