import ArgumentParser
import ExchangeSim
import Foundation
import MarketModel
import Replay

/// `tradeterm-sim`: the BitMEX-compatible simulator as a standalone server, for trying
/// tradeterm (or any BitMEX client) by hand: `tradeterm --ws-url … --rest-url …`.
@main
struct TradetermSim: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tradeterm-sim",
    abstract: "BitMEX, Binance and Kraken on loopback: a seeded market, replays and faults.",
    discussion: """
      Prints the WebSocket and REST URLs (BitMEX's, then the other dialects' on the same port),
      then serves until SIGINT or SIGTERM.

      Faults (--fault, repeatable):
      \(SimFaults.specHelp)
      """)

  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 0

  @Option(help: "The seed of the simulated market.")
  var seed: UInt64 = 1

  @Option(help: "Serve this recorded file (JSONL or the recorder's format) instead of the simulated market.")
  var replay: String?

  @Option(help: "Replay speed: 1 as recorded, 0 as fast as possible.")
  var speed = 1.0

  @Option(name: .customLong("fault"), help: "Inject a fault (see below); repeatable.")
  var faults: [String] = []

  @Option(help: "Book levels per side, 25…10000.")
  var levels = 1_000

  @Option(help: "Book messages per second per instrument.")
  var rate = 20.0

  @Option(help: "Trades per second per instrument.")
  var tradeRate = 3.0

  @Option(
    help: ArgumentHelp(
      "How fast the venues move: \(SimRates.help); real sets --rate and --trade-rate too.", valueName: "NAME")
  )
  var rates: String?

  @Option(help: "Seconds between a subscription's ack and its partial.")
  var partialDelay = 0.2

  @Option(help: "Binance: seconds between the server's PING frames (0: none).")
  var binancePing = 20.0

  @Option(help: "Binance: seconds a connection lives before the server closes it (0: for ever).")
  var binanceLifetime = 86_400.0

  @Option(
    help: "Binance: send serverShutdown this many seconds before a connection's lifetime ends (0: none).")
  var binanceShutdownNotice = 0.0

  @Flag(help: "List ~150 more instruments of every kind, live on the instrument table only.")
  var universe = false

  @Flag(help: "Walls that appear and are pulled or eaten, and liquidations, every few seconds.")
  var activity = false

  @Option(
    help:
      "Benchmark mode: after each book partial, send this many book messages as fast as possible, then stop.")
  var burst: Int?

  /// Checks the options before anything starts: a bad one (out of range, NaN, infinite) is
  /// one line on stderr and exit status 2.
  func validate() throws {
    guard (0...65_535).contains(port) else { throw fail("--port must be from 0 to 65535") }
    guard (25...10_000).contains(levels) else { throw fail("--levels must be within 25…10000") }
    guard speed == 0 || (0.001...1_000_000).contains(speed) else {
      throw fail("--speed must be 0 (as fast as possible) or from 0.001 to 1000000")
    }
    guard (0...100_000).contains(rate), (0...100_000).contains(tradeRate) else {
      throw fail("--rate and --trade-rate must be from 0 to 100000 a second")
    }
    guard (0...3_600).contains(partialDelay) else {
      throw fail("--partial-delay must be from 0 to 3600 seconds")
    }
    // At most a year: longer is "never" in practice, and NIO's timers take nanoseconds in an Int64.
    guard (0...31_536_000).contains(binancePing), (0...31_536_000).contains(binanceLifetime),
      (0...31_536_000).contains(binanceShutdownNotice)
    else {
      throw fail(
        "--binance-ping, --binance-lifetime and --binance-shutdown-notice must be from 0 to 31536000 seconds")
    }
    if let burst, !(1...100_000_000).contains(burst) { throw fail("--burst must be from 1 to 100000000") }
    if let rates {
      guard SimRates.named(rates) != nil else { throw fail("--rates takes demo or real, not '\(rates)'") }
      if rates == "real", rate != 20 || tradeRate != 3 {
        throw fail("--rates real sets each venue's rates; it takes no --rate or --trade-rate")
      }
    }
    if let replay {
      // Read through first (streamed): a directory, an unreadable file or one without frames
      // (binary, junk) is refused with what is wrong.
      do {
        let player = try ReplayPlayer(path: replay)
        var batch = MarketBatch()
        while try player.next(into: &batch) != .end { batch.removeAll() }
        if player.otherVenueLines > 0 {
          // A recording of several venues: the simulator serves the BitMEX lines alone.
          let words = "\(replay): leaving out \(player.otherVenueWords) (the simulator serves bitmex)"
          FileHandle.standardError.write(Data("tradeterm-sim: \(TerminalText.sanitized(words))\n".utf8))
        }
      } catch {
        throw fail("cannot replay \(error)")
      }
    }
    var faults = SimFaults()
    for spec in self.faults {
      do {
        try faults.apply(spec: spec)
      } catch {
        throw fail(error.description.replacingOccurrences(of: "\n", with: " "))
      }
    }
  }

  /// Prints `message` as one line on stderr, made safe for a terminal (it carries file names and
  /// a replay file's bad line), and gives exit status 2 to throw.
  private func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("tradeterm-sim: \(TerminalText.sanitized(message))\n".utf8))
    return ExitCode(2)
  }

  func run() throws {
    var config = SimConfig(
      seed: seed, port: port, levels: levels, bookRate: rate, tradeRate: tradeRate,
      partialDelay: partialDelay,
      replay: replay.map { SimReplay(path: $0, speed: speed) }, burst: burst)
    // Checked in `validate`.
    if let rates { SimRates.named(rates)?.apply(to: &config) }
    if universe { config.universe = SimUniverse.extras(for: config) }
    config.activity = activity
    config.binance.pingInterval = binancePing
    config.binance.connectionLifetime = binanceLifetime
    config.binance.shutdownNotice = binanceShutdownNotice
    // Checked in `validate`.
    for spec in faults { try? config.faults.apply(spec: spec) }
    let sim = ExchangeSim(config)
    try sim.start()
    print("ws:   \(sim.webSocketURL)")
    print("rest: \(sim.restURL)")
    // The Binance dialect on the same port: give these as the hosts of a Binance client.
    print("binance ws:         \(sim.binanceHost(.spot))  (stream: /stream?streams=…)")
    print("binance rest:       \(sim.binanceRESTHost(.spot))  (/api/v3/…)")
    print("binance-usdm ws:    \(sim.binanceHost(.usdm))  (/public/stream, /market/stream)")
    print("binance-usdm rest:  \(sim.binanceRESTHost(.usdm))  (/fapi/v1/…)")
    print("kraken ws:   \(sim.krakenURL)")
    print("kraken rest: \(sim.krakenRESTURL)")
    // The other dialects of the same server, each following the same prices.
    print("coinbase ws:        \(sim.coinbaseWebSocketURL)")
    print("coinbase rest:      \(sim.coinbaseRESTURL)  (/api/v3/brokerage/market/…)")
    print("bybit ws host:      \(sim.bybitWebSocketHost)  (/v5/public/{spot,linear,inverse})")
    print("bybit rest:         \(sim.bybitRESTURL)  (/v5/market/…)")
    print("okx ws:             \(sim.okxWebSocketURL)")
    print("okx rest:           \(sim.okxRESTURL)  (/api/v5/…)")
    // A script reads the URLs through a pipe: flush now (fflush(NULL) flushes every stream).
    fflush(nil)

    // Wait for SIGINT/SIGTERM, then stop cleanly (closing connections, joining the thread).
    let done = DispatchSemaphore(value: 0)
    var sources: [DispatchSourceSignal] = []
    for sig in [SIGINT, SIGTERM] {
      signal(sig, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
      source.setEventHandler { done.signal() }
      source.resume()
      sources.append(source)
    }
    done.wait()
    sim.stop()
    let stats = sim.stats
    let frames = stats.framesSent.values.reduce(0, +)
    FileHandle.standardError.write(
      Data(
        "tradeterm-sim: \(stats.upgradesAccepted) sessions, \(frames) frames, \(stats.restRequests) REST requests\n"
          .utf8))
    // What went out, by table or channel (most first): what a client was fed.
    let kinds = stats.framesSent.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
    FileHandle.standardError.write(
      Data("tradeterm-sim: frames by kind: \(kinds.joined(separator: ", "))\n".utf8))
    sources.forEach { $0.cancel() }
  }
}
