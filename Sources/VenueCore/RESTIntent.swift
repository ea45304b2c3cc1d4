/// What a session asks of a venue's public REST API, in tradeterm's words; each adapter spells
/// the requests (`VenueAdapter.restRequests(for:)`), as it spells its subscribe frames.
public enum RESTIntent: Sendable, Hashable {
  /// Every instrument's facts (the rows `InstrumentSpec`s are read from).
  case instruments
  /// A book snapshot of at most `depth` levels a side (the venue's cap applies).
  case bookSnapshot(Symbol, depth: Int)
  /// At most `limit` bars `intervalMs` wide that opened before `beforeMs` (ms since the Unix
  /// epoch; the caller's clock for the newest). A venue without that width has no request.
  case candles(Symbol, intervalMs: Int64, limit: Int, beforeMs: Int64)
  /// The newest `limit` trades (the venue's cap applies).
  case recentTrades(Symbol, limit: Int)
  /// Every instrument's 24 h ticker (the markets list's prices), as the venue's public endpoint
  /// gives them all at once; several requests where the venue lists them per type (OKX).
  case tickers

  /// One minute, in milliseconds (the unit of `intervalMs`).
  public static let minuteMs: Int64 = 60_000

  /// `limit` kept within `1…cap`.
  public static func clamp(_ limit: Int, cap: Int) -> Int { min(max(limit, 1), cap) }

  /// When `limit` bars `intervalMs` wide before `beforeMs` began, never below 0 and never
  /// trapping on extreme arguments.
  public static func startMs(beforeMs: Int64, intervalMs: Int64, limit: Int) -> Int64 {
    let (span, overflow) = max(intervalMs, 0).multipliedReportingOverflow(by: Int64(max(limit, 0)))
    guard !overflow, span <= beforeMs else { return 0 }
    return beforeMs - span
  }
}
