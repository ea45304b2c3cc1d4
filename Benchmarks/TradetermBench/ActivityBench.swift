import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Issue 17's budget: candles, the Activity pane and the liquidity heatmap on screen together at
/// 200×50 (`c c` candles 1m, `w` Activity, `H` the heatmap beside the chart) against
/// `tradeterm-sim --activity` at BitMEX's rate (20 book + 3 trade msgs/s, walls and
/// liquidations): CPU over a window, and resident memory at its end with its growth.
///
/// The budget's hour is not part of `make bench` (it would take an hour): `--only activity-hour`
/// runs it, writes its figure to `Benchmarks/activity-hour.md`, and `make bench` shows the last
/// one written, with its date.
struct ActivityBench {
  var tmux: TmuxServer
  var binDir: String

  /// The keys that open the three panes, and what the screen then shows.
  static let keys = ["c", "c", "w", "H"]
  static let expect = ["Candles 1m", "Activity", "Liquidity heatmap"]
  static let simArguments = ["--rate", "20", "--trade-rate", "3", "--activity"]
  /// Where the hour's figure is kept between runs (relative to the repository's root).
  static let hourFile = "Benchmarks/activity-hour.md"

  func run(
    seconds: Double, sampleEvery: Double? = nil, onSample: ((Double, Int) -> Void)? = nil
  )
    -> RunningCostBench.Result
  {
    let sim = SimServer(binary: binDir + "/tradeterm-sim", arguments: Self.simArguments)
    defer { sim.stop() }
    return RunningCostBench(tmux: tmux, binDir: binDir).run(
      arguments: ["--ws-url", sim.webSocketURL, "--rest-url", sim.restURL], seconds: seconds, sim: sim,
      keys: Self.keys, expect: Self.expect, sampleEvery: sampleEvery, onSample: onSample)
  }

  /// The figure of `make bench`: the median of `windows` fresh starts of `seconds` each.
  func figure(seconds: Double, windows: Int, into report: inout Report) {
    var runs: [RunningCostBench.Result] = []
    for _ in 0..<windows { runs.append(run(seconds: seconds)) }
    let sorted = runs.map(\.cpuPercent).sorted()
    let cpu = sorted[sorted.count / 2]
    let secs = "\(Int(seconds)) s"
    report.add(
      "CPU, candles + Activity + heatmap on screen (c c w H), tmux 200×50, vs tradeterm-sim --activity, "
        + (windows > 1 ? "median of \(windows) × \(secs)" : secs),
      "\(cpu.fixed(2)) % of one core"
        + (windows > 1 ? " (\(runs.map { $0.cpuPercent.fixed(2) }.joined(separator: ", ")))" : ""),
      budget: "≤ 1.5 %", cpu <= 1.5 ? .pass : .miss)
    let last = runs[runs.count - 1]
    let growth = Double(last.rssKB - last.rssAtStartKB) / (last.seconds / 60)
    report.add(
      "  RSS at the end of the window, and its growth over it (the budget is after an hour)",
      "\(mb(last.rssKB)) MB (peak \(mb(last.hwmKB)); \(growth >= 0 ? "+" : "")\(growth.fixed(0)) kB/min)")
    report.add(
      "  RSS after an hour, the same screen (--only activity-hour, \(Self.hourFile))",
      Self.lastHour ?? "not run yet", budget: "≤ 35 MB", Self.lastHourVerdict)
  }

  /// The hour: one window of `seconds` (3,600), the memory every minute as it goes (printed),
  /// then the figure written to `hourFile`.
  func hour(seconds: Double, into report: inout Report) {
    let started = ISO8601DateFormatter().string(from: Date())
    FileHandle.standardOutput.write(
      Data("activity-hour: started \(started), \(Int(seconds)) s; RSS every minute:\n".utf8))
    let r = run(seconds: seconds, sampleEvery: min(60, seconds)) { elapsed, kb in
      // Unbuffered: a log of the run shows each minute as it passes.
      FileHandle.standardOutput.write(Data("  \(Int(elapsed)) s: \(mb(kb)) MB\n".utf8))
    }
    let growth = Double(r.rssKB - r.rssAtStartKB) / (r.seconds / 60)
    let value =
      "\(mb(r.rssKB)) MB after \(Int(r.seconds / 60)) min (\(mb(r.rssAtStartKB)) MB at its start, "
      + "peak \(mb(r.hwmKB)), \(growth >= 0 ? "+" : "")\(growth.fixed(1)) kB/min); CPU \(r.cpuPercent.fixed(2)) %; "
      + "run \(started)"
    // A shorter run (`--stream-seconds`) says what it saw but does not pass the hour's budget.
    let pass = Double(r.rssKB) / 1024 <= 35 && r.seconds >= 3_590
    report.add(
      "RSS after an hour, candles + Activity + heatmap, tmux 200×50", value, budget: "≤ 35 MB",
      pass ? .pass : .miss)
    let text =
      "<!-- Written by `TradetermBench --only activity-hour` (make bench-hour); make bench shows it. -->\n"
      + "\(pass ? "pass" : "MISS") \(value)\n"
    do {
      try text.write(toFile: Self.hourFile, atomically: true, encoding: .utf8)
      print("wrote \(Self.hourFile)")
    } catch {
      print("bench: cannot write \(Self.hourFile): \(error)")
    }
  }

  /// The last hour's figure from `hourFile`, if one was written.
  static var lastHour: String? {
    guard let text = try? String(contentsOfFile: hourFile, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("pass ") || $0.hasPrefix("MISS ") })
    else { return nil }
    return String(line.dropFirst(5))
  }

  static var lastHourVerdict: Report.Verdict {
    guard let text = try? String(contentsOfFile: hourFile, encoding: .utf8) else { return .miss }
    return text.contains("\npass ") ? .pass : .miss
  }

  private func mb(_ kb: Int) -> String { (Double(kb) / 1024).fixed(1) }
}
