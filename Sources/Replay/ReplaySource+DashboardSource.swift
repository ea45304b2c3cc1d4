import MarketModel
import Session

/// A BitMEX recording on the dashboard.
extension ReplaySource: DashboardSource {
  public var wakeDescriptor: Int32 { wake.descriptor }

  public func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate {
    drain(into: &batch)
  }

  /// A recording cannot be asked again: a resync or reconnect does nothing (the file says what it
  /// says). A symbol switch plays again from the last partials before where the replay is, so the
  /// new symbol's book is built from its own partial.
  public func post(_ command: FeedCommand) {
    if case .switchSymbol = command { control(.seek(seconds: 0)) }
  }
}
