import MarketModel

/// What a venue's REST worker learned for one `RESTIntent`, decoded by the venue's adapter and
/// handed to the UI (`VenueRESTWorker`; BitMEX's own REST answers with `RESTResult`).
public enum VenueRESTResult: Sendable {
  /// `.instruments`: every instrument's facts, and the rows that could not be read.
  case instruments(VenueRows<InstrumentSpec>)
  /// `.candles`: the bars of `symbol` `intervalMs` wide that opened before `beforeMs`, oldest
  /// first (the newest may still be forming).
  case candles(symbol: Symbol, intervalMs: Int64, beforeMs: Int64, [VenueCandle])
  /// `.tickers`: every instrument's 24 h ticker, and the rows that could not be read.
  case tickers(VenueRows<SymbolTicker>)
  /// The intent failed: the network, an HTTP status, the venue's refusal (a rate limit says so,
  /// with how long to wait), a body that is not the venue's shape, or no such request there.
  case failed(RESTIntent, reason: String)
}
