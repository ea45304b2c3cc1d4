import MarketModel

/// Where the dashboard's market data comes from: BitMEX's live feed (`MarketFeed`), another
/// venue's (`VenueDashboardSource`) or a recording on disk (`ReplaySource`, BitMEX's;
/// `VenueReplaySource`, another venue's). Each hands the UI thread batches through a mailbox and
/// wakes it through a pipe; the dashboard's loop is the same for any.
public protocol DashboardSource: AnyObject, Sendable {
  /// The descriptor to poll: readable when there is something to drain.
  var wakeDescriptor: Int32 { get }
  func start()
  func stop()
  /// What arrived since the last drain: BitMEX's frames into `batch`, another venue's into
  /// `venue` (both empty, and handed back empty after use).
  func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate
  /// A command from the app for the feed (resync, switch symbol, reconnect).
  func post(_ command: FeedCommand)
  /// A replay's controls; the live feed has none.
  func control(_ replay: ReplayControl)
  /// Whether the frames are another venue's (drained into `venue`).
  var isVenue: Bool { get }
}

extension DashboardSource {
  public var isVenue: Bool { false }
}
