import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// The UI side of a real venue feed other than BitMEX's (a `VenueFeedGroup`: one `VenueFeed` per
/// connection the market needs), run as the dashboard runs it: drain into a `VenueBatch`, ingest into a `MarketSession` made with the venue's book rule,
/// post a resync for every fault. It remembers what it saw so a test can wait on it; every wait
/// is on a condition with a deadline.
final class VenueFeedHarness {
  let feed: VenueFeedGroup
  private(set) var session: MarketSession
  var state: MarketState { session.market }
  var status: FeedStatus? { session.status }
  private var batch = VenueBatch()
  /// Faults the book rule found, in order.
  private(set) var faults: [IntegrityFault] = []
  /// The subscriptions of the `.resync` commands posted, in order.
  private(set) var resyncsPosted: [Subscription] = []
  /// Whether the session said LIVE at a drain that brought a fault (never should).
  private(set) var liveOverAFault = false
  /// Book snapshots of the watched symbol received.
  private(set) var snapshots = 0
  private(set) var decodeErrors = 0
  private(set) var decodeErrorMessages: [String] = []
  /// REST snapshots asked of the feed.
  private(set) var snapshotsFetched = 0
  /// Book deltas the rule applied.
  private(set) var appliedUpdates = 0
  /// The REST limits the feed said it waited out, in order (each once).
  private(set) var restLimitsSeen: [RESTLimit] = []
  /// Every combined status drained, in order.
  private(set) var statusesSeen: [FeedStatus] = []
  /// The ids of the watched symbol's trades drained, in order (a tape with nothing twice and
  /// nothing missing has them consecutive).
  private(set) var tradeIDs: [UInt64] = []
  /// The symbols other than the watched one whose tickers were drained (the markets list's).
  private(set) var otherTickers: Set<Symbol> = []
  private var stopped = false

  init(
    adapter: any VenueAdapter, plan: SubscriptionPlan, policy: AnyBookSync, symbol: String,
    restHost: String? = nil, config: FeedConfig = Integration.feedConfig(), recordPath: String? = nil,
    venueName: String? = nil
  ) {
    let options = FeedOptions(
      webSocketURL: adapter.connections(for: plan.subscriptions(symbol: symbol)).first?.url ?? "",
      symbol: symbol, config: config, recordPath: recordPath, venue: adapter.venue, venueName: venueName)
    feed = VenueFeedGroup(options, adapter: adapter, plan: plan, restHost: restHost)
    session = MarketSession(symbol: Symbol(symbol) ?? .empty, bookPolicy: policy, bookDepth: plan.bookDepth)
    feed.start()
  }

  deinit { stop() }

  func stop() {
    guard !stopped else { return }
    stopped = true
    feed.stop()
  }

  var isLive: Bool { session.isLive }

  /// The book rule's counts: checks made, failed, books taken again.
  var integrity: IntegrityCounts { state.bookPolicy?.integrity ?? IntegrityCounts() }

  @discardableResult
  func waitUntil(
    timeout: Double = 5, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (VenueFeedHarness) -> Bool
  ) -> Bool {
    let deadline = MonotonicTime.now() + timeout
    while true {
      if condition(self) { return true }
      let left = deadline - MonotonicTime.now()
      if left <= 0 {
        Issue.record(
          "timed out after \(timeout) s waiting for \(what); last status: \(status.map { "\($0.state)" } ?? "none"), book \(state.bookSync), \(faults.count) fault(s), \(snapshotsFetched) snapshot(s) asked, errors \(decodeErrorMessages)",
          sourceLocation: sourceLocation)
        return false
      }
      pump(wait: min(left, 0.02))
    }
  }

  func pump(wait: Double) {
    feed.uiWake.wait(timeout: wait)
    let now = MonotonicTime.now()
    let update = feed.drain(into: &batch)
    if let status = update.status {
      statusesSeen.append(status)
      if let limit = status.restLimit, restLimitsSeen.last != limit { restLimitsSeen.append(limit) }
    }
    decodeErrors += update.decodeErrors
    if let message = update.lastDecodeError { decodeErrorMessages.append(message) }
    for event in batch.events {
      if case .book(let s, let u, _) = event, s == state.symbol, u.kind == .snapshot { snapshots += 1 }
      if case .ticker(let s, _) = event, s != state.symbol { otherTickers.insert(s) }
      if case .trades(let s, let range) = event, s == state.symbol {
        tradeIDs += batch.trades[range].compactMap(\.id)
      }
    }
    let step = session.ingest(update, batch, now: now)
    if step.changes.bookChanged {
      for event in batch.events {
        if case .book(let s, let u, _) = event, s == state.symbol, u.kind == .delta { appliedUpdates += 1 }
      }
    }
    faults += step.changes.faults
    if !step.changes.faults.isEmpty, session.isLive { liveOverAFault = true }
    for command in step.commands {
      if case .resync(let s) = command { resyncsPosted.append(s) }
      if case .fetchSnapshot = command { snapshotsFetched += 1 }
      feed.post(command)
    }
    batch.removeAll()
  }
}
