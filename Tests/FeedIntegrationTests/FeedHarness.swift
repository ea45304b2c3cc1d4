import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// The UI side of a real `MarketFeed`, run the way `--once` and the dashboard run it: drain the
/// feed's mailbox into a `MarketBatch`, apply it to a `MarketState`, and post a `.resync` for every
/// integrity fault. It also remembers what it saw (statuses, decode errors, partials, faults) so a
/// test can wait on it.
///
/// Every wait is on a condition with a deadline (`waitUntil`); nothing sleeps and hopes. Used from
/// one thread (the test's); the feed thread only ever talks to it through the feed's mailbox.
final class FeedHarness {
  let feed: MarketFeed
  /// The session core, as the dashboard and `--once` run it.
  private(set) var session: MarketSession
  /// The market of the symbol watched now (replaced by `switchSymbol(to:)`).
  var state: MarketState { session.market }
  private var batch = MarketBatch()
  /// The newest status received.
  var status: FeedStatus? { session.status }
  /// Every status received, in order (the feed keeps only the newest between drains, so a very
  /// short-lived state may be missing).
  private(set) var statuses: [FeedStatus] = []
  /// When each of `statuses` was drained.
  private(set) var statusTimes: [MonotonicTime] = []
  /// `FeedUpdate.decodeErrors`, summed over every drain.
  private(set) var decodeErrors = 0
  /// Every `FeedUpdate.lastDecodeError`, in order.
  private(set) var decodeErrorMessages: [String] = []
  /// Drains that said a new connection (or subscription) reset the tables.
  private(set) var tablesResets = 0
  /// Book partials received for the watched symbol.
  private(set) var bookPartials = 0
  /// Book delta messages received, by symbol (any symbol, watched or not).
  private(set) var bookDeltas: [String: Int] = [:]
  /// Integrity faults `state` reported, in order.
  private(set) var faults: [IntegrityFault] = []
  /// The topics of the `.resync` commands posted, in order.
  private(set) var resyncsPosted: [Subscription] = []
  /// The most events one drain brought (the mailbox's high-water mark, as the UI sees it).
  private(set) var maxBatchEvents = 0
  /// The longest a single `drain` call took, in seconds (the UI thread must never block on the
  /// feed).
  private(set) var maxDrainTime = 0.0
  private let started = MonotonicTime.now()
  private var stopped = false

  /// Starts a feed on `url` for `symbol`.
  init(url: String, symbol: String, book: BookTable = .top25, config: FeedConfig = Integration.feedConfig()) {
    feed = MarketFeed(FeedOptions(webSocketURL: url, symbol: symbol, book: book, config: config))
    session = MarketSession(symbol: Symbol(symbol) ?? .empty)
    feed.start()
  }

  deinit {
    stop()
  }

  /// Stops the feed thread (it closes the connection first). Safe to call twice.
  func stop() {
    guard !stopped else { return }
    stopped = true
    feed.stop()
  }

  /// Seconds since the harness started the feed.
  var elapsed: Double { MonotonicTime.now() - started }

  /// The connection's state as last reported.
  var connectionState: ConnectionState? { status?.state }

  /// The feed says LIVE and every table of the watched symbol has its partial.
  var isLive: Bool { session.isLive }

  /// Whether any status received so far was in a state matching `predicate`.
  func saw(_ predicate: (ConnectionState) -> Bool) -> Bool {
    statuses.contains { predicate($0.state) }
  }

  /// Watch `symbol` instead: posts `.switchSymbol` and starts a fresh `MarketState` for it, as
  /// the dashboard does (the old symbol's book is gone).
  func switchSymbol(to symbol: String) {
    for command in session.switchSymbol(to: Symbol(symbol) ?? .empty) { feed.post(command) }
    bookPartials = 0
  }

  /// The client's book, best first, at most `depth` levels per side.
  func book(depth: Int = .max) -> (bids: [PriceLevel], asks: [PriceLevel]) {
    (state.book.top(.buy, depth), state.book.top(.sell, depth))
  }

