#if canImport(Glibc)
import Glibc
#endif

/// Figure 6, running cost: the release `tradeterm` in a 200×50 tmux window for `seconds`,
/// once it shows a LIVE book: CPU time from `/proc/PID/task/*/schedstat` (nanoseconds) over
/// wall time, and resident memory from `/proc/PID/status`.
struct RunningCostBench {
  struct Result {
    /// CPU per wall second, in percent of one core: the whole process, and its threads other
    /// than SwiftNIO's event loops (with `--demo`, the simulator's).
    var cpuPercent: Double
    var cpuPercentWithoutSim: Double
    var rssKB: Int
    var rssAtStartKB: Int
    var hwmKB: Int
    var seconds: Double
    /// The simulator process's CPU over the same time, when there is one.
    var simCPUPercent: Double?
    /// The last screen, to check the dashboard was really live.
    var screen: String
    /// tradeterm did not exit within 5 s of its tmux session ending (and was killed).
    var outlived: Bool
  }

  var tmux: TmuxServer
  var binDir: String

  /// Runs tradeterm `arguments` for `seconds` once LIVE. `keys` are typed once it is LIVE (one
  /// tmux key name each), and then the screen must show every text of `expect` (the panes the
  /// keys opened) before the window starts. With `sampleEvery`, `onSample` gets the seconds
  /// into the window and the resident memory every so often.
  func run(
    arguments: [String], seconds: Double, sim: SimServer?, keys: [String] = [], expect: [String] = [],
    sampleEvery: Double? = nil, onSample: ((_ elapsed: Double, _ rssKB: Int) -> Void)? = nil
  ) -> Result {
    let launch = DashboardLaunch(
      tmux: tmux, binDir: binDir, arguments: arguments, width: 200, height: 50, trace: false)
    guard waitFor(15, { launch.screen.contains("LIVE") }) else {
      fatalError("bench: tradeterm \(arguments.joined(separator: " ")) never showed LIVE:\n\(launch.screen)")
    }
    if !keys.isEmpty { tmux.sendKeys(launch.session, keys) }
    guard waitFor(10, { expect.allSatisfy(launch.screen.contains) }) else {
      fatalError("bench: after the keys \(keys) the screen lacks one of \(expect):\n\(launch.screen)")
    }
    usleep(1_000_000)  // settle: the REST answers, the first frames
    let pid = launch.pid
    let simPID = sim?.pid
    let isSim: (ProcessProbe.ThreadTime) -> Bool = { $0.name.hasPrefix("NIO-ELT") }
    let t0 = Measure.now()
    let threads0 = ProcessProbe.threads(pid)
    let sim0 = simPID.map(ProcessProbe.cpuNanoseconds) ?? 0
    let rss0 = ProcessProbe.statusKB(pid, "VmRSS") ?? 0
    // In steps of `sampleEvery` (a long run reports its memory as it goes).
    var elapsed = 0.0
    while elapsed < seconds {
      let step = min(seconds - elapsed, sampleEvery ?? seconds)
      usleep(useconds_t(step * 1e6))
      elapsed += step
      guard ProcessProbe.isAlive(pid) else { break }
      onSample?(elapsed, ProcessProbe.statusKB(pid, "VmRSS") ?? 0)
    }
    let threads1 = ProcessProbe.threads(pid)
    let sim1 = simPID.map(ProcessProbe.cpuNanoseconds) ?? 0
    let t1 = Measure.now()
    let rss1 = ProcessProbe.statusKB(pid, "VmRSS") ?? 0
    let hwm = ProcessProbe.statusKB(pid, "VmHWM") ?? 0
    let screen = launch.screen
    guard ProcessProbe.isAlive(pid) else { fatalError("bench: tradeterm exited during the run:\n\(screen)") }
    launch.stop()

    let start = Dictionary(uniqueKeysWithValues: threads0.map { ($0.tid, $0.nanoseconds) })
    func used(_ pick: (ProcessProbe.ThreadTime) -> Bool) -> Double {
      Double(threads1.filter(pick).reduce(UInt64(0)) { $0 + ($1.nanoseconds - (start[$1.tid] ?? 0)) })
    }
    let wall = Double(t1 - t0)
    return Result(
      cpuPercent: used { _ in true } / wall * 100, cpuPercentWithoutSim: used { !isSim($0) } / wall * 100,
      rssKB: rss1, rssAtStartKB: rss0, hwmKB: hwm, seconds: wall / 1e9,
      simCPUPercent: simPID.map { _ in Double(sim1 - sim0) / wall * 100 }, screen: screen,
      outlived: launch.outlivedSession)
  }
}
