import App
import BitMEX
import Commands
import Feed
import MarketModel
import Replay
import Screen
import Session
import Terminal
import Threads
import VenueCore

#if canImport(Glibc)
import Glibc
#endif

/// The cross-venue screen (`tradeterm --across ASSET`) and its `--once`: one `VenueFeed` per
/// chosen instrument, one UI loop that polls every feed's wake pipe (with the keyboard and the
/// signal pipe in the dashboard), drains each into its session in `AcrossState`, and draws at most
/// `fps` times a second — and at least twice a second, for the books' ages.
struct AcrossRunner {
  var plan: AcrossPlan
  var mode: RunMode
  var userAgent: String
  var fps = 30
  var ascii = false
  var color = true
  var utc = false
  var theme = Theme.dark
  /// The keys in force (the config's `[keys]` over the defaults): `+`/`-` and `q` are rebindable here
  /// as on the dashboard.
  var keys = KeyBindings.standard
  /// The alerts of the config and the alerts file; the asset's `spread` alerts are armed here.
  var alerts: [AlertRule] = []
  /// The config's `[across] stablecoins-at-par` and `[fees]`.
  var stablecoinsAtPar = false
  var takerFeePercent: [Venue: FixedDecimal] = [:]
  /// `--record`'s one file, which every feed writes its frames to, each line tagged with its
  /// venue (opened and closed by the caller); its preamble names the plan (`AcrossRecording`).
  var recorder: FrameRecorder?

  /// One chosen instrument's feed: BitMEX's own, or another venue's adapter over the one loop
  /// (a feed per connection the venue routes the market's streams to: USDⓈ-M's book on
  /// `/public`, its trades on `/market`).
  enum Feed {
    case bitmex(MarketFeed)
    case venue(VenueFeedGroup)

    var uiWake: WakeSignal {
      switch self {
      case .bitmex(let f): f.uiWake
      case .venue(let f): f.uiWake
      }
    }
    func start() {
      switch self {
      case .bitmex(let f): f.start()
      case .venue(let f): f.start()
      }
    }
    func stop() {
      switch self {
      case .bitmex(let f): f.stop()
      case .venue(let f): f.stop()
      }
    }
    func post(_ command: FeedCommand) {
      switch self {
      case .bitmex(let f): f.post(command)
      case .venue(let f): f.post(command)
      }
    }
  }

  /// The feed of each chosen instrument, in order.
  func makeFeeds() -> [Feed] {
    plan.instruments.map { chosen in
      switch chosen.source {
      case .bitmex:
        // The book 25 deep, the trades, and its own instrument row its contract is read from (not
        // every symbol's: the screen shows none of them).
        let options = FeedOptions(
          webSocketURL: chosen.url, symbol: chosen.key.symbol.description, book: .top25, config: FeedConfig(),
          userAgent: userAgent, venue: .bitmex)
        let (url, symbol) = (options.webSocketURL, options.symbol)
        return .bitmex(
          MarketFeed(
            options, plan: BitMEXWire.singleInstrumentPlan(book: .top25), uiWake: WakeSignal(),
            recorder: recorder
          ) { BitMEXCodec(url: url, symbol: symbol) })
      case .venue(let live):
        let options = FeedOptions(
          webSocketURL: chosen.url, symbol: chosen.key.symbol.description, userAgent: userAgent,
          venue: chosen.key.venue, venueName: Venues.displayName(chosen.key.venue))
        return .venue(
          VenueFeedGroup(
            options, adapter: live.adapter, plan: live.plan, restHost: live.restHost, recorder: recorder))
      }
    }
  }

  /// One REST worker per venue of the plan whose instruments wait for its facts (its
  /// `.instruments`, asked once when the screen opens: `AcrossSession`).
  func factsWorkers() -> [(venue: Venue, worker: VenueRESTWorker)] {
    var venues: Set<Venue> = []
    var workers: [(venue: Venue, worker: VenueRESTWorker)] = []
    for chosen in plan.instruments where chosen.needsFacts {
      guard case .venue(let live) = chosen.source, let host = live.restHost,
        venues.insert(chosen.key.venue).inserted
      else { continue }
      workers.append(
        (chosen.key.venue, VenueRESTWorker(adapter: live.adapter, baseURL: host, userAgent: userAgent)))
    }
    return workers
  }

