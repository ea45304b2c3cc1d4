import BitMEX
import ExchangeSim
import Feed
import Foundation
import MarketModel
import Seeding
import Session

/// The long scenarios of issue 6, each the real `MarketFeed` against its own `ExchangeSim` on
/// 127.0.0.1, each ending with the state LIVE and the client's book equal to the simulator's.
/// Every wait is a condition with a deadline.
enum Scenarios {
  typealias Log = @Sendable (String) -> Void

  /// The two listings the rate run steps (every listed instrument steps on every tick: fewer
  /// of them leave the cores to the client).
  private static let twoInstruments: [SimInstrument] = [.xbtusd, .ethusd]

  /// The symbol most scenarios follow: BitMEX's Bitcoin perpetual.
  private static let bitcoin = BitMEXInstruments.bitcoinPerpetual.description

  /// A market at BitMEX's pace (20 book messages a second), for the fault scenarios.
  private static func simConfig(seed: UInt64, levels: Int = 1_000) -> SimConfig {
    SimConfig(
      seed: seed, levels: levels, bookRate: 20, tradeRate: 3, instrumentInterval: 1, partialDelay: 0.2)
  }

  /// Starts a simulator, or records why it could not.
  private static func startSim(_ config: SimConfig, _ result: inout ScenarioResult) -> ExchangeSim? {
    let sim = ExchangeSim(config)
    do {
      try sim.start()
      return sim
    } catch {
      result.failures.append("the simulator did not start: \(error)")
      return nil
    }
  }

  /// Waits (30 s at most) for the first LIVE; a failure of `result` if it does not come.
  private static func waitLive(_ driver: SoakDriver, _ result: inout ScenarioResult) -> Bool {
    if driver.waitUntil(timeout: 30, { $0.isLive }) { return true }
    result.failures.append("never LIVE: \(driver.describe())")
    return false
  }

  /// How every scenario ends: LIVE, then (market paused) the client's book equal to the
  /// simulator's.
  private static func endsLiveWithTheSimulatorsBook(
    _ driver: SoakDriver, _ sim: ExchangeSim, _ result: inout ScenarioResult, depth: Int? = 25,
    timeout: Double = 75
  ) {
    let live = driver.waitUntil(timeout: timeout) { $0.isLive }
    result.expect(live, "not LIVE \(Int(timeout)) s after the fault ended: \(driver.describe())")
    sim.pauseMarket()
    let same = driver.waitUntil(timeout: 10) { $0.isLive && $0.bookMatches(sim, depth: depth) }
    result.expect(same, "the client's book is not the simulator's: \(driver.describe())")
    result.figure("ends LIVE, book == sim", live && same ? "yes" : "NO")
  }

  private static func seconds(_ x: Double) -> String { String(format: "%.1f s", x) }

  // MARK: 100x rate, RSS, queue

