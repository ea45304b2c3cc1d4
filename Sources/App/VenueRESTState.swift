import MarketModel
import Session

/// What the app holds of a venue's public REST (a market other than BitMEX's): every instrument's
/// facts, and where the tickers of the markets list stand (asked, arrived, failed).
public struct VenueRESTState: Sendable {
  /// Every instrument's facts, from the venue's REST instruments (keyed with the venue: a market
  /// of another venue never takes them).
  public var specs: [InstrumentID: InstrumentSpec] = [:]
  /// Why the instruments could not be had, until they are.
  public var instrumentsFailure: String?
  /// When the tickers were last asked for and when they last came (monotonic).
  public var tickersAskedAt: MonotonicTime?
  public var tickersAt: MonotonicTime?
  /// Why the last tickers failed (a rate limit says how long it waits), until they come.
  public var tickersFailure: String?
  /// Rows the venue's bodies held that could not be read, and the last of them in words.
  public var rowErrors = 0
  public var lastRowError: String?

  /// Seconds between two askings of the tickers while the markets list is shown.
  public static let tickerRefresh: Double = 15

  public init() {}
}
