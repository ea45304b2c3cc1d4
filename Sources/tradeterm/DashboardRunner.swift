import App
import Commands
import Config
import Feed
import Journal
import Logging
import MarketModel
import Replay
import Screen
import Session
import Terminal
import Trading
import VenueCore

#if canImport(Glibc)
import Glibc
#endif

/// The dashboard: one UI thread that owns ncurses and the market state. It waits on the
/// keyboard, the feed's and the REST worker's wake pipes and the signal pipe, applies
/// what arrived in a batch, and draws at most `fps` times a second — and only when
/// something changed.
struct DashboardRunner {
  var options: FeedOptions
  var mode: RunMode
  var restURL: String?
  var fps: Int
  var ascii: Bool
  var color: Bool
  /// Report the mouse (not with `--no-mouse`).
  var mouse = true
  /// Times of day in UTC rather than the local time zone.
  var utc: Bool
  /// Open on the markets list (`--markets`).
  var startOnMarkets = false
  /// Open on the portfolio (`--portfolio`), and the positions from the file (or the demo's).
  var startOnPortfolio = false
  var held: [HeldPosition] = []
  var positionsName: String?
  /// The wall watch's thresholds set by the user (`--wall-size`).
  var wallSizes: [Symbol: Int64] = [:]
  /// A recording to play instead of the live feed (`--replay`), and the symbols it holds books
  /// for (the symbol picker's list).
  var replay: ReplaySource?
  /// Another venue followed live (nil: BitMEX, or a replay); with `venueReplay`, the venue whose
  /// book rule the replay's frames go through.
  var venueLive: VenueLive?
  /// A recording of another venue to play instead of its live feed (`--replay FILE VENUE:SYMBOL`).
  var venueReplay: VenueReplaySource?
  /// Where the picker and the markets list can take the dashboard (nil: a replay stays on its
  /// recording): `DashboardRunner+Switch`.
  var routes: VenueRoutes?
  var replaySymbols: [String] = []
  /// The split view's second instrument (`tradeterm ETHUSD kraken:ETH/USD`), followed beside the first
  /// on a feed of its own; nil for one book.
  var split: InstrumentID?
  /// The config's settings (keys, alerts, large-trade sizes…).
  var settings = Settings()
  var theme = Theme.dark
  /// `--log-file`'s logger, nil without one.
  var logger: Logger?
  /// What the config said at start (unknown keys, key conflicts): shown on the status line.
  var startNotes: [String] = []

