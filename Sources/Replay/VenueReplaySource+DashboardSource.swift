import MarketModel
import Session

/// Another venue's recording on the dashboard.
extension VenueReplaySource: DashboardSource {
  public var wakeDescriptor: Int32 { wake.descriptor }
  public var isVenue: Bool { true }

  public func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate {
    drain(into: &venue)
  }

  /// A recording cannot be asked again: a resync, a snapshot or a reconnect does nothing (the
  /// file holds the snapshots the book rule takes); a replay stays on its symbol.
  public func post(_ command: FeedCommand) {}
}