  /// The engine and feed at 100x BitMEX's book rate for `plan.rateSeconds`: RSS sampled every
  /// `plan.sampleEvery` s must grow less than 1 MiB after the warm-up; the mailbox never holds
  /// more than two seconds of messages; descriptors and threads stay put; the book is the
  /// simulator's at every check.
  static func rate(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "rate")
    // One book step is one to three messages (BitMEX sends deletes, updates and inserts
    // apart): about 1.8 on average with 25 levels a side, so 0.55 steps per target message.
    // Trades at 100x BitMEX's ~3/s, instrument updates at 100x its ~1/s.
    var config = SimConfig(
      seed: 601, levels: 25, bookRate: plan.rate * 0.55, tradeRate: plan.rate * 0.15,
      instrumentInterval: 0.01, partialDelay: 0.2, instruments: twoInstruments)
    config.warmUpTicks = 2_000
    guard let sim = startSim(config, &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    guard waitLive(driver, &result) else { return result }
    let start = MonotonicTime.now()
    let fdsStart = ProcessProbe.openDescriptors() ?? -1
    let threadsStart = ProcessProbe.threads() ?? -1
    var samples: [(at: Double, kib: Int)] = []
    var nextSample = start
    var nextCheck = start + plan.bookCheckEvery
    var checks = 0
    var checksFailed = 0
    var checkPause = 0.0
    var deltasMark = 0
    var atMark = start
    while MonotonicTime.now() - start < plan.rateSeconds {
      driver.pump(wait: 1.0 / 30)
      let now = MonotonicTime.now()
      if now >= nextSample {
        nextSample = nextSample + plan.sampleEvery
        let kib = ProcessProbe.residentKiB() ?? 0
        samples.append((now - start, kib))
        let rate = Double(driver.bookDeltas - deltasMark) / max(0.001, now - atMark)
        deltasMark = driver.bookDeltas
        atMark = now
        log(
          "rate: \(Int(now - start)) s  RSS \(kib) KiB  fds \(ProcessProbe.openDescriptors() ?? -1)  "
            + "book msgs/s \(Int(rate))  \(driver.describe())")
      }
      if now >= nextCheck {
        nextCheck = nextCheck + plan.bookCheckEvery
        let t = MonotonicTime.now()
        sim.pauseMarket()
        let same = driver.waitUntil(timeout: 10) { $0.bookMatches(sim, depth: 25) }
        sim.resumeMarket()
        checkPause += MonotonicTime.now() - t
        checks += 1
        if !same { checksFailed += 1 }
      }
    }
    let elapsed = MonotonicTime.now() - start
    endsLiveWithTheSimulatorsBook(driver, sim, &result, timeout: 30)
    let fdsEnd = ProcessProbe.openDescriptors() ?? -1
    let threadsEnd = ProcessProbe.threads() ?? -1

    let afterWarmUp = samples.filter { $0.at >= plan.warmUp }
    let baseline = afterWarmUp.first?.kib ?? samples.last?.kib ?? 0
    let peak = afterWarmUp.map(\.kib).max() ?? baseline
    let last = samples.last?.kib ?? baseline
    let bookRate = Double(driver.bookDeltas) / max(1, elapsed - checkPause)
    result.figure("length", seconds(elapsed))
    result.figure("book messages received", driver.bookDeltas)
    result.figure("book messages/s (target \(Int(plan.rate)))", Int(bookRate))
    result.figure("all messages/s", Int(Double(driver.events) / max(1, elapsed)))
    result.figure("RSS samples (every \(Int(plan.sampleEvery)) s)", samples.count)
    result.figure("RSS at start", "\(samples.first?.kib ?? 0) KiB")
    result.figure("RSS after warm-up (\(Int(plan.warmUp)) s)", "\(baseline) KiB")
    result.figure("RSS at end", "\(last) KiB")
    result.figure("RSS max growth after warm-up", "\(peak - baseline) KiB")
    result.figure("RSS end - warm-up", "\(last - baseline) KiB")
    result.figure("largest drain (events)", driver.maxBatchEvents)
    result.figure("longest drain", String(format: "%.2f ms", driver.maxDrainTime * 1000))
    result.figure("open fds start/end", "\(fdsStart) / \(fdsEnd)")
    result.figure("threads start/end", "\(threadsStart) / \(threadsEnd)")
    result.figure("book == sim checks", "\(checks - checksFailed) of \(checks)")
    result.figure(
      "reconnects / resyncs / skipped", "\(driver.reconnects) / \(driver.resyncs) / \(driver.skippedFrames)")
    result.expect(afterWarmUp.count >= 2, "too short to measure growth after the warm-up")
    result.expect(peak - baseline < 1_024, "RSS grew \(peak - baseline) KiB after the warm-up")
    result.expect(bookRate >= plan.rate * 0.5, "only \(Int(bookRate)) book messages/s")
    // The mailbox is emptied by every drain: it holds what arrives between two (~33 ms). Two
    // seconds' worth would mean the UI fell behind for good.
    result.expect(driver.maxBatchEvents <= Int(plan.rate) * 2, "a drain held \(driver.maxBatchEvents) events")
    result.expect(fdsEnd <= fdsStart, "descriptors \(fdsStart) → \(fdsEnd)")
    result.expect(threadsEnd <= threadsStart, "threads \(threadsStart) → \(threadsEnd)")
    result.expect(checksFailed == 0, "\(checksFailed) book checks failed")
    result.expect(driver.reconnects == 0 && sim.stats.upgradesAccepted == 1, "reconnected during the run")
    result.expect(driver.resyncs == 0, "\(driver.resyncs) resyncs")
    result.expect(driver.skippedFrames == 0, "\(driver.skippedFrames) skipped frames")
    return result
  }