  /// A state of the plan's instruments, each with a fresh session on its venue's book rule (BitMEX
  /// on its own tables, waiting for its instrument's facts).
  func makeState(width: Int, height: Int) -> AcrossState {
    // One instrument per feed, in the plan's order (the plan keeps only what has a spec).
    let instruments = plan.instruments.compactMap { chosen -> AcrossInstrument? in
      switch chosen.source {
      case .bitmex:
        let placeholder = InstrumentSpec(
          key: chosen.key, kind: .other, base: plan.asset, quote: "USD", settle: plan.asset,
          tickSize: FixedDecimal(mantissa: 1, scale: 0), lotSize: FixedDecimal(mantissa: 1, scale: 0),
          contract: .base)
        return AcrossInstrument(
          bitmex: chosen.key, session: MarketSession(symbol: chosen.key.symbol), placeholder: placeholder)
      case .venue(let live):
        let session = MarketSession(
          symbol: chosen.key.symbol, bookPolicy: live.bookPolicy, bookDepth: live.bookDepth)
        guard chosen.needsFacts else { return AcrossInstrument(key: chosen.key, session: session) }
        // A contract waits for its venue's facts (`factsWorkers`); this stands in, never converts.
        let placeholder = InstrumentSpec(
          key: chosen.key, kind: .other, base: plan.asset, quote: "USD", settle: plan.asset,
          tickSize: FixedDecimal(mantissa: 1, scale: 0), lotSize: FixedDecimal(mantissa: 1, scale: 0),
          contract: .base)
        return AcrossInstrument(key: chosen.key, session: session, awaiting: placeholder)
      }
    }
    var state = AcrossState(
      asset: plan.asset, instruments: instruments, width: width, height: height, ascii: ascii)
    state.notes = plan.notes
    state.venueLetters = Venues.directory.mapValues(\.mark)
    state.venueNames = Venues.directory.mapValues(\.displayName)
    state.keys = keys
    state.configure(stablecoinsAtPar: stablecoinsAtPar, takerFeePercent: takerFeePercent)
    for rule in alerts where rule.symbol.description == plan.asset.description {
      if case .spread = rule.kind { state.alerts.add(rule, fromConfig: true) }
    }
    state.mode = mode
    return state
  }

  /// Drains every feed into `state` at `now`, posting what the sessions ask of their feeds; a
  /// BitMEX instrument's facts are taken from its instrument row as soon as it has them. With
  /// `keepingStatus`, a feed's new status is left out (the last drain of feeds stopped on purpose:
  /// their books were live until then).
  static func drain(
    _ feeds: [Feed], into state: inout AcrossState, batch: inout VenueBatch, bitmexBatch: inout MarketBatch,
    now: MonotonicTime,
    wallMs: Int64, keepingStatus: Bool = false
  ) {
    for (i, feed) in feeds.enumerated() {
      let commands: [FeedCommand]
      switch feed {
      case .venue(let f):
        var update = f.drain(into: &batch)
        if keepingStatus { update.status = nil }
        commands = state.ingest(i, update, batch, now: now, wallMs: wallMs)
        batch.removeAll()
      case .bitmex(let f):
        var update = f.drain(into: &bitmexBatch)
        if keepingStatus { update.status = nil }
        commands = state.ingest(i, update, bitmexBatch, now: now, wallMs: wallMs)
        adoptBitMEXFacts(&state, instrument: i, rowsCame: !bitmexBatch.instruments.isEmpty)
        bitmexBatch.removeAll()
      }
      for command in commands { feed.post(command) }
    }
  }

  /// A BitMEX instrument's facts, taken from its instrument row once it came, and again only when
  /// a batch brought rows (not per drain).
  static func adoptBitMEXFacts(_ state: inout AcrossState, instrument i: Int, rowsCame: Bool) {
    let instrument = state.instruments[i]
    if instrument.factsPending || rowsCame, let facts = BitMEXSpec.spec(instrument.session.market.instrument),
      facts != instrument.spec
    {
      state.adopt(facts, instrument: i)
    }
  }

  /// The screen on its own (`tradeterm --across`, or over `replay`: a recording of it); the exit
  /// status.
  func run(replay: AcrossReplaySource? = nil) -> Int32 {
    let screen: TerminalScreen
    do {
      screen = try TerminalScreen(options: .init(color: color, theme: theme))
    } catch {
      printError("tradeterm: \(error)")
      return 2
    }
    var exitMessage: String?
    var exitStatus: Int32 = 0
    defer {
      screen.restore()
      if let exitMessage { printError(exitMessage) }
    }
    let (w, h) = screen.size
    let session = AcrossSession(self, width: w, height: h, replay: replay)
    defer { session.stop() }

    loop: while true {
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: screen.signalDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let now = MonotonicTime.now()
      for fd in session.descriptors(now: now) {
        fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
      }
      let wait = session.pollTimeout(now: now)
      _ = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))

