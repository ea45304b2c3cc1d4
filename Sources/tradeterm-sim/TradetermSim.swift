import ArgumentParser
import ExchangeSim
import Foundation

/// `tradeterm-sim`: the BitMEX-compatible simulator as a standalone server, for trying
/// tradeterm (or any BitMEX client) by hand: `tradeterm --ws-url … --rest-url …`.
@main
struct TradetermSim: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tradeterm-sim",
    abstract: "A BitMEX-compatible exchange on loopback: a seeded market, replays and faults.",
    discussion: """
      Prints the WebSocket and REST URLs, then serves until SIGINT or SIGTERM.

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

  @Option(help: "Seconds between a subscription's ack and its partial.")
  var partialDelay = 0.2

  @Flag(help: "List ~150 more instruments of every kind, live on the instrument table only.")
  var universe = false

  @Option(
    help:
      "Benchmark mode: after each book partial, send this many book messages as fast as possible, then stop.")
  var burst: Int?

  func validate() throws {
    guard (25...10_000).contains(levels) else { throw ValidationError("--levels must be within 25…10000") }
    guard speed >= 0 else { throw ValidationError("--speed must be 0 or more") }
    guard rate >= 0, tradeRate >= 0 else { throw ValidationError("rates must be 0 or more") }
    guard partialDelay >= 0 else { throw ValidationError("--partial-delay must be 0 or more") }
    if let burst, burst <= 0 { throw ValidationError("--burst must be positive") }
    if let replay, !FileManager.default.isReadableFile(atPath: replay) {
      throw ValidationError("cannot read replay file \(replay)")
    }
  }

  func run() throws {
    var config = SimConfig(
      seed: seed, port: port, levels: levels, bookRate: rate, tradeRate: tradeRate,
      partialDelay: partialDelay,
      replay: replay.map { SimReplay(path: $0, speed: speed) }, burst: burst)
    if universe { config.universe = SimUniverse.extras(for: config) }
    for spec in faults {
      do {
        try config.faults.apply(spec: spec)
      } catch {
        throw ValidationError(error.description)
      }
    }
    let sim = ExchangeSim(config)
    try sim.start()
    print("ws:   \(sim.webSocketURL)")
    print("rest: \(sim.restURL)")
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
    sources.forEach { $0.cancel() }
  }
}
