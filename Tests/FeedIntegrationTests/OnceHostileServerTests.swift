import ExchangeSim
import Foundation
import Testing

/// `tradeterm --once` against the hostile server of issue 24 (findings 1 and 2): the book's
/// snapshot succeeds without liquidations, without the instrument partial and past a malformed
/// instrument row; only what needs the missing table fails, and says why.
@Suite struct OnceHostileServerTests {
  static func once(_ sim: ExchangeSim, _ more: [String] = []) throws -> TradetermProcess.Result {
    try TradetermProcess.run(
      ["--once", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout", "20"] + more)
  }

  @Test func theBookWithoutLiquidations() throws {
    var config = Integration.simConfig(seed: 2411)
    config.faults.refusedTables = ["liquidation": "Unknown table: liquidation"]
    try Integration.withSim(config) { sim in
      let run = try Self.once(sim)
      #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
      #expect(run.stdout.hasPrefix("XBTUSD"), "\(run.stdout)")
      #expect(run.stdout.contains("bid "), "\(run.stdout)")
    }
  }

  @Test func theBookPastAMalformedInstrumentRow() throws {
    var config = Integration.simConfig(seed: 2412)
    config.faults.badInstrumentRow = .longSymbol
    try Integration.withSim(config) { sim in
      let run = try Self.once(sim)
      #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
      #expect(run.stdout.contains("bid "), "\(run.stdout)")
    }
  }

  /// The instrument partial never comes: the snapshot once the feed gives up on it (10 s).
  @Test func theBookWithoutTheInstrumentPartial() throws {
    var config = Integration.simConfig(seed: 2413)
    config.faults.withheldPartials = ["instrument"]
    try Integration.withSim(config) { sim in
      let run = try Self.once(sim)
      #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
      #expect(run.stdout.contains("bid "), "\(run.stdout)")
    }
  }

  /// With a timeout shorter than the feed's patience for the instrument, the book is printed at
  /// the deadline all the same: it is live, only the auxiliary instrument is missing.
  @Test func theBookAtTheDeadlineWhileTheInstrumentIsMissing() throws {
    var config = Integration.simConfig(seed: 2415)
    config.faults.withheldPartials = ["instrument"]
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout", "3",
      ])
      #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
      #expect(run.stdout.contains("bid "), "\(run.stdout)")
    }
  }

  /// The markets list is the instrument table: without it `--once --markets` fails, saying why.
  @Test func theMarketsListWithoutTheInstrumentTableSaysWhy() throws {
    var config = Integration.simConfig(seed: 2414)
    config.faults.refusedTables = ["instrument": "Unknown table: instrument"]
    try Integration.withSim(config) { sim in
      let run = try Self.once(sim, ["--markets"])
      #expect(run.status == 1, "exit \(run.status); stdout: \(run.stdout)")
      #expect(
        run.stderr == "tradeterm: the instrument table is unavailable: Unknown table: instrument\n",
        "\(run.stderr)")
    }
  }
}
