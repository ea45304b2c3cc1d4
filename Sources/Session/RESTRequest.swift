import MarketModel

/// A REST request the app asks for; the REST worker makes it and answers with a `RESTResult`.
public enum RESTRequest: Sendable, Hashable, CustomStringConvertible {
  /// `/instrument?symbol=S`: one instrument's facts (and whether the exchange knows it).
  case instrument(String)
  /// `/instrument/active`: every active instrument (the symbol list).
  case active
  /// `/trade/bucketed?partial=false`: the newest `count` (at most 1000, one page) complete
  /// candles of `symbol` at `interval`, or the page of those ending at or before `endMs`. The
  /// line chart's history is its 1 m and 5 m candles: one request serves both charts.
  case candles(symbol: String, interval: CandleInterval, count: Int, endMs: Int64? = nil)

  /// In words, for messages: `the symbol list`, `ETHUSD's facts`.
  public var description: String {
    switch self {
    case .instrument(let symbol): "\(symbol)'s facts"
    case .active: "the symbol list"
    case .candles(let symbol, let interval, _, _): "\(symbol)'s \(interval.label) candles"
    }
  }
}
