import App
import ArgumentParser
import ExchangeSim
import Feed
import MarketModel
import Screen
import Session
import Terminal

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
      Without options it watches BitMEX XBTUSD; `tradeterm ETHUSD` watches ETHUSD. --demo runs a simulated exchange on this machine \
      (no network needed); --once prints one snapshot instead of the dashboard.
      """
  )

  @Argument(help: "The instrument to watch: `tradeterm ETHUSD` opens the dashboard on ETHUSD.")
  var instrument: String?

  @Option(name: .customLong("symbol"), help: "The instrument to watch (the same as the argument).")
  var symbolOption: String?

  /// The instrument watched: the argument, or `--symbol`, or XBTUSD.
  var symbol: String { instrument ?? symbolOption ?? "XBTUSD" }

  @Option(help: "Order-book depth: 25 (orderBookL2_25) or full (orderBookL2).")
  var depth: Depth = .top25

  @Flag(help: "Use BitMEX testnet.")
  var testnet = false

  @Option(name: .customLong("ws-url"), help: "WebSocket endpoint (overrides --testnet).")
  var wsURL: String?

  @Option(name: .customLong("rest-url"), help: "REST endpoint (overrides --testnet).")
  var restURL: String?

  @Flag(help: "Run a simulated exchange on 127.0.0.1 and watch it (no network needed).")
  var demo = false

  @Option(help: "Replay a recorded session (JSONL frames, or --record's format) through a local exchange.")
  var replay: String?

  @Option(help: "Replay speed: 1 is real time, 0 as fast as possible.")
  var speed: Double = 1

  @Option(help: "Record every received frame, with its receive time, to this file.")
  var record: String?

  @Flag(help: "No dashboard: wait until the book is live (or a replay ends), print a snapshot, exit.")
  var once = false

  @Flag(help: "With --once: print the snapshot as JSON.")
  var json = false

  @Flag(
    help: "Start on the markets list (m toggles it); with --once, print every instrument instead of the book."
  )
  var markets = false

  @Option(help: "With --once: give up after this many seconds (exit 1).")
  var timeout: Double = 15

  @Option(help: "Most frames drawn per second.")
  var fps = 30

  @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set): attributes only.")
  var noColor = false

  @Flag(help: "ASCII lines, bars and sparkline (also when the locale is not UTF-8).")
  var ascii = false

  @Option(
    name: .customLong("wall-size"),
    help: "SYMBOL=CONTRACTS: the wall watch's threshold for SYMBOL (repeatable; else the top 1 % of sizes).")
  var wallSizes: [String] = []

  @Flag(help: "Show the times of trades in UTC (by default in the local time zone).")
  var utc = false

  @Flag(help: "Print tradeterm's, libcurl's and ncurses' versions and exit.")
  var version = false

  enum Depth: String, ExpressibleByArgument {
    case top25 = "25"
    case full

    var table: BookTable { self == .full ? .full : .top25 }
  }

  /// The replay speeds `--speed` takes besides 0 (NaN and infinities are in no range).
  static let speeds = 0.001...1_000_000.0
  /// The seconds `--timeout` takes.
  static let timeouts = 0.1...86_400.0

  /// Checks the options before anything starts. A bad one is one clear line on stderr and
  /// exit status 2 (not ArgumentParser's usage text): scripts and people see what was wrong.
  func validate() throws {
    if json && !once { throw fail("--json goes with --once") }
    if demo && replay != nil { throw fail("choose one of --demo and --replay") }
    if !Self.speeds.contains(speed) && speed != 0 {
      throw fail("--speed must be 0 (as fast as possible) or from 0.001 to 1000000")
    }
    if !Self.timeouts.contains(timeout) { throw fail("--timeout must be from 0.1 to 86400 seconds") }
    if fps < 1 || fps > 120 { throw fail("--fps must be between 1 and 120") }
    if case .failure(let error) = WallWatch.thresholds(wallSizes) {
      throw fail("--wall-size \(TerminalText.sanitized(error.description))")
    }
    if let instrument, let symbolOption, instrument != symbolOption {
      throw fail("two symbols: \(instrument) and --symbol \(symbolOption); give one")
    }
    if Symbol(symbol) == nil || symbol.isEmpty {
      throw fail("--symbol must be 1 to \(Symbol.maxLength) characters")
    }
    if !symbol.unicodeScalars.allSatisfy(TerminalText.isSafe) || symbol.contains(" ") {
      throw fail("--symbol must be printable, without spaces")
    }
    if let wsURL, let problem = EndpointURL.problem(wsURL, schemes: EndpointURL.webSocketSchemes) {
      throw fail("--ws-url \(problem)")
    }
    if let restURL, let problem = EndpointURL.problem(restURL, schemes: EndpointURL.restSchemes) {
      throw fail("--rest-url \(problem)")
    }
  }

  func run() throws {
    if version {
      print("tradeterm \(TradetermVersion.current)")
      let wss = CurlLibrary.supports("wss") ? "yes" : "no"
      let ws = CurlLibrary.hasWebSocket ? "yes" : "no"
      print("libcurl \(CurlLibrary.version) (ws: \(ws), wss: \(wss))")
      print(TerminalLibrary.version)
      if let problem = CurlLibrary.webSocketProblem { throw fail(problem) }
      return
    }
    if let problem = CurlLibrary.webSocketProblem { throw fail(problem) }
    if once, let replay {
      // Straight from disk: the recording's own tables and symbols, no simulator in between.
      let code = OnceReplayRunner(path: replay, symbol: symbol, speed: speed, json: json, utc: utc).run()
      if code != 0 { throw ExitCode(code) }
      return
    }

    var sim: ExchangeSim?
    var mode = RunMode.live
    var config = FeedConfig()
    var endpoint = testnet ? "wss://ws.testnet.bitmex.com/realtime" : "wss://ws.bitmex.com/realtime"
    if let wsURL { endpoint = wsURL }
    var rest: String? = testnet ? "https://testnet.bitmex.com/api/v1" : "https://www.bitmex.com/api/v1"
    if let restURL { rest = restURL }
    if demo || replay != nil {
      var simConfig = SimConfig()
      if let replay {
        // The file read through before the simulator starts, as --once reads it (streamed, in
        // constant memory): a directory, a binary or junk file, or one without the symbol's book
        // is refused with what is wrong (it would otherwise play nothing and say REPLAY ENDED).
        guard let watched = Symbol(symbol),
          OnceReplayRunner.play(path: replay, symbol: watched, speed: 0) != nil
        else { throw ExitCode(2) }
        simConfig.replay = SimReplay(path: replay, speed: speed)
        config.reconnectAfterClose = false
        mode = .replay
      } else {
        mode = .demo
        simConfig.universe = SimUniverse.extras(for: simConfig)
        simConfig.activity = true
      }
      let s = ExchangeSim(simConfig)
      do {
        try s.start()
      } catch {
        throw fail("could not start the local exchange: \(error)")
      }
      sim = s
      endpoint = s.webSocketURL
      // A replay's file is the truth: no instrument list to check it against.
      rest = replay == nil ? s.restURL : nil
    }
    defer { sim?.stop() }

    let options = FeedOptions(
      webSocketURL: endpoint, symbol: symbol, book: depth.table, config: config, recordPath: record,
      userAgent: "tradeterm/\(TradetermVersion.current) libcurl/\(CurlLibrary.version)")
    if once {
      let code = OnceRunner(
        options: options, mode: mode, json: json, timeout: timeout, waitForEnd: replay != nil, restURL: rest,
        utc: utc, markets: markets
      ).run()
      if code != 0 { throw ExitCode(code) }
      return
    }
    if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
      throw fail("the dashboard needs a terminal; for plain output use --once (with --json for scripts)")
    }
    let noColorEnv = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
    let code = DashboardRunner(
      options: options, mode: mode, restURL: rest, fps: fps, ascii: ascii, color: !(noColor || noColorEnv),
      utc: utc, startOnMarkets: markets,
      wallSizes: (try? WallWatch.thresholds(wallSizes).get()) ?? [:]
    ).run()
    if code != 0 { throw ExitCode(code) }
  }

  /// Prints one clear line on stderr and gives the exit status to throw (2).
  private func fail(_ message: String) -> ExitCode {
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
