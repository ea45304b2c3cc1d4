import ExchangeSim
import Feed
import MarketModel
import Session

/// The UI side of a real `MarketFeed`, as the dashboard runs it: drain the mailbox into a
/// `MarketBatch`, hand it to the same `MarketSession` the dashboard uses, and post the commands it
/// returns (a `.resync` for every integrity fault). It keeps
/// running totals only (no histories), so that a 30-minute run measures the feed and the engine,
/// not the driver's own bookkeeping.
///
/// Used from one thread; every wait is on a condition with a deadline.
final class SoakDriver {
  let feed: MarketFeed
  /// The session core, as every front end runs it.
  private(set) var session: MarketSession
  private var batch = MarketBatch()
  /// The watched market.
  var state: MarketState { session.market }
  /// The newest status received.
  var status: FeedStatus? { session.status }
  /// Undecodable frames the feed skipped.
  var skippedFrames: Int { session.decodeErrors }
  /// Resyncs posted (one per integrity fault).
  var resyncs: Int { session.resyncs }
  /// Drains that said tables were reset (a new connection, a resync, a stale table).
  var tablesResets: Int { session.resets }
  /// Book partials of the watched symbol.
  private(set) var bookPartials = 0
  /// Book deltas of the watched symbol.
  private(set) var bookDeltas = 0
  /// Book deltas of any other symbol (after a switch there must be none).
  private(set) var otherDeltas = 0
  /// Every event drained.
  private(set) var events = 0
  /// The most events one drain brought.
  private(set) var maxBatchEvents = 0
  /// The longest one `drain` call took, in seconds.
  private(set) var maxDrainTime = 0.0
  /// Reconnect waits seen, by kind (each failure's wait counted once).
  private(set) var reconnectWaits: [ConnectionState.Wait: Int] = [:]
  /// Reconnect waits that did not say why (no last error): the status must always say.
  private(set) var silentWaits = 0
  /// Reconnect statuses whose label and wait kind disagree with the last error (a 429 not
  /// shown as rate-limited, a 503 not as maintenance).
  private(set) var mislabelledWaits = 0
  /// Whether any status was `.error`.
  private(set) var sawError = false
  private var lastWaitDeadline: MonotonicTime?

  init(url: String, symbol: String, book: BookTable = .top25, config: FeedConfig) {
    feed = MarketFeed(FeedOptions(webSocketURL: url, symbol: symbol, book: book, config: config))
    session = MarketSession(symbol: Symbol(symbol) ?? .empty)
    feed.start()
  }

  /// Stops the feed thread (safe to call twice).
  func stop() { feed.stop() }

  /// The feed says LIVE and every table of the watched symbol has its partial.
  var isLive: Bool { session.isLive }

  /// Watch `symbol` instead (a fresh market state, as the dashboard does).
  func switchSymbol(to symbol: String) {
    for command in session.switchSymbol(to: Symbol(symbol) ?? .empty) { feed.post(command) }
  }

  /// Whether the client's book is exactly the simulator's (top `depth` per side, or all).
  func bookMatches(_ sim: ExchangeSim, depth: Int?) -> Bool {
    let theirs = sim.bookSnapshot(symbol: state.symbol.description, depth: depth)
    let d = depth ?? .max
    return !theirs.bids.isEmpty && state.book.top(.buy, d) == theirs.bids
      && state.book.top(.sell, d) == theirs.asks
  }

  /// Drains until `condition` holds (true) or `timeout` seconds pass (false).
  func waitUntil(timeout: Double, _ condition: (SoakDriver) -> Bool) -> Bool {
    let deadline = MonotonicTime.now() + timeout
    while true {
      if condition(self) { return true }
      let left = deadline - MonotonicTime.now()
      if left <= 0 { return false }
      pump(wait: min(left, 1.0 / 30))
    }
  }

  /// Drains for `seconds`.
  func run(for seconds: Double) {
    _ = waitUntil(timeout: seconds) { _ in false }
  }

  /// Waits up to `wait` s for the feed's signal, then drains, applies and answers faults.
  func pump(wait: Double) {
    feed.uiWake.wait(timeout: wait)
    let start = MonotonicTime.now()
    let update = feed.drain(into: &batch)
    maxDrainTime = max(maxDrainTime, MonotonicTime.now() - start)
    maxBatchEvents = max(maxBatchEvents, batch.events.count)
    events += batch.events.count
    count(batch)
    let step = session.ingest(update, batch, now: start)
    for command in step.commands { feed.post(command) }
    batch.removeAll()
    if let s = update.status { note(s) }
  }

  private func note(_ s: FeedStatus) {
    switch s.state {
    case .error:
      sawError = true
    case .reconnecting(_, let next, let error, let wait):
      guard next != lastWaitDeadline else { return }
      lastWaitDeadline = next
      reconnectWaits[wait, default: 0] += 1
      guard let error else {
        silentWaits += 1
        return
      }
      if error.contains("429") && wait != .rateLimited && wait != .hourlyLimit { mislabelledWaits += 1 }
      if error.contains("503") && (wait != .maintenance || s.state.label != "MAINTENANCE") {
        mislabelledWaits += 1
      }
    default:
      break
    }
  }

  /// Reconnect waits of every kind.
  var reconnects: Int { reconnectWaits.values.reduce(0, +) }

  private func count(_ batch: MarketBatch) {
    for event in batch.events {
      guard case .book(let message) = event else { continue }
      let rows = batch.bookRows[message.rows]
      // One event per book a message is for (BitMEX's adapter maps each book's rows apart).
      let mine = message.symbol == state.symbol
      if message.action == .partial {
        if mine { bookPartials += 1 }
      } else if mine {
        bookDeltas += 1
      } else if !rows.isEmpty {
        otherDeltas += 1
      }
    }
  }

  /// The last status in words.
  func describe() -> String {
    guard let status else { return "no status" }
    var words = "\(status.state.label) attempt \(status.attempt)"
    if let e = status.lastError { words += " (\(e))" }
    return words + "; book \(state.bookSync)"
  }
}
