import Feed
import MarketModel
import Replay
import Session

/// Where the dashboard's market data comes from: the live feed (`MarketFeed`) or a recording on
/// disk (`ReplaySource`). Both hand the UI thread batches through a mailbox and wake it through
/// a pipe; the dashboard's loop is the same for either.
protocol DashboardSource: AnyObject, Sendable {
  /// The descriptor to poll: readable when there is something to drain.
  var wakeDescriptor: Int32 { get }
  func start()
  func stop()
  func drain(into batch: inout MarketBatch) -> FeedUpdate
  /// A command from the app for the feed (resync, switch symbol, reconnect).
  func post(_ command: FeedCommand)
  /// A replay's controls; the live feed has none.
  func control(_ replay: ReplayControl)
}

extension MarketFeed: DashboardSource {
  var wakeDescriptor: Int32 { uiWake.descriptor }
  func control(_ replay: ReplayControl) {}
}

extension ReplaySource: DashboardSource {
  var wakeDescriptor: Int32 { wake.descriptor }

  /// A recording cannot be asked again: a resync or reconnect does nothing (the file says what it
  /// says). A symbol switch plays again from the last partials before where the replay is, so the
  /// new symbol's book is built from its own partial.
  func post(_ command: FeedCommand) {
    if case .switchSymbol = command { control(.seek(seconds: 0)) }
  }
}
