import Feed
import MarketModel
import Replay
import Session

/// Where the dashboard's market data comes from: BitMEX's live feed (`MarketFeed`), another
/// venue's (`VenueDashboardSource`) or a recording on disk (`ReplaySource`, BitMEX's;
/// `VenueReplaySource`, another venue's). Each hands the UI
/// thread batches through a mailbox and wakes it through a pipe; the dashboard's loop is the
/// same for any.
protocol DashboardSource: AnyObject, Sendable {
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
  var isVenue: Bool { false }
}

extension MarketFeed: DashboardSource {
  var wakeDescriptor: Int32 { uiWake.descriptor }
  func control(_ replay: ReplayControl) {}
  func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate { drain(into: &batch) }
}

/// Another venue's live feed for the dashboard: one feed per connection its market needs
/// (`VenueFeedGroup`), drained as one.
final class VenueDashboardSource: DashboardSource {
  let feed: VenueFeedGroup

  init(_ feed: VenueFeedGroup) {
    self.feed = feed
  }

  var wakeDescriptor: Int32 { feed.uiWake.descriptor }
  var isVenue: Bool { true }
  func start() { feed.start() }
  func stop() { feed.stop() }
  func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate {
    feed.drain(into: &venue)
  }
  func post(_ command: FeedCommand) { feed.post(command) }
  func control(_ replay: ReplayControl) {}
}

extension ReplaySource: DashboardSource {
  var wakeDescriptor: Int32 { wake.descriptor }

  func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate { drain(into: &batch) }

  /// A recording cannot be asked again: a resync or reconnect does nothing (the file says what it
  /// says). A symbol switch plays again from the last partials before where the replay is, so the
  /// new symbol's book is built from its own partial.
  func post(_ command: FeedCommand) {
    if case .switchSymbol = command { control(.seek(seconds: 0)) }
  }
}

extension VenueReplaySource: DashboardSource {
  var wakeDescriptor: Int32 { wake.descriptor }
  var isVenue: Bool { true }

  func drain(into batch: inout MarketBatch, venue: inout VenueBatch) -> FeedUpdate { drain(into: &venue) }

  /// A recording cannot be asked again: a resync, a snapshot or a reconnect does nothing (the
  /// file holds the snapshots the book rule takes); a replay stays on its symbol.
  func post(_ command: FeedCommand) {}
}
