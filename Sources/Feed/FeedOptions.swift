import MarketModel
import Session

/// Where and what the feed connects to.
public struct FeedOptions: Sendable {
  public var webSocketURL: String
  public var symbol: String
  public var book: BookTable
  public var config: FeedConfig
  /// Every received frame goes here, with its receive time (`FrameRecorder`).
  public var recordPath: String?
  /// The venue the feed is of: what the recording's lines are tagged with.
  public var venue: Venue
  /// The name people know the venue by (its `VenueAbout.displayName`), which the feed's words
  /// about its REST limits say; nil: its name.
  public var venueName: String?
  public var userAgent: String
  /// Latency instrumentation (benchmarks, `TRADETERM_TRACE_FILE`): the feed notes each frame's
  /// receive time for `MarketFeed.drain(into:arrivals:)`. Off, it costs one untaken branch a frame.
  public var recordArrivals = false

  public init(
    webSocketURL: String, symbol: String, book: BookTable = .top25, config: FeedConfig = FeedConfig(),
    recordPath: String? = nil, userAgent: String = "tradeterm", venue: Venue = .bitmex,
    venueName: String? = nil
  ) {
    self.venue = venue
    self.venueName = venueName
    self.webSocketURL = webSocketURL
    self.symbol = symbol
    self.book = book
    self.config = config
    self.recordPath = recordPath
    self.userAgent = userAgent
  }
}
