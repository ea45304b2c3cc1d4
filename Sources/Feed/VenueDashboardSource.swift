import MarketModel
import Session

/// Another venue's live feed for the dashboard: one feed per connection its market needs
/// (`VenueFeedGroup`), drained as one.
public final class VenueDashboardSource: DashboardSource {
  public let feed: VenueFeedGroup

  public init(_ feed: VenueFeedGroup) {
    self.feed = feed
  }

  public var wakeDescriptor: Int32 { feed.uiWake.descriptor }
  public var isVenue: Bool { true }
  public func start() { feed.start() }
  public func stop() { feed.stop() }
  public func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate {
    feed.drain(into: &venue)
  }
  public func post(_ command: FeedCommand) { feed.post(command) }
  public func control(_ replay: ReplayControl) {}
}
