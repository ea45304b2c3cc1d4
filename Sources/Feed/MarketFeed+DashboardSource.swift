import MarketModel
import Session

/// BitMEX's live feed on the dashboard: its frames drained into the BitMEX batch; no replay
/// controls.
extension MarketFeed: DashboardSource {
  public var wakeDescriptor: Int32 { uiWake.descriptor }
  public func control(_ replay: ReplayControl) {}
  public func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate {
    drain(into: &batch)
  }
}
