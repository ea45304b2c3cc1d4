import MarketModel
import VenueCore

extension Effect {
  /// The bars asked of a venue for the chart's sparkline when a symbol is first watched (1 m and
  /// 5 m, as BitMEX's bins).
  static let venueStartBars = 240

  /// What this effect asks of a venue's public REST on a venue market (`VenueRESTWorker`), at
  /// `wallMs`: a newly watched symbol's facts (every instrument's) and its sparkline's 1 m and
  /// 5 m bars; the markets list's tickers (BitMEX's symbol list); a page of candles (`endMs` nil:
  /// the newest, opened before now). None for any other effect, or a symbol that is none.
  public func venueRESTIntents(wallMs: Int64) -> [RESTIntent] {
    switch self {
    case .loadStartData(let text):
      guard let symbol = Symbol(text) else { return [] }
      return [.instruments]
        + [SeriesInterval.oneMinute, .fiveMinutes].map {
          .candles(symbol, intervalMs: $0.milliseconds, limit: Self.venueStartBars, beforeMs: wallMs)
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
