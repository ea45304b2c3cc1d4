import MarketModel

/// What the REST worker learned, handed to the UI.
public enum RESTResult: Sendable {
  /// `/instrument?symbol=S`: the instrument, or nil when the exchange does not know it.
  case instrument(symbol: String, InstrumentUpdate?)
  /// `/instrument/active`: every active instrument.
  case active([InstrumentUpdate])
  /// `/trade/bucketed` with `partial=false`: complete candles for `symbol`, newest first.
  case candles(symbol: String, interval: CandleInterval, [TradeBin])
  /// A request failed (network, HTTP status, exchange error, bad body).
  case failed(RESTRequest, reason: String)
}
