import App
import ArgumentParser
import BitMEX
import Config
import ExchangeSim
import Feed
import Journal
import Logging
import MarketModel
import Replay
import Screen
import Session
import Terminal
import Trading

#if canImport(Glibc)
import Glibc
#endif

/// The command line. Parsing and wiring only; the work lives in the library targets.
@main
struct Tradeterm: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tradeterm",
    abstract: "A terminal dashboard for live BitMEX market data.",
    discussion: """
      Without options it watches BitMEX \(Venues.homeSymbol); `tradeterm ETHUSD` watches ETHUSD; `tradeterm \(Venues.homeSymbol) ETHUSD` shows both \
      books side by side. --demo runs a simulated exchange on this machine \
      (no network needed); --once prints one snapshot instead of the dashboard. Settings, themes, keys and alerts come from \
      $XDG_CONFIG_HOME/tradeterm/config.toml (or --config); `tradeterm config` prints the settings in force, \
      `tradeterm config --example` a commented example.
      """
  )

  @Argument(
    help: ArgumentHelp(
      "The instrument to watch: `tradeterm ETHUSD` (on the config's `venue`, else BitMEX) or `tradeterm VENUE:SYMBOL` (`bitmex:ETHUSD`); `tradeterm venues` lists the venues. A second one opens the split view, two books side by side: `tradeterm \(Venues.homeSymbol) ETHUSD`, `tradeterm \(Venues.homeSymbol) binance:BTCUSDT` (S swaps them, | leaves the split).",
      valueName: "instrument"))
  var instruments: [String] = []

  /// The first instrument given (`config` and `venues` are commands).
  var instrument: String? { instruments.first }

  @Option(name: .customLong("symbol"), help: "The instrument to watch (the same as the argument).")
  var symbolOption: String?

  @Option(
    name: .customLong("venue"),
    help:
      "The venue of the instrument (default: the config's `venue`, else bitmex); `tradeterm venues` lists them and what each can do."
  )
  var venueOption: String?

  /// The symbol given on the command line (the argument, or `--symbol`), its `venue:` read off.
  var givenSymbol: String? {
    (instrument ?? symbolOption).map { InstrumentKey.symbolPart(of: $0) }
  }

  @Option(
    name: .customLong("depth"),
    help: ArgumentHelp(
      "Order-book depth: BitMEX 25 (\(BookTable.top25.name)) or full (\(BookTable.full.name)); another venue one of its own (`tradeterm venues`), or full. Default: the config's, else the venue's.",
      valueName: "depth"))
  var depthOption: String?

  @Option(
    name: .customLong("config"), help: "The config file (default: $XDG_CONFIG_HOME/tradeterm/config.toml).")
  var configPath: String?

  @Flag(help: "With `tradeterm config`: print a commented example config instead.")
  var example = false

  @Option(
    name: .customLong("log-file"),
    help: "Append a log (connection changes, resyncs, REST failures, alerts) to this file.")
  var logFile: String?

  @Flag(help: "Use BitMEX testnet.")
  var testnet = false

  @Option(name: .customLong("ws-url"), help: "WebSocket endpoint (overrides --testnet).")
  var wsURL: String?

  @Option(name: .customLong("rest-url"), help: "REST endpoint (overrides --testnet).")
  var restURL: String?

  @Flag(help: "Run a simulated exchange on 127.0.0.1 and watch it (no network needed).")
  var demo = false

  @Option(
    name: .customLong("demo-fault"),
    help: ArgumentHelp(
      "With --demo: a fault of the simulated exchange, repeatable. venue-pause=VENUE:S:D: VENUE's connections go silent S s after start, for D s (its book goes stale, then it reconnects); venue-cross=VENUE:BPS: VENUE's prices BPS basis points above the others' (kraken, coinbase, bybit-spot, bybit-linear, okx); or any fault of `tradeterm-sim --help`.",
      valueName: "SPEC"))
  var demoFaults: [String] = []

  @Option(
    name: .customLong("demo-rates"),
    help: ArgumentHelp(
      "With --demo: how fast the simulated venues move: demo (the default: every venue 20 book steps and 3 trades a second) or real (each venue at about its real BTC rate, ~300 messages a second over six venues, and Coinbase's BTC-USD book of 46,000 levels).",
      valueName: "NAME"))
  var demoRates: String?

  @Option(
    name: .customLong("demo-at"),
    help: ArgumentHelp(
      "Watch a tradeterm-sim already running at HOST:PORT (or PORT, on 127.0.0.1) as --demo would watch its own: the simulator's work is then not in this process.",
      valueName: "HOST:PORT"))
  var demoAt: String?

  @Option(
    help:
      "Replay a recording from disk (--record's format, plain or .gz, or JSONL frames); space pauses, ./, seek, [/] speed. A recording of --across opens that screen."
  )
  var replay: String?

  @Option(help: "Replay speed: 1 is real time, 0 as fast as possible.")
  var speed: Double = 1

  @Option(
    help: "Record every received frame, with its receive time and venue, to this file (.gz: compressed).")
  var record: String?

  @Flag(help: "No dashboard: wait until the book is live (or a replay ends), print a snapshot, exit.")
  var once = false

  @Flag(help: "With --once: print the snapshot as JSON.")
  var json = false

  @Flag(
    help: "Start on the markets list (m toggles it); with --once, print every instrument instead of the book."
  )
  var markets = false

  @Flag(
    help:
      "Start on the portfolio (P toggles it); with --once, print the positions and totals (--json or --csv)."
  )
  var portfolio = false

  @Option(
    help:
      "Positions held, for the portfolio: a TOML file of [[positions]] tables (symbol, quantity in the instrument's units, negative for a short, entry)."
  )
  var positions: String?

  @Flag(help: "With --once --portfolio: print the positions as CSV.")
  var csv = false

  @Option(help: "With --once: give up after this many seconds (exit 1).")
  var timeout: Double = 15

  @Option(help: "With --once: the book's levels a side to print (1-1000; above 25 reads the full book).")
  var levels: Int = 10

  @Option(help: "With --once: the newest trades to print (0-1000).")
  var trades: Int = 10

  @Option(
    name: .customLong("fps"),
    help:
      "Most frames drawn per second while the market moves (default: the config's, else 10 on the dashboard and 20 on the cross-venue screen; a key is drawn at once)."
  )
  var fpsOption: Int?

  @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set): attributes only.")
  var noColor = false

  @Flag(help: "ASCII lines, bars and sparkline (also when the locale is not UTF-8).")
  var ascii = false

  @Flag(
    name: .customLong("no-mouse"),
    help:
      "No mouse: clicks and the wheel stay the terminal's (selecting text) instead of focusing and scrolling panes."
  )
  var noMouse = false

  @Option(
    name: .customLong("wall-size"),
    help: "SYMBOL=CONTRACTS: the wall watch's threshold for SYMBOL (repeatable; else the top 1 % of sizes).")
  var wallSizes: [String] = []

  @Flag(help: "Show the times of trades in UTC (by default in the local time zone).")
  var utc = false

  @Option(
    help:
      "The cross-venue screen of an asset (BTC): its spot pair on every venue followed live, one consolidated book, a spread matrix, one tape; with --record, every venue's frames in one file."
  )
  var across: String?

  @Flag(help: "Print tradeterm's, libcurl's and ncurses' versions and exit.")
  var version = false

  /// The replay speeds `--speed` takes besides 0 (NaN and infinities are in no range).
  static let speeds = 0.001...1_000_000.0
  /// The seconds `--timeout` takes.
  static let timeouts = 0.1...86_400.0

  /// Checks the options before anything starts. A bad one is one clear line on stderr and
  /// exit status 2 (not ArgumentParser's usage text): scripts and people see what was wrong.
  func validate() throws {
    if json && !once { throw fail("--json goes with --once") }
    if csv && !(once && portfolio) { throw fail("--csv goes with --once --portfolio") }
    if csv && json { throw fail("choose one of --json and --csv") }
    if markets && portfolio { throw fail("choose one of --markets and --portfolio") }
    // A replay's --once prints the recording's final book; these ask for something it cannot give.
    if once, replay != nil, markets || portfolio || record != nil {
      throw fail(
        "--once --replay prints the recording's book; it takes no --markets, --portfolio or --record")
    }
    if replay != nil, record != nil { throw fail("choose one of --replay and --record") }
    if demo && replay != nil { throw fail("choose one of --demo and --replay") }
    if !demoFaults.isEmpty, !demo { throw fail("--demo-fault goes with --demo") }
    if demoRates != nil, !demo { throw fail("--demo-rates goes with --demo") }
    if !demoFaults.isEmpty || demoRates != nil { _ = try demoConfig() }
    try validateDemoAt()
    if !Self.speeds.contains(speed) && speed != 0 {
      throw fail("--speed must be 0 (as fast as possible) or from 0.001 to 1000000")
    }
    if !Self.timeouts.contains(timeout) { throw fail("--timeout must be from 0.1 to 86400 seconds") }
    if !(1...1_000).contains(levels) { throw fail("--levels must be from 1 to 1000") }
    if !(0...1_000).contains(trades) { throw fail("--trades must be from 0 to 1000") }
    if (levels != 10 || trades != 10) && (!once || markets || portfolio) {
      throw fail("--levels and --trades go with --once (the book's snapshot)")
    }
    if let fpsOption, fpsOption < 1 || fpsOption > 120 { throw fail("--fps must be between 1 and 120") }
    if example && instrument != "config" { throw fail("--example goes with `tradeterm config`") }
    if case .failure(let error) = WallWatch.thresholds(wallSizes) {
      throw fail("--wall-size \(TerminalText.sanitized(error.description))")
    }
    if let instrument, let symbolOption, Self.venueSpelling(instrument) != Self.venueSpelling(symbolOption) {
      throw fail("two symbols: \(instrument) and --symbol \(symbolOption); give one")
    }
    try validateAcross()
    // The venue named here must read; whether it can run is known once the config is read
    // (its `venue` is the one a bare symbol means): `start`.
    if case .failure(let problem) = namedInstrument { throw fail(problem.message) }
    try validateSplit()
    // A symbol given must be one (without one, the venue's default is).
    if let symbol = givenSymbol {
      if Symbol(symbol) == nil || symbol.isEmpty {
        throw fail("--symbol must be 1 to \(Symbol.maxLength) characters")
      }
      if !symbol.unicodeScalars.allSatisfy(TerminalText.isSafe) || symbol.contains(" ") {
        throw fail("--symbol must be printable, without spaces")
      }
    }
    if let wsURL, let problem = EndpointURL.problem(wsURL, schemes: EndpointURL.webSocketSchemes) {
      throw fail("--ws-url \(problem)")
    }
    if let restURL, let problem = EndpointURL.problem(restURL, schemes: EndpointURL.restSchemes) {
      throw fail("--rest-url \(problem)")
    }
  }

  /// A symbol as BitMEX spells it: its letters in upper case. BitMEX names every instrument so
  /// (`ETHUSD`, `.BETH`, `ETHZ25`; no two differ by case only), so `ethusd` is unambiguous, as
  /// in the symbol picker. ASCII letters only: nothing else changes.
  static func venueSpelling(_ typed: String) -> String {
    String(
      String.UnicodeScalarView(
        typed.unicodeScalars.map { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }))
  }

  func run() throws {
    if version { return try start(Settings()) }
    let loaded: (path: String?, config: LoadedConfig)
    switch ConfigFile.load(explicit: configPath) {
    case .success(let l): loaded = l
    case .failure(let problem): throw fail(problem.message)
    }
    if instrument == "venues" {
      print(VenueAbout.listing(Venues.registered.map(\.about)), terminator: "")
      return
    }
    if instrument == "config" {
      if example {
        print(Settings.example(Venues.home), terminator: "")
        return
      }
      for warning in loaded.config.warnings { printError("tradeterm: \(warning)") }
      for conflict in loaded.config.keyConflicts { printError("tradeterm: config: \(conflict)") }
      let used = loaded.path ?? "none (\(ConfigFile.standardPath() ?? "no HOME") does not exist): defaults"
      print("# config file: " + TerminalText.sanitized(used))
      print(loaded.config.settings.toml, terminator: "")
      return
    }
    for warning in loaded.config.warnings { printError("tradeterm: \(warning)") }
    try start(
      loaded.config.settings, startNotes: loaded.config.warnings.map(\.message) + loaded.config.keyConflicts)
  }

  /// Runs with the config's `settings`, the flags over them.
  func start(_ settings: Settings, startNotes: [String] = []) throws {
    // More levels than the top 25 hold read the full book, unless --depth says otherwise.
    let depth =
      depthOption.flatMap { DepthChoice($0)?.bitmexTable }
      ?? (settings.depth == "full" || levels > 25 ? .full : .top25)
    let fps = fpsOption ?? settings.fps
    // `--fps` sets the cross-venue screen's rate too, opened alone or from the dashboard.
    var settings = settings
    settings.acrossFps = fpsOption ?? settings.acrossFps
    let markets = markets || (settings.startScreen == .markets && !once)
    let logFile = logFile ?? settings.logFile.map(ConfigFile.expandingHome)
    if version {
      print("tradeterm \(TradetermVersion.current)")
      let wss = CurlLibrary.supports("wss") ? "yes" : "no"
      let ws = CurlLibrary.hasWebSocket ? "yes" : "no"
      print("libcurl \(CurlLibrary.version) (ws: \(ws), wss: \(wss))")
      print(TerminalLibrary.version)
      if let problem = CurlLibrary.webSocketProblem { throw fail(problem) }
      return
    }
    if let across { return try startAcross(across, settings: settings, fps: settings.acrossFps) }
    // A recording of the cross-venue screen (`--across BTC --record`) replays as that screen,
    // unless an instrument of it is asked for (then it plays as that venue's, as any recording).
    if let replay, givenSymbol == nil, venueOption == nil, let recorded = Self.acrossRecording(replay) {
      return try startAcrossReplay(replay, recorded: recorded, settings: settings, fps: settings.acrossFps)
    }
    // The command line's venue and symbol over the config's.
    let chosen = try startInstrument(settings)
    try validateVenue(chosen)
    // The split view's second instrument, read once the first is known (a bare one is on the
    // first one's venue).
    let split = try splitInstrument(besides: chosen)
    let venue = chosen.venue
    let symbol = Self.venueSpelling(chosen.symbol ?? Venues.home.defaultSymbol ?? "")
    // The positions: --positions FILE's, else the config's [[positions]], else in a demo the demo
    // portfolio.
    var held: [HeldPosition] = []
    var positionsName: String?
    if let positions {
      switch PositionsFile.load(positions) {
      case .success(let list):
        held = list
        positionsName = positions.split(separator: "/").last.map(String.init)
      case .failure(let error): throw fail(error.description)
      }
    } else if !settings.positions.isEmpty {
      held = settings.positions
      positionsName = "config"
    } else if demo || demoAt != nil {
      held = PositionsFile.demo
      positionsName = "demo"
    }
    if let replay, once, venue != .bitmex {
      return try replayVenueBook(
        path: replay, venue: venue, symbol: chosen.symbol, json: json, levels: levels)
    }
    if let replay, venue != .bitmex {
      // Another venue's recording on the dashboard: its decoder, its live book rule at the depth
      // the recording was subscribed at.
      guard let symbol = Symbol(symbol),
        let opened = VenueReplayOpening.open(
          path: replay, venue: venue, symbol: symbol, speed: speed)
      else { throw ExitCode(2) }
      if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
        throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
      }
      let depths = VenueLive.of(venue, url: nil)?.adapter.bookDepths ?? []
      let bookDepth =
        depths.contains(opened.snapshotDepth)
        ? opened.snapshotDepth
        : DepthChoice.venueDepth(option: depthOption, config: settings.depth, depths: depths)
      let options = FeedOptions(
        webSocketURL: "replay:", symbol: symbol.description, book: depth, config: FeedConfig(),
        userAgent: "tradeterm/\(TradetermVersion.current)", venue: venue)
      return try dashboard(
        options: options, mode: .replay, restURL: nil, fps: fps, markets: markets, settings: settings,
        startNotes: startNotes, logFile: logFile, held: held, positionsName: positionsName,
        venueLive: VenueLive.of(venue, url: nil, depth: bookDepth), venueReplay: opened.source)
    }
    if let replay {
      // Straight from disk: the recording's own tables and symbols, no simulator in between.
      // The symbol asked for, or (unasked) the venue's default when the file has it, else the
      // file's first.
      let asked = givenSymbol.map(Self.venueSpelling).flatMap(Symbol.init)
      guard let opened = ReplayOpening.open(path: replay, symbol: asked, venue: venue, collect: !once)
      else {
        throw ExitCode(2)
      }
      if once {
        let code = OnceReplayRunner(
          venue: venue, opened: opened, speed: speed, json: json, utc: utc, levels: levels, trades: trades
        ).run()
        if code != 0 { throw ExitCode(code) }
        return
      }
      if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
        throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
      }
      let source = ReplaySource(player: opened.player, symbol: opened.symbol.description, speed: speed)
      let options = FeedOptions(
        webSocketURL: "replay:", symbol: opened.symbol.description, book: depth, config: FeedConfig(),
        userAgent: "tradeterm/\(TradetermVersion.current)")
      return try dashboard(
        options: options, mode: .replay, restURL: nil, fps: fps, markets: markets, settings: settings,
        startNotes: startNotes, logFile: logFile, held: held, positionsName: positionsName, replay: source,
        replaySymbols: opened.symbols.map(\.description))
    }

    // A connection from here on (a replay needs none, nor libcurl: it is loaded only now).
    if let problem = CurlLibrary.webSocketProblem { throw fail(problem) }
    var sim: ExchangeSim?
    var mode = RunMode.live
    let config = FeedConfig()
    var endpoint = Self.bitmexWebSocket(testnet)
    if let wsURL { endpoint = wsURL }
    var rest: String? = Self.bitmexREST(testnet)
    if let restURL { rest = restURL }
    if demo {
      mode = .demo
      let s = ExchangeSim(try demoConfig())
      do {
        try s.start()
      } catch {
        throw fail("could not start the local exchange: \(error)")
      }
      sim = s
    }
    defer { sim?.stop() }
    // The simulator's dialects: its own, or one running elsewhere (`--demo-at`).
    let simAddress = sim?.address ?? demoAt.flatMap(SimAddress.parse)
    if let simAddress {
      mode = .demo
      endpoint = simAddress.webSocketURL
      rest = simAddress.restURL
    }
    // Another venue followed live: its adapter at the simulator's dialect in a demo, else at
    // `--ws-url` when given, else at the venue's own endpoint.
    var venueLive: VenueLive?
    if venue != .bitmex {
      var url = wsURL
      var venueREST = restURL
      if let simAddress {
        guard let simURL = Self.demoURL(venue, simAddress) else {
          throw fail(
            "the demo has no \(Venues.displayName(venue)) dialect yet; `tradeterm venues` says what each venue can do"
          )
        }
        (url, venueREST) = (simURL.ws, simURL.rest)
      }
      let depths = VenueLive.of(venue, url: nil)?.adapter.bookDepths ?? []
      venueLive = VenueLive.of(
        venue, url: url, restHost: venueREST,
        depth: DepthChoice.venueDepth(option: depthOption, config: settings.depth, depths: depths))
    }
    // Where the dashboard can switch to: BitMEX (`--ws-url`/`--rest-url` are its only when the
    // run starts on it) and every venue followed live, at the simulator in a demo.
    let routes = VenueRoutes.of(
      bitmexWebSocket: venue == .bitmex
        ? endpoint : (simAddress?.webSocketURL ?? Self.bitmexWebSocket(testnet)),
      bitmexREST: venue == .bitmex ? rest : (simAddress?.restURL ?? Self.bitmexREST(testnet)),
      start: venueLive,
      sim: simAddress)
    if let venueLive {
      // BitMEX's REST is not this venue's: the dashboard asks the venue's own (`VenueLive.restHost`,
      // `VenueRESTWorker`); a book snapshot a rule bridges is the feed's own request.
      endpoint = venueLive.url(symbol: symbol) ?? endpoint
      rest = nil
    }

    let options = FeedOptions(
      webSocketURL: endpoint, symbol: symbol, book: depth, config: config, recordPath: record,
      userAgent: "tradeterm/\(TradetermVersion.current) libcurl/\(CurlLibrary.version)", venue: venue,
      venueName: Venues.displayName(venue))
    if once, let venueLive {
      let code = VenueOnceRunner(
        live: venueLive, options: options, mode: mode, json: json, timeout: timeout, utc: utc, levels: levels,
        trades: trades
      ).run()
      if code != 0 { throw ExitCode(code) }
      return
    }
    if once {
      let code = OnceRunner(
        venue: venue, options: options, mode: mode, json: json, timeout: timeout, waitForEnd: false,
        restURL: rest,
        utc: utc, markets: markets, portfolio: portfolio, held: held,
        fills: portfolio ? Self.paperFills(demo: mode == .demo) : [],
        csv: csv, levels: levels, trades: trades
      ).run()
      if code != 0 { throw ExitCode(code) }
      return
    }
    if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
      throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
    }
    // The split view's second instrument: its venue must be followed here (a demo's simulator
    // speaks most of them, not every one).
    if let split, split.venue != .bitmex, routes.venues[split.venue] == nil {
      throw fail(
        "the demo has no \(Venues.displayName(split.venue)) dialect yet; `tradeterm venues` says what each venue can do"
      )
    }
    try dashboard(
      options: options, mode: mode, restURL: rest, fps: fps, markets: markets, settings: settings,
      startNotes: startNotes, logFile: logFile, held: held, positionsName: positionsName,
      venueLive: venueLive,
      routes: routes,
      split: split.map { InstrumentID(venue: $0.venue, symbol: $0.symbol) })
  }

  /// The dashboard with the config's theme, keys and alerts, and `--log-file`'s logger; over the
  /// live feed, or over `replay` (a recording on disk) when given.
  private func dashboard(
    options: FeedOptions, mode: RunMode, restURL: String?, fps: Int, markets: Bool, settings: Settings,
    startNotes: [String], logFile: String?, held: [HeldPosition], positionsName: String?,
    replay: ReplaySource? = nil, replaySymbols: [String] = [], venueLive: VenueLive? = nil,
    venueReplay: VenueReplaySource? = nil, routes: VenueRoutes? = nil, split: InstrumentID? = nil
  ) throws {
    var logger: Logger?
    if let logFile {
      switch FileLogHandler.open(path: logFile) {
      case .success(let sink):
        let level = Logger.Level(rawValue: settings.logLevel) ?? .info
        logger = Logger(label: "tradeterm") { _ in FileLogHandler(sink: sink, logLevel: level) }
      case .failure(let error): throw fail(error.message)
      }
    }
    var theme = settings.theme
    if noColorRequested { theme = .monochromeTheme }
    let code = DashboardRunner(
      options: options, mode: mode, restURL: restURL, fps: fps, ascii: ascii, color: !theme.monochrome,
      mouse: !noMouse, utc: utc, startOnMarkets: markets, startOnPortfolio: portfolio, held: held,
      positionsName: positionsName, wallSizes: (try? WallWatch.thresholds(wallSizes).get()) ?? [:],
      replay: replay, venueLive: venueLive, venueReplay: venueReplay, routes: routes,
      replaySymbols: replaySymbols,
      split: split,
      settings: settings,
      theme: theme,
      logger: logger,
      startNotes: startNotes
    ).run()
    if code != 0 { throw ExitCode(code) }
  }

  /// BitMEX's WebSocket and REST base, or testnet's.
  static func bitmexWebSocket(_ testnet: Bool) -> String { BitMEXEndpoints.webSocket(testnet: testnet) }
  static func bitmexREST(_ testnet: Bool) -> String { BitMEXEndpoints.rest(testnet: testnet) }

  /// The paper fills in the journal, for `--once --portfolio` (its warnings on stderr).
  static func paperFills(demo: Bool) -> [PaperFill] {
    guard let path = PaperJournal.standardPath(demo: demo) else { return [] }
    // Read-only: a snapshot neither takes the lock nor cuts a line off.
    let loaded = PaperJournal(path: path, readOnly: true).load()
    for warning in loaded.warnings { printError("tradeterm: \(warning)") }
    var ledger = PaperLedger()
    for event in loaded.events { ledger.apply(event) }
    return ledger.fills
  }

  /// `--no-color`, or `NO_COLOR` set and not empty.
  private var noColorRequested: Bool {
    noColor || (getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false)
  }

  /// The options that take a number: `--timeout -1` is joined into `--timeout=-1` before
  /// parsing, so that a negative number is a value (and refused by `validate` with its range)
  /// rather than an option ArgumentParser says is missing its value.
  static let numberOptions: Set<String> = ["--timeout", "--speed", "--fps"]

  /// `arguments` with each number option followed by a negative number joined to it.
  static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      if a == "--" {
        out += arguments[i...]
        break
      }
      if numberOptions.contains(a), i + 1 < arguments.count, arguments[i + 1].hasPrefix("-"),
        Double(arguments[i + 1]) != nil
      {
        out.append(a + "=" + arguments[i + 1])
        i += 2
        continue
      }
      out.append(a)
      i += 1
    }
    return out
  }

  /// Parses and runs like ArgumentParser's own `main`, except that a command line it cannot
  /// parse (`--fps abc`, an unknown option) is one line on stderr and exit status 2, as every
  /// other bad value is (`validate`), not its usage text and status 64.
  static func main() {
    var command: Tradeterm
    do {
      command = try parse(joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst())))
    } catch {
      // Help, completion scripts and `validate`'s own exit codes go through as they are.
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "bad command line"
      printError("tradeterm: \(message) (tradeterm --help lists the options)")
      exit(withError: ExitCode(2))
    }
    do {
      try command.run()
    } catch {
      exit(withError: error)
    }
  }

  /// Prints one clear line on stderr and gives the exit status to throw (2).
  func fail(_ message: String) -> ExitCode {
    printError("tradeterm: \(message)")
    return ExitCode(2)
  }
}

/// A line on stderr, made safe for a terminal first (`TerminalText`): messages carry text
/// from outside (the exchange's errors and close reasons, symbol names, file names), and
/// none of it may reach the terminal as an escape sequence or split the line.
func printError(_ text: String) {
  var line = TerminalText.sanitized(text) + "\n"
  line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