  func run() -> Int32 {
    let screen: TerminalScreen
    do {
      screen = try TerminalScreen(options: .init(color: color, theme: theme, mouse: mouse))
    } catch {
      printError("tradeterm: \(error)")
      return 2
    }
    var exitMessage: String?
    var journalWarnings: [String] = []
    var exitStatus: Int32 = 0
    defer {
      screen.restore()
      // One line each: printError makes a line of what it is given (a newline would show as `?`).
      for line in exitMessage?.split(separator: "\n") ?? [] { printError(String(line)) }
      for warning in journalWarnings { printError("tradeterm: \(warning)") }
    }
    var trace = StartupTrace.fromEnvironment()
    var feedOptions = options
    feedOptions.recordArrivals = trace != nil
    var venueSource: VenueDashboardSource?
    let replaying = replay != nil || venueReplay != nil
    if !replaying, let venueLive { venueSource = Self.venueSource(feedOptions, venueLive) }
    var liveFeed = !replaying && venueSource == nil ? MarketFeed(feedOptions) : nil
    var feed: any DashboardSource
    if let replay {
      feed = replay
    } else if let venueReplay {
      feed = venueReplay
    } else if let venueSource {
      feed = venueSource
    } else {
      feed = liveFeed!
    }
    feed.start()
    defer { feed.stop() }
    // BitMEX's REST worker runs all along (a venue switch may come back to BitMEX); `rest` is it
    // while the market is BitMEX's.
    let bitmexREST = (restURL ?? routes?.bitmexREST).map {
      RESTWorker(baseURL: $0, userAgent: options.userAgent)
    }
    bitmexREST?.start()
    defer { bitmexREST?.stop() }
    var rest = feed.isVenue ? nil : bitmexREST
    requestStartData(rest, symbol: options.symbol)
    // A venue market asks its own venue's REST (instruments, candles, tickers) instead.
    // (A venue switch stops it and starts the next venue's.)
    var venueREST = Self.venueRESTWorker(venueLive, replay: replaying, userAgent: options.userAgent)
    venueREST?.start()
    defer { venueREST?.stop() }
    if let venueREST {
      Self.request(.loadStartData(symbol: options.symbol), from: venueREST, wallMs: Self.wallMs())
    }

    let (w, h) = screen.size
    var start = AppStart(
      symbol: Symbol(options.symbol) ?? Symbol(Venues.homeSymbol) ?? "?", mode: mode, width: w, height: h,
      ascii: ascii || !TerminalScreen.localeIsUTF8, color: color)
    if let venueLive, replay == nil {
      start.session = MarketSession(
        symbol: start.symbol, bookPolicy: venueLive.bookPolicy, bookDepth: venueLive.bookDepth,
        venue: venueLive.venue)
    }
    start.asksStartData = rest != nil || venueREST != nil
    start.followableVenues = routes?.followable ?? []
    start.venues = Venues.directory
    start.venueOrder = Venues.names
    start.venuesReopenedPerSymbol = routes?.reopenedPerSymbol ?? []
    start.venuesTickingEveryInstrument = routes?.tickingEveryInstrument ?? []
    start.venueSwitchRefusal = venueSwitchRefusal
    start.acrossRefusal = acrossRefusal
    start.utcOffsetMinutes = utc ? 0 : LocalTime.offsetMinutes()
    // REC on screen while `--record` writes; RECORDING STOPPED, and why, once it cannot.
    start.recording = options.recordPath != nil
    let favourites = FavouritesFile.standard()
    var favouritesNote: String?
    switch favourites?.read() ?? .success([]) {
    case .success(let ids): start.favourites = ids
    case .failure(let refusal): favouritesNote = "favourites not read: \(refusal)"
    }
    // The list as last read or saved: a save applies only what this run changed since (the
    // config's favourites are not the file's).
    var favouritesBase = start.favourites
    if startOnMarkets { start.screen = .markets }
    if startOnPortfolio { start.screen = .portfolio }
    start.held = held
    start.positionsName = positionsName
    start.keyOverrides = settings.keys
    start.confirmQuit = settings.confirmQuit
    start.largeTradeSizes = settings.largeTrade
    start.configFavourites = settings.favourites
    start.configAlerts = settings.alerts
    start.wallSizes = wallSizes
    var state = AppState(start: start)
    if !replaySymbols.isEmpty { _ = App.update(&state, .symbols(replaySymbols)) }
    // The paper journal: read back before anything is drawn, so open orders and fills survive a
    // restart; a second tradeterm finds it locked and stays read-only until the first quits (it
    // tries the lock every few seconds: `Effect.retakeJournal`).
    let journal = PaperJournal.standardPath(demo: mode == .demo).map { PaperJournal(path: $0) }
    // The clock first, so that what the journal has to say stays on screen for its while.
    _ = App.update(&state, .tick(now: MonotonicTime.now(), wallMs: Self.wallMs()))
    if let journal {
      let loaded = journal.load()
      journalWarnings = loaded.warnings
      _ = App.update(
        &state,
        .paper(
          .opened(
            events: loaded.events, warnings: loaded.warnings, readOnly: journal.readOnlyReason,
            heldByAnother: journal.heldByAnother)))
    } else {
      _ = App.update(
        &state,
        .paper(
          .opened(
            events: [], warnings: [], readOnly: "no paper journal: neither XDG_STATE_HOME nor HOME is set")))
    }
    var alertsFile = AlertsFile.standard()
    var notes = startNotes
    if let favouritesNote {
      notes.append(favouritesNote)
      logger?.error("\(favouritesNote)")
    }
    switch alertsFile?.load() ?? .success(LoadedAlerts()) {
    case .success(let loaded):
      for rule in loaded.rules { state.alerts.add(rule) }
      // A bad alert is skipped, not the file: said, and the good ones kept.
      if let first = loaded.skipped.first {
        let more = loaded.skipped.count > 1 ? " (+\(loaded.skipped.count - 1) more)" : ""
        notes.append("alerts file: \(first.description)\(more)")
        for skipped in loaded.skipped { logger?.error("alerts file: \(skipped.description)") }
      }
    case .failure(let problem):
      // A file that cannot be read is left as it is (not overwritten with this run's alerts).
      // The whole message (a path, a line and column, the reason) does not fit the status
      // line: it says so in short and the A list shows it whole.
      notes.append("alerts file not read (A: why); alerts added now are not kept")
      state.alertsFileProblem = problem.message + " (the file is left alone)"
      logger?.error("\(problem.message)")
      alertsFile = nil
    }
    if !notes.isEmpty {
      state.notice = Notice(notes.joined(separator: "; "), until: MonotonicTime.now() + 15)
    }
    logger?.info(
      "tradeterm \(TradetermVersion.current) started: \(options.symbol) via \(options.webSocketURL), \(state.alerts.alerts.count) alerts"
    )
    var commands = AlertCommands()
    var logged = LoggedState()
    var batch = MarketBatch()
    var venueBatch = VenueBatch()
    var arrivals: [FrameArrival] = []
    let pacer = FramePacer(fps: fps)
    var lastDraw = MonotonicTime(nanoseconds: 0)
    var forceDraw = true
    var memo = RenderMemo()
    var lastOffsetMinute = Self.wallMs() / 60_000
    // The cross-venue screen while its key has it open over the dashboard (which stays followed).
    var across: AcrossSession?
    defer { across?.stop() }
    // The other venues' REST workers the markets list's venue filter asked for, one per venue.
    var otherREST: [InstrumentID.Venue: VenueRESTWorker] = [:]
    defer { for (_, worker) in otherREST { worker.stop() } }
    // The split view's second feed while it is open (`DashboardRunner+Split`), and its batches.
    var splitFeed: (any DashboardSource)?
    defer { splitFeed?.stop() }
    var splitBatch = MarketBatch()
    var splitVenueBatch = VenueBatch()
    var startEffects: [Effect] = []
    if let split {
      state.splitPartner = split
      let opened = openSplit(split, &state, options: feedOptions)
      splitFeed = opened.feed
      startEffects = opened.effects
    }

    loop: while true {
      let now = MonotonicTime.now()
      // Sleep until input, data, a signal, the next frame slot (if something is
      // waiting to be drawn), or the next second (countdowns and data ages move).
      var timeout = across?.pollTimeout(now: now) ?? pacer.pollTimeout(state, now: now, lastDraw: lastDraw)
      // Live data waits for the next frame slot (no frame could show it sooner): the feeds are
      // not polled until then, and the loop wakes at the slot to take what came.
      let feedHold = across == nil ? pacer.feedHold(state, now: now, lastDraw: lastDraw) : nil
      if let feedHold { timeout = min(timeout, feedHold) }
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: feedHold == nil ? feed.wakeDescriptor : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: screen.signalDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: bitmexREST?.wake.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: venueREST?.wake.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      for (_, worker) in otherREST {
        fds.append(pollfd(fd: worker.wake.descriptor, events: Int16(POLLIN), revents: 0))
      }
      for fd in across?.descriptors(now: now) ?? [] {
        fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
      }
      if let splitFeed {
        fds.append(
          pollfd(fd: feedHold == nil ? splitFeed.wakeDescriptor : -1, events: Int16(POLLIN), revents: 0))
      }
      _ = poll(&fds, nfds_t(fds.count), Int32((timeout * 1000).rounded(.up)))

      if fds[2].revents != 0, let signal = screen.pendingSignal() {
        // Ctrl-C typed is the quit key (0); any other quit signal ends it as a shell expects
        // of a process a signal stopped: 128 + the signal (SIGTERM 143, SIGHUP 129, ...).
        if signal.number != SIGINT || !signal.fromTerminal {
          exitStatus = 128 + signal.number
          exitMessage =
            "tradeterm: stopped by signal \(signal.number) (\(String(cString: strsignal(signal.number))))"
        }
        break loop
      }
      // A hung-up terminal polls as HUP (often with IN set too): leave, do not spin.
      if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        exitMessage = "tradeterm: the terminal's input closed"
        break loop
      }
      let tickNow = MonotonicTime.now()
      let wall = Self.wallMs()
      var effects: [Effect] = startEffects
      startEffects = []
      for input in screen.readInput(keysWaiting: fds[0].revents & Int16(POLLIN) != 0) {
        switch input {
        case .key(let key):
          if let open = across {
            // The cross-venue screen has the keys; leaving it shows the dashboard again, and
            // its quit key is the dashboard's (which may ask first).
            open.press(key)
            guard let leaving = open.state.leaving else { continue }
            open.stop()
            across = nil
            if leaving == .quit { effects += App.update(&state, .key(key)) }
          } else {
            effects += App.update(&state, .key(key))
          }
          forceDraw = true
        case .resize(let width, let height):
          across?.resize(width: width, height: height)
          effects += App.update(&state, .resize(width: width, height: height))
          forceDraw = true
        case .mouse(let event):
          effects += App.update(&state, .mouse(event))
          forceDraw = true
        }
      }
      let update: FeedUpdate
      if trace != nil, let feed = liveFeed {
        update = feed.drain(into: &batch, arrivals: &arrivals)
        trace?.drained(batch, arrivals: arrivals, symbol: state.market.symbol)
        arrivals.removeAll(keepingCapacity: true)
      } else {
        update = feed.drain(into: &batch, venue: &venueBatch)
      }
      effects += App.update(
        &state, .feed(update, now: tickNow, wallMs: wall), batch: batch,
        venueBatch: feed.isVenue ? venueBatch : nil)
      batch.removeAll()
      venueBatch.removeAll()
      if let second = splitFeed {
        let update = second.drain(into: &splitBatch, venue: &splitVenueBatch)
        effects += App.update(
          &state, .splitFeed(update, now: tickNow, wallMs: wall), batch: splitBatch,
          venueBatch: second.isVenue ? splitVenueBatch : nil)
        splitBatch.removeAll()
        splitVenueBatch.removeAll()
      }
      // BitMEX's REST: its market's, or (another venue on screen) its list for the markets list.
      if fds[3].revents != 0, let rest = rest ?? bitmexREST {
        for result in rest.drain() {
          if case .failed(let request, let reason) = result {
            logger?.warning("REST \(request) failed: \(reason)")
          }
          effects += App.update(&state, .rest(result))
        }
      }
      if fds[4].revents != 0, let venueREST {
        for result in venueREST.drain() {
          if case .failed(let intent, let reason) = result {
            logger?.warning("REST \(intent) failed: \(reason)")
          }
          effects += App.update(&state, .venueREST(result))
        }
      }
      // The other venues' lists for the markets list's venue filter.
      for (venue, worker) in otherREST {
        for result in worker.drain() {
          if case .failed(let intent, let reason) = result {
            logger?.warning("\(venue) REST \(intent) failed: \(reason)")
          }
          effects += App.update(&state, .otherVenueREST(venue, result))
        }
      }
      if let logger { logged.log(state, to: logger) }
      if !commands.isEmpty {
        for problem in commands.poll(now: Double(tickNow.nanoseconds) / 1e9) {
          state.notice = Notice(problem, until: tickNow + 10)
          logger?.warning("\(problem)")
        }
      }
      // The offset moves at a daylight-saving change: look again once a minute.
      if !utc, wall / 60_000 != lastOffsetMinute {
        lastOffsetMinute = wall / 60_000
        let offset = LocalTime.offsetMinutes()
        if offset != state.utcOffsetMinutes {
          state.utcOffsetMinutes = offset
          state.dirty = true
        }
      }
      effects += App.update(&state, .tick(now: tickNow, wallMs: wall))

      // Effects may answer with more (the journal's answer to a write): run them all.
      var next = 0
      while next < effects.count {
        let effect = effects[next]
        next += 1
        if let venueREST { Self.request(effect, from: venueREST, wallMs: wall) }
        switch effect {
        case .feed(let command):
          if case .watchTickers(let symbols) = command {
            logger?.info(
              symbols.isEmpty
                ? "markets list: the other tickers unsubscribed"
                : "markets list: \(symbols.count) tickers subscribed live")
          }
          feed.post(command)
        case .loadMarkets(.bitmex):
          // BitMEX's list from another venue: its `instrument/active` (its REST worker runs all along).
          bitmexREST?.request(.active)
        case .loadMarkets(let venue):
          if otherREST[venue] == nil, let worker = otherMarketsWorker(venue) {
            worker.start()
            worker.request(.instruments)
            otherREST[venue] = worker
          }
          otherREST[venue]?.request(.tickers)
        case .openAcross(let asset):
          across?.stop()
          across = openAcross(asset, &state)
          forceDraw = true
        case .openMarket(let id):
          effects += switchMarket(
            to: id, &state, feed: &feed, liveFeed: &liveFeed, rest: &rest, bitmexREST: bitmexREST,
            venueREST: &venueREST, options: feedOptions)
          forceDraw = true
        case .openSplit(let id):
          splitFeed?.stop()
          let opened = openSplit(id, &state, options: feedOptions)
          splitFeed = opened.feed
          effects += opened.effects
          forceDraw = true
        case .closeSplit:
          splitFeed?.stop()
          splitFeed = nil
          forceDraw = true
        case .swapSplit:
          effects += swapSplit(
            &state, feed: &feed, splitFeed: &splitFeed, liveFeed: &liveFeed, rest: &rest,
            bitmexREST: bitmexREST,
            venueREST: &venueREST)
          forceDraw = true
        case .splitFeed(let command): splitFeed?.post(command)
        case .replay(let control): feed.control(control)
        case .loadStartData(let symbol): requestStartData(rest, symbol: symbol, includeActive: false)
        case .loadSymbols: rest?.request(.active)
        case .loadCandles(let symbol, let interval, let count, let endMs):
          rest?.request(.candles(symbol: symbol, interval: interval, count: count, endMs: endMs))
        case .saveFavourites(let ids):
          guard let favourites else { break }
          switch favourites.merge(ids, since: favouritesBase) {
          case .success(let merged):
            // Stars another tradeterm added meanwhile are kept, and shown.
            favouritesBase = merged
            state.markets.favourites = merged
          case .failure(let refusal):
            state.notice = Notice("favourites not saved: \(refusal)", until: tickNow + 10)
            logger?.error("favourites not saved: \(refusal)")
          }
        case .writeJournal(let events):
          // Written and fsync'ed here, before the state shows them: what is on screen is on disk.
          let failure = journal.map { $0.append(events) } ?? "no paper journal"
          let news: PaperNews = failure.map { .failed(events, reason: $0) } ?? .written(events)
          effects += App.update(&state, .paper(news))
          forceDraw = true
        case .retakeJournal:
          guard let journal else { break }
          if journal.retakeLock() {
            // The writer now: read again what the other one wrote meanwhile.
            let loaded = journal.load()
            journalWarnings += loaded.warnings
            logger?.notice("paper journal: took over the lock of \(journal.path)")
            effects += App.update(&state, .paper(.tookOver(events: loaded.events, warnings: loaded.warnings)))
            forceDraw = true
          } else if !journal.heldByAnother {
            effects += App.update(
              &state, .paper(.retakeFailed(reason: journal.readOnlyReason ?? "read-only")))
            forceDraw = true
          }
        case .saveAlerts(let rules):
          if let problem = alertsFile?.save(rules) {
            state.notice = Notice(problem, until: tickNow + 10)
            logger?.error("alerts file: \(problem)")
          }
        case .alertFired(let fired):
          logger?.notice("alert: \(fired.message)")
          TerminalAlert.bell()
          TerminalAlert.notify(title: "tradeterm", body: fired.message)
          if let problem = commands.start(fired, now: Double(tickNow.nanoseconds) / 1e9) {
            state.notice = Notice(problem, until: tickNow + 10)
            logger?.error("\(problem)")
          }
        case .quit: break loop
        }
      }
      if state.quitting { break loop }

      let drawNow = MonotonicTime.now()
      if let open = across {
        // The dashboard is followed underneath, not drawn.
        if let grid = open.step() { screen.draw(grid) }
      } else if pacer.shouldDraw(state, now: drawNow, lastDraw: lastDraw, forced: forceDraw) {
        screen.draw(DashboardView.render(state, reusing: &memo))
        trace?.drew(bookLive: state.market.bookSync == .live)
        state.dirty = false
        state.urgent = false
        forceDraw = false
        lastDraw = drawNow
      } else if pacer.shouldDrawStatusLine(state, now: drawNow, lastDraw: lastDraw),
        let grid = DashboardView.renderStatusLine(state, reusing: &memo)
      {
        // Paused: the frame stays, its status line says how old it is.
        screen.draw(grid)
        lastDraw = drawNow
      }
    }
    // Alert commands end with tradeterm (each with its process group).
    commands.stopAll()
    // Stopping the feed writes the recording's last frames: say so on the way out if that, or
    // anything before, failed (the screen that said it is gone).
    feed.stop()
    var last = MarketBatch()
    if let failure = liveFeed?.drain(into: &last).recorderError ?? state.recordingFailure {
      exitMessage = [exitMessage, "tradeterm: \(failure)"].compactMap { $0 }.joined(separator: "\n")
    }
    // What --record wrote: the path, the frames and the bytes.
    if let summary = liveFeed?.recordingSummary {
      exitMessage = [exitMessage, "tradeterm: \(summary)"].compactMap { $0 }.joined(separator: "\n")
    }
    // A replay's bad lines (the status line counted them) and why it stopped short, in words.
    if let (path, venue, failure) = replay.map({ ($0.path, $0.venue, $0.failure) })
      ?? venueReplay.map({ ($0.path, $0.venue, $0.failure) })
    {
      var words: [String] = []
      if let p = state.session.replay, p.badLines > 0 {
        words.append(
          "tradeterm: \(path): skipped \(p.badLines) bad line(s); the last: \(p.lastBadLine ?? "")")
      }
      if let p = state.session.replay, p.otherVenueLines > 0 {
        words.append(
          "tradeterm: \(path): skipped "
            + ReplayPlayer.otherVenueWords(p.otherVenueLines, p.otherVenues)
            + " (replayed as \(venue))")
      }
      if let failure { words.append("tradeterm: cannot replay \(failure)") }
      exitMessage = ([exitMessage].compactMap { $0 } + words).joined(separator: "\n")
      if exitMessage?.isEmpty == true { exitMessage = nil }
    }
    return exitStatus
  }

  private func requestStartData(_ rest: RESTWorker?, symbol: String, includeActive: Bool = true) {
    guard let rest else { return }
    rest.request(.instrument(symbol))
    for interval in Effect.startCandleIntervals {
      rest.request(.candles(symbol: symbol, interval: interval, count: Effect.startCandleCount))
    }
    if includeActive { rest.request(.active) }
  }

  /// What the log last said of the connection, resyncs, skipped rows and unavailable tables,
  /// to log changes only.
  struct LoggedState {
    var connection: String?
    var resyncs = 0
    var resets = 0
    var skippedRows = 0
    var unavailable: [Subscription: String] = [:]

    mutating func log(_ state: AppState, to logger: Logger) {
      if let status = state.status {
        var words = status.state.label
        switch status.state {
        case .reconnecting(let attempt, _, let error, _):
          words += " attempt \(attempt)" + (error.map { " (\($0))" } ?? "")
        case .error, .ended:
          if let error = status.lastError { words += " (\(error))" }
        default: break
        }
        if words != connection {
          logger.info("connection: \(words)")
          connection = words
        }
        if status.unavailable != unavailable {
          for (topic, why) in status.unavailable.sorted(by: { $0.key.description < $1.key.description })
          where unavailable[topic] != why {
            logger.warning("table \(topic) unavailable: \(why)")
          }
          unavailable = status.unavailable
        }
      }
      if state.session.skippedRows > skippedRows {
        let count = state.session.skippedRows - skippedRows
        skippedRows = state.session.skippedRows
        logger.warning("skipped \(count) malformed row(s); the last: \(state.session.lastSkippedRow ?? "?")")
      }
      if state.session.resets > resets {
        resets = state.session.resets
        logger.debug("tables reset, waiting for fresh partials (#\(resets), \(connection ?? "-"))")
      }
      if state.session.resyncs > resyncs {
        resyncs = state.session.resyncs
        let why = state.session.lastFault.map { "\($0.fault)" } ?? "?"
        logger.warning("resync #\(resyncs): \(why)")
      }
    }
  }

  static func wallMs() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }
}

extension DashboardRunner {
  /// The live feed of another venue: its adapter's codec over the one feed loop, one feed per
  /// connection the adapter routes the market's streams to.
  static func venueSource(_ options: FeedOptions, _ live: VenueLive) -> VenueDashboardSource {
    var options = options
    // A venue's liquidations have no image and may be quiet for minutes (`imagelessChannels`).
    options.config.imagelessChannels.insert(.liquidations)
    return VenueDashboardSource(
      VenueFeedGroup(options, adapter: live.adapter, plan: live.plan, restHost: live.restHost))
  }
}
