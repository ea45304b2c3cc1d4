import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Issue 28's running-cost budget: `tradeterm --across BTC` at 200×50 against a `tradeterm-sim
/// --rates real` of its own (six venues at about their real BTC rates, ~300 messages a second, and
/// Coinbase's BTC-USD book of 46,000 levels; the demo's walls, liquidations and listings), reached
/// with `--demo-at`: the simulator's threads are in another process and not counted. CPU of the
/// tradeterm process over the window ≤ 3 % of a core; RSS ≤ 80 MB after an hour (`--stream-seconds
/// 3600`; a shorter window says where it starts and how fast it grows).
struct AcrossCostBench {
  var bench: RunningCostBench

  static let simArguments = ["--rates", "real", "--universe", "--activity"]

  /// What one window measured.
  struct Figure {
    var run: RunningCostBench.Result
    /// Frames the simulator sent over its life (tradeterm's connections are its only ones), and
    /// that life in seconds: the rate tradeterm was fed.
    var simFrames: Int?
    var simSeconds: Double
    /// Whether the screen said every chosen instrument was live at the end.
    var allLive: Bool
  }

  /// Runs the window; with `progress`, the RSS every minute on stdout as it goes.
  func measure(seconds: Double, progress: Bool) -> Figure {
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-across-cost-\(getpid()).err"
    ).path
    defer { unlink(errors) }
    let started = Measure.now()
    let sim = SimServer(
      binary: bench.binDir + "/tradeterm-sim", arguments: Self.simArguments, errorsTo: errors)
    let every: Double? = progress ? min(60, seconds) : nil
    let r = bench.run(
      arguments: ["--across", "BTC", "--demo-at", sim.address], seconds: seconds, sim: sim,
      sampleEvery: every,
      onSample: progress
        ? { elapsed, kb in
          // Unbuffered: a log of the run shows each minute as it passes.
          FileHandle.standardOutput.write(Data("  \(Int(elapsed)) s: RSS \(Self.mb(kb)) MB\n".utf8))
        } : nil)
    sim.stop()
    let life = Double(Measure.now() - started) / 1e9
    // `tradeterm-sim: N sessions, F frames, R REST requests`
    let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    if let kinds = said.split(separator: "\n").last(where: { $0.contains("frames by kind") }) {
      print("  \(kinds.dropFirst("tradeterm-sim: ".count)) (over \(life.fixed(0)) s)")
    }
    let frames = said.split(separator: "\n").first { $0.contains(" frames,") }.flatMap { line -> Int? in
      let words = line.split(separator: " ")
      guard let at = words.firstIndex(where: { $0.hasPrefix("frames") }), at > 0 else { return nil }
      return Int(words[at - 1])
    }
    return Figure(run: r, simFrames: frames, simSeconds: life, allLive: Self.allLive(r.screen))
  }

  /// The status line's `N of N live`.
  static func allLive(_ screen: String) -> Bool {
    guard let match = screen.range(of: #"(\d+) of (\d+) live"#, options: .regularExpression) else {
      return false
    }
    let words = screen[match].split(separator: " ")
    return words.count == 4 && words[0] == words[2]
  }

  /// Runs it and adds its rows to `report`.
  @discardableResult
  func figure(seconds: Double, progress: Bool = false, into report: inout Report) -> RunningCostBench.Result {
    let f = measure(seconds: seconds, progress: progress)
    let r = f.run
    let secs = r.seconds >= 120 ? "\((r.seconds / 60).fixed(0)) min" : "\(Int(r.seconds.rounded())) s"
    let rate = f.simFrames.map { "\((Double($0) / f.simSeconds).fixed(0)) frames/s" } ?? "frames not counted"
    report.add(
      "tradeterm --across BTC --demo-at, vs tradeterm-sim --rates real (\(rate), Coinbase book 46,000 "
        + "levels), tmux 200×50, \(secs): CPU of tradeterm" + (f.allLive ? "" : " (NOT all live)"),
      "\(r.cpuPercent.fixed(2)) % of one core (the simulator \(r.simCPUPercent.map { $0.fixed(1) } ?? "?") %)",
      budget: "≤ 3 %", f.allLive && r.cpuPercent <= 3 ? .pass : .miss)
    let growth = Double(r.rssKB - r.rssAtStartKB) / (r.seconds / 60)
    // A window shorter than the hour says where RSS is, but does not pass the hour's budget.
    let hour = r.seconds >= 3_590
    report.add(
      "  its RSS at the end (at the start of the window; peak; growth)"
        + (hour ? "" : " — the budget is after an hour"),
      "\(Self.mb(r.rssKB)) MB (\(Self.mb(r.rssAtStartKB)) MB; peak \(Self.mb(r.hwmKB)); "
        + "\(growth >= 0 ? "+" : "")\(growth.fixed(1)) kB/min)",
      budget: "≤ 80 MB", hour && Double(r.rssKB) / 1024 <= 80 ? .pass : .miss)
    report.notes.append(
      "across-cost: CPU from the tradeterm process's /proc/PID/task/*/schedstat over the window, from 1 s "
        + "after the screen showed LIVE; the simulator is its own process; frames/s is what the "
        + "simulator sent over its life (start-up and the snapshots included); load average (1 min) at "
        + "the end \(SystemFigures.loadAverage)")
    if !f.allLive { report.notes.append("across-cost: the last screen:\n\(r.screen)") }
    return r
  }

  static func mb(_ kb: Int) -> String { (Double(kb) / 1024).fixed(1) }
}