  /// Whether the client's book is exactly the simulator's (the top `depth` levels per side).
  func bookMatches(_ sim: ExchangeSim, depth: Int? = nil) -> Bool {
    let theirs = sim.bookSnapshot(symbol: state.symbol.description, depth: depth)
    let mine = book(depth: depth ?? .max)
    return !theirs.bids.isEmpty && mine.bids == theirs.bids && mine.asks == theirs.asks
  }

  /// Drains and applies until `condition` holds; true if it did. When `timeout` seconds pass
  /// first, records an issue naming `what` and the last status, and returns false.
  @discardableResult
  func waitUntil(
    timeout: Double = 5, _ what: String = "the condition", sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (FeedHarness) -> Bool
  ) -> Bool {
    let deadline = MonotonicTime.now() + timeout
    while true {
      if condition(self) { return true }
      let left = deadline - MonotonicTime.now()
      if left <= 0 {
        Issue.record(
          "timed out after \(timeout) s waiting for \(what); last status: \(describeStatus())",
          sourceLocation: sourceLocation)
        return false
      }
      // Conditions may also look at the simulator, which does not wake us: poll it often.
      pump(wait: min(left, 0.02))
    }
  }

  /// Drains and applies for `seconds`, checking that `condition` holds all along; records an
  /// issue naming `what` and returns false the moment it does not. For "this never happens"
  /// checks (no reconnect loop, no second fault).
  @discardableResult
  func holds(
    for seconds: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (FeedHarness) -> Bool
  ) -> Bool {
    let deadline = MonotonicTime.now() + seconds
    while true {
      if !condition(self) {
        Issue.record(
          "\(what) stopped holding after \(elapsed) s; last status: \(describeStatus())",
          sourceLocation: sourceLocation)
        return false
      }
      let left = deadline - MonotonicTime.now()
      if left <= 0 { return true }
      pump(wait: min(left, 0.02))
    }
  }

  /// Waits up to `wait` seconds for the feed's signal, then drains whatever arrived and applies
  /// it, posting a resync for every integrity fault.
  func pump(wait: Double) {
    feed.uiWake.wait(timeout: wait)
    let drainStart = MonotonicTime.now()
    let update = feed.drain(into: &batch)
    maxDrainTime = max(maxDrainTime, MonotonicTime.now() - drainStart)
    maxBatchEvents = max(maxBatchEvents, batch.events.count)
    if !update.resetTopics.isEmpty { tablesResets += 1 }
    decodeErrors += update.decodeErrors
    if let message = update.lastDecodeError { decodeErrorMessages.append(message) }
    count(batch)
    let step = session.ingest(update, batch, now: drainStart)
    faults += step.changes.faults
    for command in step.commands {
      if case .resync(let topic) = command { resyncsPosted.append(topic) }
      feed.post(command)
    }
    batch.removeAll()
    if let s = update.status {
      statuses.append(s)
      statusTimes.append(.now())
    }
  }

  /// Tallies the book messages of `batch`.
  private func count(_ batch: MarketBatch) {
    for event in batch.events {
      guard case .book(let message) = event else { continue }
      // One event per book a message is for (the adapter maps each book's rows apart).
      guard let symbol = message.symbol ?? batch.bookRows[message.rows].first?.symbol else { continue }
      if message.action == .partial {
        if symbol == state.symbol { bookPartials += 1 }
      } else {
        bookDeltas[symbol.description, default: 0] += 1
      }
    }
  }

  /// The last status in words, for failure messages.
  func describeStatus() -> String {
    guard let status else { return "no status from the feed" }
    var words = "\(status.state.label) \(status.state) attempt \(status.attempt)"
    if let error = status.lastError { words += " (\(error))" }
    words += "; book \(state.bookSync), \(bookPartials) partial(s), \(faults.count) fault(s)"
    return words
  }
}
