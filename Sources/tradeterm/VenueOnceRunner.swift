import App
import Feed
import MarketModel
import Screen
import Session
import VenueCore

/// `--once` on a venue other than BitMEX (`tradeterm --once kraken:BTC/USD`, or with `--demo`):
/// the venue's feed and book rule without a dashboard until the book is live and the trades are
/// subscribed, then one snapshot — the book, the tape, the book rule's state and its integrity
/// counts (`{"checks": N, "failures": M, "resyncs": K}`, as a replay prints them) — and exit: 0
/// on success, 1 on timeout or error (the last status on stderr).
struct VenueOnceRunner {
  var live: VenueLive
  var options: FeedOptions
  var mode: RunMode
  var json: Bool
  var timeout: Double
  var utc: Bool
  var levels = 10
  var trades = 10

  func run() -> Int32 {
    let feed = DashboardRunner.venueSource(options, live).feed
    feed.start()
    defer {
      feed.stop()
      if let summary = feed.recordingSummary { printError("tradeterm: \(summary)") }
    }
    guard let symbol = Symbol(options.symbol) else { return 2 }
    var session = MarketSession(
      symbol: symbol, bookPolicy: live.bookPolicy, bookDepth: live.bookDepth,
      venue: live.venue)
    var batch = VenueBatch()
    var watch = OnceWatch(now: .now(), timeout: timeout)
    while true {
      let now = MonotonicTime.now()
      // The book is live and only the trades' subscription is still on its way (a quiet pair):
      // the book is what was asked for, so at the deadline it is printed rather than nothing.
      let bookLive = session.market.bookSync == .live && session.status?.state == .live
      switch watch.atDeadline(now: now, enough: bookLive) {
      case .gaveUp?:
        printError(
          "tradeterm: gave up after \(NumberFormat.fixed(timeout, decimals: 0, grouping: false)) s: \(OnceWatch.describe(session))"
        )
        return 1
      case .some:
        if let status = session.status { return complete(feed, session.market, status) }
      case nil: break
      }
      feed.uiWake.wait(timeout: watch.waitLimit(now: now))
      let update = feed.drain(into: &batch)
      let step = session.ingest(update, batch, now: now)
      batch.removeAll()
      if let failure = step.recorderFailure {
        printError("tradeterm: \(failure)")
        return 1
      }
      for command in step.commands { feed.post(command) }
      switch watch.decide(session.status, ready: session.isLive, now: now) {
      case .failed(let failure):
        printError("tradeterm: \(failure.message)")
        return OnceWatch.exitStatus(failure)
      case .snapshot:
        if let status = session.status { return complete(feed, session.market, status) }
      case .wait, .gaveUp:
        continue
      }
    }
  }

  /// Stops the feed first (which writes and closes a `--record` recording), then prints.
  private func complete(_ feed: VenueFeedGroup, _ state: MarketState, _ status: FeedStatus) -> Int32 {
    feed.stop()
    var last = VenueBatch()
    let failure = feed.drain(into: &last).recorderError
    let snapshot = BookSnapshot(
      venue: live.venue, state: state, status: status.state.label, mode: mode,
      timeMs: DashboardRunner.wallMs(),
      utcOffsetMinutes: utc ? 0 : LocalTime.offsetMinutes(), depth: levels, trades: trades)
    print(snapshot.output(json: json), terminator: "")
    guard let failure else { return 0 }
    printError("tradeterm: \(failure)")
    return 1
  }
}
