import App
import Feed
import MarketModel
import Session

extension DashboardRunner {
  /// The REST worker of a venue market followed live (nil for BitMEX, whose `RESTWorker` it is,
  /// and for a replay).
  static func venueRESTWorker(_ live: VenueLive?, replay: Bool, userAgent: String) -> VenueRESTWorker? {
    guard !replay, let live, let host = live.restHost else { return nil }
    return VenueRESTWorker(adapter: live.adapter, baseURL: host, userAgent: userAgent)
  }

  /// The venue's intents for one of the app's REST effects: a newly watched symbol's facts (every
  /// instrument's) and its chart's 1 m and 5 m history; the markets list's tickers (the symbol
  /// list of BitMEX); a candle page (`endMs` nil: the newest, before now).
  static func request(_ effect: Effect, from worker: VenueRESTWorker, wallMs: Int64) {
    switch effect {
    case .loadStartData(let text):
      guard let symbol = Symbol(text) else { return }
      worker.request(.instruments)
      for width in [SeriesInterval.oneMinute, .fiveMinutes] {
        worker.request(.candles(symbol, intervalMs: width.milliseconds, limit: 240, beforeMs: wallMs))
      }
    case .loadSymbols:
      worker.request(.tickers)
    case .loadCandles(let text, let interval, let count, let endMs):
      guard let symbol = Symbol(text) else { return }
      worker.request(
        .candles(symbol, intervalMs: interval.milliseconds, limit: count, beforeMs: endMs ?? wallMs))
    default:
      break
    }
  }
}
