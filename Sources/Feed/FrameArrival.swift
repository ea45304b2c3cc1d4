import Session

/// When the feed thread read one decoded frame: latency instrumentation, recorded only when
/// `FeedOptions.recordArrivals` is set and handed over by `MarketFeed.drain(into:arrivals:)`.
public struct FrameArrival: Sendable, Hashable {
  /// The index, in the drained batch's `events`, of the frame's first event; its events run
  /// up to the next arrival's `firstEvent` (a frame may have none).
  public var firstEvent: Int
  /// When the feed thread read the frame (`MonotonicTime.now()`, taken before decoding).
  public var at: MonotonicTime

  public init(firstEvent: Int, at: MonotonicTime) {
    self.firstEvent = firstEvent
    self.at = at
  }
}
