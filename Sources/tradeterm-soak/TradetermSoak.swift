import ArgumentParser
import Feed
import Foundation

/// `tradeterm-soak` (`make soak`): the long, hostile runs of issue 6, in-process: the real
/// `MarketFeed` against the real `ExchangeSim` on 127.0.0.1. Prints a table of figures and exits
/// non-zero if any scenario fails.
///
/// The rate run goes first and alone (RSS is the whole process's), then the reconnect run
/// (descriptors are too), then the burst, then the fault scenarios side by side, each with its own
/// simulator and feed.
@main
struct TradetermSoak: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tradeterm-soak",
    abstract: "Soak and fault-injection runs of the feed against ExchangeSim.",
    discussion: "Scenarios: \(allScenarios.joined(separator: ", ")).")

  static let allScenarios = [
    "rate", "reconnects", "burst", "flapping", "stall-mid-partial", "slow-partial", "rate-limited",
    "maintenance", "unanswered-upgrade", "garbage", "unknown-level", "symbol-switches",
  ]

  @Flag(help: "Every scenario short (a few minutes in all) instead of issue 6's lengths.")
  var quick = false

  @Option(help: "Minutes of the 100x-rate run (default 30, or 1 with --quick).")
  var minutes: Double?

  @Option(help: "Book messages per second in the rate run.")
  var rate: Double?

  @Option(help: "Reconnects in the descriptor-leak run (default 1000, or 100 with --quick).")
  var reconnects: Int?

  @Option(help: "Run only these scenarios (comma-separated).")
  var only: String?

  func validate() throws {
    if let minutes, minutes <= 0 { throw ValidationError("--minutes must be positive") }
    if let only {
      for name in only.split(separator: ",") where !Self.allScenarios.contains(String(name)) {
        throw ValidationError(
          "unknown scenario '\(name)'; known: \(Self.allScenarios.joined(separator: ", "))")
      }
    }
  }

  func run() throws {
    var plan = quick ? SoakPlan.quick(minutes: minutes ?? 1) : SoakPlan.full(minutes: minutes ?? 30)
    if let rate { plan.rate = rate }
    if let reconnects { plan.reconnects = reconnects }
    let chosen = only.map { Set($0.split(separator: ",").map(String.init)) } ?? Set(Self.allScenarios)
    let started = Date()
    let log: Scenarios.Log = { line in
      let t = Int(Date().timeIntervalSince(started))
      FileHandle.standardError.write(Data("[\(t / 60)m\(t % 60)s] \(line)\n".utf8))
    }
    log("tradeterm-soak \(quick ? "--quick" : "full"): \(chosen.count) scenario(s); load \(loadAverage())")

    var results: [ScenarioResult] = []
    let alone: [(String, (SoakPlan, Scenarios.Log) -> ScenarioResult)] = [
      ("rate", Scenarios.rate), ("reconnects", Scenarios.reconnects), ("burst", Scenarios.burst),
    ]
    for (name, scenario) in alone where chosen.contains(name) {
      results.append(Self.timed(name, plan, log, scenario))
    }
    let together: [(String, @Sendable (SoakPlan, Scenarios.Log) -> ScenarioResult)] = [
      ("flapping", Scenarios.flapping), ("stall-mid-partial", Scenarios.stallMidPartial),
      ("slow-partial", Scenarios.slowPartial), ("rate-limited", Scenarios.rateLimited),
      ("maintenance", Scenarios.maintenance), ("unanswered-upgrade", Scenarios.unansweredUpgrade),
      ("garbage", Scenarios.garbage), ("unknown-level", Scenarios.unknownLevel),
      ("symbol-switches", Scenarios.symbolSwitches),
    ]
    results += Self.inParallel(together.filter { chosen.contains($0.0) }, plan, log)

    print(Self.report(results, plan: plan, quick: quick, load: loadAverage()))
    if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
  }

  /// Runs one scenario and times it.
  private static func timed(
    _ name: String, _ plan: SoakPlan, _ log: @escaping Scenarios.Log,
    _ scenario: (SoakPlan, Scenarios.Log) -> ScenarioResult
  ) -> ScenarioResult {
    log("\(name): start")
    let t = Date()
    var result = scenario(plan, log)
    result.seconds = Date().timeIntervalSince(t)
    log("\(name): \(result.passed ? "PASS" : "FAIL") in \(Int(result.seconds)) s \(result.failures)")
    return result
  }

  /// Runs scenarios on threads of their own, all at once; results in the given order.
  private static func inParallel(
    _ scenarios: [(String, @Sendable (SoakPlan, Scenarios.Log) -> ScenarioResult)], _ plan: SoakPlan,
    _ log: @escaping Scenarios.Log
  ) -> [ScenarioResult] {
    let box = ResultBox(count: scenarios.count)
    let group = DispatchGroup()
    for (i, (name, scenario)) in scenarios.enumerated() {
      group.enter()
      let thread = Thread {
        box.set(i, timed(name, plan, log, scenario))
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    return box.all
  }

  /// `/proc/loadavg`'s three averages.
  private func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// The table of figures.
  static func report(_ results: [ScenarioResult], plan: SoakPlan, quick: Bool, load: String) -> String {
    var lines: [String] = []
    let cores = ProcessInfo.processInfo.activeProcessorCount
    lines.append(
      "tradeterm-soak (\(quick ? "quick" : "full"), rate run \(Int(plan.rateSeconds)) s at \(Int(plan.rate)) msg/s)"
        + " — \(cores) cores, load average at the end \(load)")
    lines.append("")
    lines.append(pad("scenario", 20) + pad("result", 8) + pad("time", 9) + "failures")
    for r in results {
      lines.append(
        pad(r.name, 20) + pad(r.passed ? "PASS" : "FAIL", 8) + pad("\(Int(r.seconds)) s", 9)
          + r.failures.joined(separator: "; "))
    }
    for r in results {
      lines.append("")
      lines.append("\(r.name):")
      for (what, value) in r.figures { lines.append("  " + pad(what, 46) + value) }
    }
    lines.append("")
    lines.append(
      results.allSatisfy(\.passed) ? "ALL PASSED" : "FAILED: \(results.filter { !$0.passed }.map(\.name))")
    return lines.joined(separator: "\n")
  }

  private static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
  }
}

/// Results written by the scenario threads.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [ScenarioResult?]

  init(count: Int) { results = Array(repeating: nil, count: count) }

  func set(_ i: Int, _ result: ScenarioResult) {
    lock.lock()
    defer { lock.unlock() }
    results[i] = result
  }

  var all: [ScenarioResult] {
    lock.lock()
    defer { lock.unlock() }
    return results.compactMap { $0 }
  }
}