  // MARK: Descriptor leaks

  /// `plan.reconnects` reconnects, alternately a dropped TCP connection and a client-side
  /// reconnect: the process's descriptors and threads are the same after as before, and the last
  /// connection's book is the simulator's.
  static func reconnects(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "reconnects")
    guard
      let sim = startSim(
        SimConfig(
          seed: 602, levels: 200, bookRate: 100, tradeRate: 10, instrumentInterval: 0.2, partialDelay: 0.02,
          instruments: twoInstruments, warmUpTicks: 200), &result)
    else { return result }
    defer { sim.stop() }
    var config = FeedConfig()
    config.backoffBase = 0.02
    config.backoffCap = 0.1
    // The hourly budget would stop this run at 60: it is tested by the 429 scenario.
    config.maxAttemptsPerWindow = 1_000_000
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: config)
    defer { driver.stop() }

    func cycle(_ k: Int) -> Bool {
      let partials = driver.bookPartials
      if k % 2 == 0 { sim.dropConnections() } else { driver.feed.post(.reconnectNow) }
      return driver.waitUntil(timeout: 15) { $0.bookPartials > partials && $0.isLive }
    }
    guard driver.waitUntil(timeout: 15, { $0.isLive }), (0..<10).allSatisfy(cycle) else {
      result.failures.append("the warm-up reconnects failed: \(driver.describe())")
      return result
    }
    _ = driver.waitUntil(timeout: 5) { _ in sim.stats.openSessions == 1 }
    let fdsBefore = ProcessProbe.openDescriptors() ?? -1
    let threadsBefore = ProcessProbe.threads() ?? -1
    let rssBefore = ProcessProbe.residentKiB() ?? 0
    let upgradesBefore = sim.stats.upgradesAccepted
    let start = MonotonicTime.now()
    var done = 0
    for k in 0..<plan.reconnects {
      guard cycle(k) else {
        result.failures.append("reconnect \(k + 1) did not come back LIVE: \(driver.describe())")
        break
      }
      done += 1
      if done % 100 == 0 {
        log(
          "reconnects: \(done)  fds \(ProcessProbe.openDescriptors() ?? -1)  RSS \(ProcessProbe.residentKiB() ?? 0) KiB"
        )
      }
    }
    let elapsed = MonotonicTime.now() - start
    // The simulator's side of the last closed connections may take a moment to go.
    let settled = driver.waitUntil(timeout: 5) { _ in
      sim.stats.openSessions == 1 && (ProcessProbe.openDescriptors() ?? .max) <= fdsBefore
    }
    let fdsAfter = ProcessProbe.openDescriptors() ?? -1
    let threadsAfter = ProcessProbe.threads() ?? -1
    let rssAfter = ProcessProbe.residentKiB() ?? 0
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    let upgrades = sim.stats.upgradesAccepted - upgradesBefore
    result.figure("reconnects", "\(done) in \(seconds(elapsed))")
    result.figure("new connections (sim)", upgrades)
    result.figure("book partials", driver.bookPartials)
    result.figure("open fds before/after", "\(fdsBefore) / \(fdsAfter)")
    result.figure("threads before/after", "\(threadsBefore) / \(threadsAfter)")
    result.figure("RSS before/after", "\(rssBefore) / \(rssAfter) KiB")
    result.expect(done == plan.reconnects, "only \(done) reconnects")
    result.expect(settled && fdsAfter <= fdsBefore, "descriptors \(fdsBefore) → \(fdsAfter)")
    result.expect(threadsAfter <= threadsBefore, "threads \(threadsBefore) → \(threadsAfter)")
    result.expect(upgrades >= done, "\(upgrades) connections for \(done) reconnects")
    result.expect(driver.skippedFrames == 0 && driver.resyncs == 0, "skipped or resynced")
    return result
  }

  // MARK: Burst

  /// A burst of `plan.burst` book messages back to back, as fast as the client reads.
  static func burst(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "burst")
    var config = simConfig(seed: 603, levels: 200)
    config.burst = plan.burst
    guard let sim = startSim(config, &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    guard driver.waitUntil(timeout: 30, { $0.bookPartials == 1 }) else {
      result.failures.append("no partial: \(driver.describe())")
      return result
    }
    let start = MonotonicTime.now()
    let arrived = driver.waitUntil(timeout: 60) {
      sim.stats.burstsFinished == 1 && $0.bookDeltas >= plan.burst
    }
    let elapsed = MonotonicTime.now() - start
    result.expect(arrived, "the burst did not arrive: \(driver.bookDeltas) messages")
    endsLiveWithTheSimulatorsBook(driver, sim, &result, timeout: 10)
    result.figure("messages", "\(driver.bookDeltas) in \(seconds(elapsed))")
    result.figure("messages/s", Int(Double(driver.bookDeltas) / max(0.001, elapsed)))
    result.figure("largest drain (events)", driver.maxBatchEvents)
    result.expect(driver.bookDeltas == sim.stats.sent(BookTable.top25.name) - 1, "messages lost")
    result.expect(sim.stats.upgradesAccepted == 1 && driver.reconnects == 0, "reconnected")
    result.expect(driver.resyncs == 0 && driver.skippedFrames == 0, "resynced or skipped")
    return result
  }

  // MARK: Network faults

  /// A flapping network: the TCP connection dropped every `plan.flapInterval` s for
  /// `plan.flapSeconds`, production timings. Each drop costs one reconnect; never more than 60
  /// connection attempts an hour.
  static func flapping(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "flapping")
    guard let sim = startSim(simConfig(seed: 604), &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    guard waitLive(driver, &result) else { return result }
    var schedule = SimRandom(seed: 604)
    let start = MonotonicTime.now()
    var drops = 0
    while MonotonicTime.now() - start < plan.flapSeconds {
      driver.run(for: schedule.next(in: plan.flapInterval))
      sim.dropConnections()
      drops += 1
    }
    // Until the feed has noticed the last drop and come back (it may still say LIVE).
    let back = driver.waitUntil(timeout: 75) { _ in
      sim.stats.upgradesAccepted > sim.stats.sessionsDropped && sim.stats.openSessions == 1
    }
    result.expect(back, "no connection after the last drop: \(driver.describe())")
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    let dropped = sim.stats.sessionsDropped
    let reconnects = sim.stats.upgradesAccepted - 1
    result.figure("drops (of open connections)", "\(drops) (\(dropped))")
    result.figure("reconnects (sim / status)", "\(reconnects) / \(driver.reconnects)")
    result.figure("connection attempts, most in an hour", sim.stats.mostConnections(within: 3_600))
    result.figure("resyncs / skipped", "\(driver.resyncs) / \(driver.skippedFrames)")
    result.expect(
      reconnects >= dropped && reconnects <= dropped + 2, "\(reconnects) reconnects for \(dropped) drops")
    result.expect(
      driver.reconnects >= dropped && driver.reconnects <= reconnects + 1,
      "status counted \(driver.reconnects)")
    result.expect(sim.stats.mostConnections(within: 3_600) <= 60, "over 60 connection attempts an hour")
    result.expect(driver.resyncs == 0 && driver.skippedFrames == 0, "resynced or skipped")
    result.expect(driver.silentWaits == 0, "\(driver.silentWaits) waits without a reason")
    return result
  }

  /// The server stalls in the middle of a full-depth partial trickling at 50 KB/s: the heartbeat
  /// (5 s + 5 s) reconnects, the half message goes with its connection, the next partial rebuilds.
  static func stallMidPartial(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "stall-mid-partial")
    var config = simConfig(seed: 605, levels: plan.slowPartialLevels)
    config.faults.trickle = SimFaults.Trickle(bytes: plan.slowPartialBytesPerSecond / 50, interval: 0.02)
    guard let sim = startSim(config, &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, book: .full, config: FeedConfig())
    defer { driver.stop() }
    let half = driver.waitUntil(timeout: 60) { _ in sim.stats.bytesTrickled > 200_000 }
    result.expect(half && driver.bookPartials == 0, "not in the middle of the partial")
    sim.stallConnections()
    sim.faults.trickle = nil
    let start = MonotonicTime.now()
    let back = driver.waitUntil(timeout: 60) { _ in sim.stats.upgradesAccepted == 2 }
    result.figure("reconnected after the stall in", seconds(MonotonicTime.now() - start))
    result.expect(back, "no new connection after the stall: \(driver.describe())")
    endsLiveWithTheSimulatorsBook(driver, sim, &result, depth: nil)
    result.figure(
      "reconnects / resyncs / skipped", "\(driver.reconnects) / \(driver.resyncs) / \(driver.skippedFrames)")
    result.expect(driver.reconnects == 1, "\(driver.reconnects) reconnects")
    result.expect(driver.skippedFrames == 0 && driver.resyncs == 0, "a spliced message was decoded")
    return result
  }

  /// A full-depth partial of about 2 MB delivered at 50 KB/s, production timings: it must
  /// arrive whole on the first connection.
  static func slowPartial(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "slow-partial")
    var config = simConfig(seed: 606, levels: plan.slowPartialLevels)
    config.bookRate = 5
    config.tradeRate = 1
    config.faults.trickle = SimFaults.Trickle(bytes: plan.slowPartialBytesPerSecond / 50, interval: 0.02)
    guard let sim = startSim(config, &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, book: .full, config: FeedConfig())
    defer { driver.stop() }
    _ = driver.waitUntil(timeout: 30) { _ in sim.stats.sent(BookTable.full.name) >= 1 }
    let size = sim.stats.bytesSent
    let expected = Double(size) / Double(plan.slowPartialBytesPerSecond)
    let start = MonotonicTime.now()
    let live = driver.waitUntil(timeout: expected * 1.5 + 30) { $0.isLive || sim.stats.upgradesAccepted >= 3 }
    let elapsed = MonotonicTime.now() - start
    result.figure(
      "partial",
      String(
        format: "%.2f MB at %d KB/s (%.0f s on the wire)", Double(size) / 1e6,
        plan.slowPartialBytesPerSecond / 1000, expected))
    result.figure("connections", sim.stats.upgradesAccepted)
    result.figure("LIVE after", live && driver.isLive ? seconds(elapsed) : "never")
    result.expect(
      live && sim.stats.upgradesAccepted == 1,
      "the partial was abandoned and re-requested (\(sim.stats.upgradesAccepted) connections): \(driver.describe())"
    )
    if sim.stats.upgradesAccepted == 1 { endsLiveWithTheSimulatorsBook(driver, sim, &result, depth: nil) }
    return result
  }

  // MARK: Server refusals

  /// 429 with `Retry-After` on every upgrade for `plan.rateLimitSeconds`, production timings:
  /// every wait says why (rate-limited, 429), no two attempts closer than Retry-After, never
  /// more than 60 attempts an hour; LIVE once let in.
  static func rateLimited(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "rate-limited")
    guard let sim = startSim(simConfig(seed: 607), &result) else { return result }
    defer { sim.stop() }
    sim.rejectUpgrades(count: 1_000_000, status: 429, retryAfter: plan.retryAfter)
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    driver.run(for: plan.rateLimitSeconds)
    let refused = sim.stats.upgradesRejected
    let gap = sim.stats.closestConnections
    sim.rejectUpgrades(count: 0)
    endsLiveWithTheSimulatorsBook(driver, sim, &result, timeout: 60)
    result.figure("429 spell", seconds(plan.rateLimitSeconds))
    result.figure("attempts refused", refused)
    result.figure("attempts, most in an hour", sim.stats.mostConnections(within: 3_600))
    result.figure("closest attempts (Retry-After \(plan.retryAfter) s)", gap.map(seconds) ?? "-")
    result.figure(
      "waits: rate-limited / hourly limit",
      "\(driver.reconnectWaits[.rateLimited] ?? 0) / \(driver.reconnectWaits[.hourlyLimit] ?? 0)")
    result.expect(sim.stats.mostConnections(within: 3_600) <= 60, "over 60 connection attempts an hour")
    result.expect((gap ?? .infinity) >= Double(plan.retryAfter) - 0.1, "attempts \(gap ?? 0) s apart")
    result.expect((driver.reconnectWaits[.rateLimited] ?? 0) > 0, "no rate-limited wait shown")
    result.expect(driver.silentWaits == 0 && driver.mislabelledWaits == 0, "a wait did not say why")
    result.expect(!driver.sawError, "ERROR shown")
    return result
  }

  /// 503 on every upgrade for `plan.maintenanceSeconds`: MAINTENANCE the whole time, backoff
  /// between attempts, LIVE when it ends.
  static func maintenance(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "maintenance")
    guard let sim = startSim(simConfig(seed: 608), &result) else { return result }
    defer { sim.stop() }
    sim.rejectUpgrades(count: 1_000_000, status: 503, retryAfter: nil)
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    driver.run(for: plan.maintenanceSeconds)
    let refused = sim.stats.upgradesRejected
    sim.rejectUpgrades(count: 0)
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    result.figure("503 spell", seconds(plan.maintenanceSeconds))
    result.figure("attempts refused", refused)
    result.figure("MAINTENANCE waits shown", driver.reconnectWaits[.maintenance] ?? 0)
    result.expect(refused >= 3 && refused <= 60, "\(refused) attempts")
    result.expect((driver.reconnectWaits[.maintenance] ?? 0) > 0, "MAINTENANCE never shown")
    result.expect(driver.silentWaits == 0 && driver.mislabelledWaits == 0, "a wait did not say MAINTENANCE")
    return result
  }

  /// A server that accepts TCP and never answers the upgrade, `plan.ignoredUpgrades` times,
  /// production connect timeout (10 s): the UI never waits on the feed, and stopping during a
  /// hung upgrade takes at most libcurl's progress period (~1 s).
  static func unansweredUpgrade(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "unanswered-upgrade")
    guard let sim = startSim(simConfig(seed: 609), &result) else { return result }
    defer { sim.stop() }
    sim.ignoreUpgrades(count: plan.ignoredUpgrades)
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    var longest = 0.0
    let start = MonotonicTime.now()
    while sim.stats.upgradesAccepted == 0
      && MonotonicTime.now() - start < Double(plan.ignoredUpgrades) * 12 + 40
    {
      let t = MonotonicTime.now()
      driver.pump(wait: 1.0 / 30)
      longest = max(longest, MonotonicTime.now() - t - 1.0 / 30)
    }
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    result.figure("upgrades never answered", sim.stats.upgradesIgnored)
    let stopTime = stopDuringHungUpgrade(sim)
    result.figure("connected after", seconds(MonotonicTime.now() - start))
    result.figure("longest UI pump beyond its wait", String(format: "%.1f ms", max(0, longest) * 1000))
    result.figure("longest drain", String(format: "%.2f ms", driver.maxDrainTime * 1000))
    result.figure("stop during a hung upgrade", seconds(stopTime))
    result.expect(longest < 0.1, "the UI waited \(longest) s")
    // libcurl reads the abort flag in its progress callback, about once a second when idle.
    result.expect(stopTime < 1.5, "stop took \(stopTime) s")
    result.expect(driver.silentWaits == 0, "a wait did not say why")
    return result
  }

  /// Starts a feed whose upgrade is never answered and times its `stop()`.
  private static func stopDuringHungUpgrade(_ sim: ExchangeSim) -> Double {
    let ignored = sim.stats.upgradesIgnored
    sim.ignoreUpgrades(count: 1)
    let hung = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    _ = hung.waitUntil(timeout: 10) { _ in sim.stats.upgradesIgnored > ignored }
    let t = MonotonicTime.now()
    hung.stop()
    return MonotonicTime.now() - t
  }

  // MARK: Bad data

  /// Garbage of every kind every `plan.garbageEvery` s for `plan.garbageSeconds`.
  static func garbage(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "garbage")
    var config = simConfig(seed: 610)
    config.faults.garbageEvery = plan.garbageEvery
    // Invalid UTF-8 ends the session (and each session starts the cycle over): last, so that
    // every other kind gets through first.
    config.faults.garbageKinds = GarbageFrame.allCases.filter { $0 != .invalidUTF8 } + [.invalidUTF8]
    guard let sim = startSim(config, &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    driver.run(for: plan.garbageSeconds)
    sim.faults.garbageEvery = nil
    // Sessions opened before the change keep their garbage timer: end them, and wait for the
    // clean connection that follows (the feed may not have noticed the drop yet).
    let upgrades = sim.stats.upgradesAccepted
    sim.dropConnections()
    let clean = driver.waitUntil(timeout: 75) { _ in
      sim.stats.upgradesAccepted > upgrades && sim.stats.openSessions == 1
    }
    result.expect(clean, "no clean connection after the garbage: \(driver.describe())")
    let garbage = sim.stats.sent("garbage")
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    result.figure("garbage frames sent (\(GarbageFrame.allCases.count) kinds)", garbage)
    result.figure(
      "skipped (counted) / reconnects / resyncs",
      "\(driver.skippedFrames) / \(driver.reconnects) / \(driver.resyncs)")
    result.expect(garbage >= GarbageFrame.allCases.count, "only \(garbage) garbage frames")
    result.expect(
      driver.skippedFrames > 0 && driver.skippedFrames <= garbage, "\(driver.skippedFrames) skipped")
    result.expect(driver.resyncs == 0 && driver.state.faultCount == 0, "garbage reached the book")
    return result
  }

  /// An unknown level `plan.unknownLevelAfter` s after every partial, for
  /// `plan.unknownLevelSeconds`: one resync each, on the same connection, none after.
  static func unknownLevel(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "unknown-level")
    var config = simConfig(seed: 611)
    config.faults.unknownLevelAfter = plan.unknownLevelAfter
    guard let sim = startSim(config, &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    driver.run(for: plan.unknownLevelSeconds)
    sim.faults.unknownLevelAfter = nil
    driver.run(for: plan.unknownLevelAfter + 1)
    let resyncs = driver.resyncs
    driver.run(for: plan.unknownLevelAfter * 2)
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    let most = Int(plan.unknownLevelSeconds / plan.unknownLevelAfter) + 1
    result.figure("resyncs (sim unsubscribes)", "\(driver.resyncs) (\(sim.stats.unsubscribeRequests))")
    result.figure("connections", sim.stats.upgradesAccepted)
    result.expect(resyncs >= most / 2 && resyncs <= most, "\(resyncs) resyncs, expected \(most / 2)…\(most)")
    result.expect(driver.resyncs == resyncs, "resyncs went on after the fault: a loop")
    result.expect(sim.stats.unsubscribeRequests == driver.resyncs, "resyncs without an unsubscribe")
    result.expect(sim.stats.upgradesAccepted == 1, "reconnected")
    return result
  }

  /// Symbol switches while the feed is kept out by 503s after drops.
  static func symbolSwitches(_ plan: SoakPlan, log: Log) -> ScenarioResult {
    var result = ScenarioResult(name: "symbol-switches")
    guard let sim = startSim(simConfig(seed: 612), &result) else { return result }
    defer { sim.stop() }
    let driver = SoakDriver(url: sim.webSocketURL, symbol: bitcoin, config: FeedConfig())
    defer { driver.stop() }
    guard waitLive(driver, &result) else { return result }
    let path = ["ETHUSD", "SOLUSDT", bitcoin, "ETHUSD"]
    for symbol in path {
      let up = driver.waitUntil(timeout: 60) {
        $0.status?.state.isConnected == true && sim.stats.openSessions == 1
      }
      result.expect(up, "not connected before a drop: \(driver.describe())")
      sim.rejectUpgrades(count: 2, status: 503, retryAfter: nil)
      sim.dropConnections()
      let out = driver.waitUntil(timeout: 30) {
        if case .reconnecting = $0.status?.state { true } else { false }
      }
      result.expect(out, "not reconnecting after a drop: \(driver.describe())")
      driver.switchSymbol(to: symbol)
    }
    let last = path[path.count - 1]
    let live = driver.waitUntil(timeout: 120) { $0.status?.symbol == last && $0.isLive }
    result.expect(live, "\(last) never LIVE: \(driver.describe())")
    let others = driver.otherDeltas
    driver.run(for: 2)
    endsLiveWithTheSimulatorsBook(driver, sim, &result)
    result.figure("switches during reconnects", path.count)
    result.figure("drops", sim.stats.sessionsDropped)
    result.expect(sim.stats.sessionsDropped == path.count, "\(sim.stats.sessionsDropped) drops")
    result.figure("connections (sim)", sim.stats.upgradesAccepted)
    result.figure("deltas of other symbols after LIVE", driver.otherDeltas - others)
    result.expect(driver.state.symbol.description == last, "watching \(driver.state.symbol)")
    result.expect(driver.otherDeltas == others, "deltas of another symbol after the switch")
    result.expect(driver.state.faultCount == 0 && driver.skippedFrames == 0, "faults or skipped frames")
    return result
  }
}
