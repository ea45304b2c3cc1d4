import App
import Feed
import MarketModel
import Screen
import Session
import Trading

/// `--once`: run the feed without a dashboard until the book is live (or a replay has
/// played out), print one snapshot, and exit: 0 on success, 1 on timeout or error (with
/// the last status on stderr). With `--record`, a recording that fails (an unwritable path, a
/// full disk) is an error too: it ends the run at once, or after the snapshot when only the
/// last write, at the end, fails.
struct OnceRunner {
  /// The venue the command line resolved: what the book's snapshot names.
  var venue: Venue
  var options: FeedOptions
  /// Where the data comes from.
  var mode: RunMode
  var json: Bool
  var timeout: Double
  /// For a replay: wait until the exchange closes (the file has played out).
  var waitForEnd: Bool
  /// Where to check the symbol and learn its tick size (nil: do not ask).
  var restURL: String?
  /// Times of day in UTC rather than the local time zone.
  var utc: Bool
  /// Print every instrument of the markets list instead of the book and tape.
  var markets = false
  /// Print the portfolio (`--portfolio`): these positions and these paper fills at the marks.
  var portfolio = false
  var held: [HeldPosition] = []
  var fills: [PaperFill] = []
  /// With `portfolio`: CSV instead of a table.
  var csv = false
  /// The book's levels a side and the trades the snapshot prints (`--levels`, `--trades`).
  var levels = 10
  var trades = 10

  func run() -> Int32 {
    let feed = MarketFeed(options)
    feed.start()
    defer {
      feed.stop()
      // On stderr, after the snapshot: what --record wrote.
      if let summary = feed.recordingSummary { printError("tradeterm: \(summary)") }
    }
    let rest = restURL.map { RESTWorker(baseURL: $0, userAgent: options.userAgent) }
    rest?.start()
    rest?.request(.instrument(options.symbol))
    defer { rest?.stop() }
    guard let symbol = Symbol(options.symbol) else { return 2 }
    var session = MarketSession(symbol: symbol)
    var batch = MarketBatch()
    // An unknown symbol waits a moment for the REST check, which names close matches.
    var watch = OnceWatch(now: .now(), timeout: timeout, unknownSymbolGrace: rest == nil ? nil : 5)
    while true {
      let now = MonotonicTime.now()
      // The book and the tape are live and only the instrument (auxiliary) is still on its way:
      // the book's snapshot is what was asked for, so at the deadline it is printed rather than
      // nothing.
      let bookLive =
        !markets && !portfolio && !waitForEnd && session.requiredTablesLive && session.status != nil
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
      for result in rest?.drain() ?? [] {
        switch result {
        case .instrument(_, let row?):
          session.merge(instrument: row)
        case .instrument(_, nil):
          rest?.request(.active)
        case .active(let rows):
          let close = SymbolSuggestions.closest(to: options.symbol, among: rows.map(\.symbol.description))
          let hint = close.isEmpty ? "" : "; close matches: \(close.joined(separator: ", "))"
          printError("tradeterm: unknown symbol \(options.symbol)\(hint)")
          return 2
        case .candles, .failed:
          break
        }
      }
      let update = feed.drain(into: &batch)
      let step = session.ingest(update, batch, now: now)
      batch.removeAll()
      if let failure = step.recorderFailure {
        printError("tradeterm: \(failure)")
        return 1
      }
      for command in step.commands { feed.post(command) }
      switch watch.decide(session.status, ready: !waitForEnd && session.isLive, now: now) {
      case .failed(let failure):
        let unknown = failure.kind == .unknownSymbol && rest != nil
        printError(
          "tradeterm: "
            + (unknown ? "unknown symbol \(options.symbol) (\(failure.message))" : failure.message))
        return OnceWatch.exitStatus(failure)
      case .wait, .gaveUp:
        continue
      case .snapshot:
        guard let status = session.status else { continue }
        // A replay's end: what it played is the snapshot.
        if case .ended = status.state { return complete(feed, session.market, status) }
        // Every table has its partial (or, for an auxiliary one, was given up on): a table still
        // waiting for one is not live.
        if markets || portfolio, session.markets.sync != .live, let why = session.instrumentUnavailable {
          // The list and the marks are the instrument table's: without it there is nothing to print.
          printError("tradeterm: the instrument table is unavailable: \(why)")
          return 1
        }
        if markets {
          feed.stop()
          return finishMarkets(session.markets, status)
        }
        if portfolio {
          // Every mark: the all-symbols instrument table holds its partial.
          guard session.markets.sync == .live else { continue }
          feed.stop()
          let valuation = Portfolio.value(
            held: held, fills: fills, universe: session.markets, nowMs: now.nanoseconds / 1_000_000,
            wallMs: DashboardRunner.wallMs(), connected: true,
            bitcoinSources: Venues.about(session.markets.venue)?.bitcoinSources ?? [],
            venueNames: Venues.directory.mapValues(\.displayName))
          let snapshot = PortfolioSnapshot(
            header: SnapshotHeader(
              venue: session.markets.venue, status: connection(status), mode: mode,
              timeMs: DashboardRunner.wallMs()),
            valuation: valuation)
          print(snapshot.output(json: json, csv: csv), terminator: "")
          return 0
        }
        return complete(feed, session.market, status)
      }
    }
  }

  /// Ends a run that has its snapshot: the feed is stopped first, which writes and closes the
  /// recording (`--record`), so that a failure to write its last frames is known before the
  /// exit status is.
  private func complete(_ feed: MarketFeed, _ state: MarketState, _ status: FeedStatus) -> Int32 {
    feed.stop()
    var batch = MarketBatch()
    let failure = feed.drain(into: &batch).recorderError
    let code = finish(state, status)
    guard let failure else { return code }
    printError("tradeterm: \(failure)")
    return 1
  }

  /// The connection's state as every snapshot's `status` says it (`LIVE`, `ENDED`); where the
  /// data came from is the `mode`, apart.
  private func connection(_ status: FeedStatus) -> String { status.state.label }

  private func finish(_ state: MarketState, _ status: FeedStatus) -> Int32 {
    let offset = utc ? 0 : LocalTime.offsetMinutes()
    let snapshot = BookSnapshot(
      venue: venue, state: state, status: connection(status), mode: mode, timeMs: DashboardRunner.wallMs(),
      utcOffsetMinutes: offset,
      depth: levels, trades: trades)
    print(snapshot.output(json: json), terminator: "")
    return 0
  }

  /// `--markets`: every instrument row, by 24 h USD volume.
  private func finishMarkets(_ universe: MarketUniverse, _ status: FeedStatus) -> Int32 {
    let snapshot = MarketsSnapshot(
      universe: universe, status: connection(status), mode: mode, timeMs: DashboardRunner.wallMs(),
      bitcoinSources: Venues.about(universe.venue)?.bitcoinSources ?? [])
    // Symbols and names come from the exchange: no control character reaches the terminal.
    print(snapshot.output(json: json), terminator: "")
    return 0
  }

}