      if fds[1].revents != 0, let signal = screen.pendingSignal() {
        if signal.number != SIGINT || !signal.fromTerminal {
          exitStatus = 128 + signal.number
          exitMessage =
            "tradeterm: stopped by signal \(signal.number) (\(String(cString: strsignal(signal.number))))"
        }
        break loop
      }
      if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        exitMessage = "tradeterm: the terminal's input closed"
        break loop
      }
      for input in screen.readInput(keysWaiting: fds[0].revents & Int16(POLLIN) != 0) {
        switch input {
        case .key(let key):
          // Ctrl-C typed quits, as on every screen.
          if key == .interrupt { break loop }
          session.press(key)
        case .resize(let width, let height):
          session.resize(width: width, height: height)
        // The cross-venue screen is opened without mouse reporting: none arrives.
        case .mouse: break
        }
      }
      if session.state.leaving != nil { break loop }
      if let grid = session.step() { screen.draw(grid) }
    }
    return exitStatus
  }

  /// `--once`: waits until every chosen book is live (then prints the strip, the matrix and the
  /// top `levels` consolidated levels, JSON or text) or `timeout` seconds pass (then says which
  /// is not, exit 1).
  func once(json: Bool, timeout: Double, levels: Int) -> Int32 {
    let session = AcrossSession(self, width: 0, height: 0)
    defer { session.stop() }
    let deadline = MonotonicTime.now().seconds + timeout
    while true {
      let now = MonotonicTime.now()
      session.drain()
      session.state.refresh(now: now.nanoseconds)
      if session.state.allLive {
        if recorder != nil {
          // The report is of what the recording holds: the feeds stopped (every frame they wrote
          // was decoded too), what they brought since drained, the books seen at once.
          session.stop()
          session.drain(keepingStatus: true)
          session.state.refresh(now: MonotonicTime.now().nanoseconds)
        }
        let report = AcrossReport(state: session.state, levels: levels)
        // Instrument names come from the config and the venues: no control character reaches the terminal.
        print(json ? report.json : TerminalText.sanitized(report.text, keepingNewlines: true), terminator: "")
        return 0
      }
      let left = deadline - now.seconds
      if left <= 0 { break }
      var fds = session.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      // A stale limit can pass with nothing to drain: look again within a quarter second.
      _ = poll(&fds, nfds_t(fds.count), Int32((min(left, 0.25) * 1000).rounded(.up)))
    }
    let state = session.state
    let waiting = state.strip.rows.enumerated().filter { $0.element.state != .live }.map { i, row in
      "\(row.key) \(row.state)" + (row.exclusion.map { " (\($0))" } ?? "")
        + (state.instruments[i].problem.map { ": \($0)" } ?? "")
    }
    var words = "not every book was live within \(timeout) s: \(waiting.joined(separator: "; "))"
    if !state.notes.isEmpty { words += " (\(state.notes.joined(separator: "; ")))" }
    printError("tradeterm: \(TerminalText.sanitized(words))")
    return 1
  }

  /// `--once` over a recording of the screen: plays `replay` to its end as fast as it goes, then
  /// prints the report of the books as they were at its last frame (whether live or not).
  func once(replay: AcrossReplaySource, json: Bool, levels: Int) -> Int32 {
    let session = AcrossSession(self, width: 0, height: 0, replay: replay)
    defer { session.stop() }
    while !replay.finished {
      _ = replay.wake.wait(timeout: 0.25)
      session.drain()
    }
    session.drain()
    let progress = replay.progress
    guard session.clock != nil else {
      let why = progress.failure ?? "no frame of the screen's instruments"
      printError(
        "tradeterm: cannot replay \(TerminalText.sanitized(replay.path)): \(TerminalText.sanitized(why))")
      return 2
    }
    session.state.refresh(now: session.viewNow.nanoseconds)
    let report = AcrossReport(state: session.state, levels: levels)
    print(json ? report.json : TerminalText.sanitized(report.text, keepingNewlines: true), terminator: "")
    if progress.badLines > 0 || progress.failure != nil {
      printError("tradeterm: \(TerminalText.sanitized(replay.path)): \(AcrossSession.endWords(progress))")
    }
    return progress.failure == nil ? 0 : 1
  }
}
