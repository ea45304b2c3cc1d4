import ExchangeSim
import Feed
import MarketModel
import Session

#if canImport(Glibc)
import Glibc
#endif

/// Figure 4, end to end over loopback: `ExchangeSim` in burst mode (its own event-loop
/// thread) → libcurl → `MarketFeed`'s thread (decoder) → this thread, the UI side, which
/// waits on `uiWake`, drains and applies to a `MarketState`, as the dashboard does.
///
/// Each round is one burst: it starts when the book partial goes out and ends when the UI
/// has applied `burst` book deltas; a `.resync` starts the next. The first round warms up
/// and is not counted. Latency is per frame: from the feed thread reading it
/// (`FrameArrival.at`) to the end of the `apply` that put it in the UI's book.
struct LoopbackBench {
  struct Result {
    /// Frames per second of each counted round (partial's arrival to the last apply).
    var rates: [Double]
    /// Every counted frame's latency in nanoseconds, sorted.
    var latencies: [UInt64]
    var frames: Int
    var drains: Int
    /// CPU time per frame (ns) during the counted rounds: the simulator's thread, the feed
    /// thread, and this one.
    var simPerFrame: Double
    var feedPerFrame: Double
    var uiPerFrame: Double
    var faults: Int
    /// Frames per drain, each drain counted once per frame it held (so the median is the batch
    /// size the typical frame travelled in), sorted.
    var batchPerFrame: [Int]
    /// Per drain that held counted frames: from its oldest frame's arrival to the UI thread
    /// waking up (back from `poll`), nanoseconds, sorted.
    var wakeDelays: [UInt64]
    /// Per such drain: the UI thread's `drain` call (mostly waiting for the mailbox's lock),
    /// nanoseconds, sorted.
    var drainTimes: [UInt64]
  }

  var burst: Int
  var rounds: Int

  func run() -> Result {
    let sim = ExchangeSim(SimConfig(seed: 42, partialDelay: 0, burst: burst, warmUpTicks: 200))
    do {
      try sim.start()
    } catch {
      fatalError("bench: cannot start ExchangeSim: \(error)")
    }
    defer { sim.stop() }
    let pid = getpid()
    let before = Set(ProcessProbe.threads(pid).map(\.tid))
    var options = FeedOptions(webSocketURL: sim.webSocketURL, symbol: "XBTUSD", book: .top25)
    options.recordArrivals = true
    let feed = MarketFeed(options)
    feed.start()
    defer { feed.stop() }

    var state = MarketState(symbol: "XBTUSD")
    var batch = MarketBatch()
    var arrivals: [FrameArrival] = []
    arrivals.reserveCapacity(4096)
    var latencies: [UInt64] = []
    latencies.reserveCapacity(burst * rounds + 1024)
    var rates: [Double] = []
    var round = -1  // the partials seen, less one: round 0 warms up, 1…rounds count
    var counting = false  // between a round's partial and its last delta
    var done = false
    var roundStart = MonotonicTime(nanoseconds: 0)
    var roundFrames = 0
    var deltas = 0
    var frames = 0
    var drains = 0
    var faults = 0
    var cpuAtStart: [ProcessProbe.ThreadTime] = []
    var cpuAtEnd: [ProcessProbe.ThreadTime] = []
    var batchPerFrame: [Int] = []
    var wakeDelays: [UInt64] = []
    var drainTimes: [UInt64] = []
    let deadline = MonotonicTime.now() + 120

    while !done {
      guard MonotonicTime.now() < deadline else { fatalError("bench: the loopback burst stalled") }
      guard feed.uiWake.wait(timeout: 1) else { continue }
      let woke = MonotonicTime.now()
      _ = feed.drain(into: &batch, arrivals: &arrivals)
      let drained = MonotonicTime.now()
      faults += state.apply(batch).faults.count
      let applied = MonotonicTime.now()
      drains += 1
      let countedBefore = latencies.count

      for (j, arrival) in arrivals.enumerated() {
        let end = j + 1 < arrivals.count ? arrivals[j + 1].firstEvent : batch.events.count
        var isPartial = false
        var bookDeltas = 0
        for i in arrival.firstEvent..<end {
          guard case .book(let m) = batch.events[i] else { continue }
          if m.action == .partial { isPartial = true } else { bookDeltas += 1 }
        }
        if isPartial {
          round += 1
          counting = true
          roundStart = arrival.at
          roundFrames = 0
          deltas = 0
          continue
        }
        guard counting else { continue }
        deltas += bookDeltas
        roundFrames += 1
        if round >= 1 { latencies.append(UInt64(max(0, applied.nanoseconds - arrival.at.nanoseconds))) }
      }
      let counted = latencies.count - countedBefore
      if counted > 0 {
        batchPerFrame += repeatElement(arrivals.count, count: counted)
        if let first = arrivals.first {
          wakeDelays.append(UInt64(max(0, woke.nanoseconds - first.at.nanoseconds)))
        }
        drainTimes.append(UInt64(drained.nanoseconds - woke.nanoseconds))
      }
      if counting && deltas >= burst {
        counting = false
        if round >= 1 {
          rates.append(Double(roundFrames) / (applied - roundStart))
          frames += roundFrames
        }
        if round == rounds {
          cpuAtEnd = ProcessProbe.threads(pid)
          done = true
        } else {
          if round == 0 { cpuAtStart = ProcessProbe.threads(pid) }
          // The next burst: a resync brings a fresh partial, and the simulator bursts again.
          feed.post(.resync(Subscription(.book, "XBTUSD", depth: 25)))
        }
      }
      arrivals.removeAll(keepingCapacity: true)
      batch.removeAll()
    }

    // CPU per thread over the counted rounds: the simulator's event loop, the feed thread
    // (started after `before`), and this one.
    func cpu(_ pick: (ProcessProbe.ThreadTime) -> Bool) -> Double {
      let start = Dictionary(uniqueKeysWithValues: cpuAtStart.filter(pick).map { ($0.tid, $0.nanoseconds) })
      let delta = cpuAtEnd.filter(pick).reduce(UInt64(0)) { $0 + ($1.nanoseconds - (start[$1.tid] ?? 0)) }
      return Double(delta) / Double(max(1, frames))
    }
    return Result(
      rates: rates.sorted(), latencies: latencies.sorted(), frames: frames, drains: drains,
      simPerFrame: cpu { $0.name.hasPrefix("NIO-ELT") },
      feedPerFrame: cpu { !before.contains($0.tid) && !$0.name.hasPrefix("NIO-ELT") },
      uiPerFrame: cpu { $0.tid == Int(pid) }, faults: faults, batchPerFrame: batchPerFrame.sorted(),
      wakeDelays: wakeDelays.sorted(), drainTimes: drainTimes.sorted())
  }

  /// Latency without queueing: the simulator paced at `rate` book messages a second (XBTUSD
  /// only), for `seconds` after the partial. Sorted nanoseconds, one per frame.
  func paced(rate: Double, seconds: Double) -> [UInt64] {
    let sim = ExchangeSim(
      SimConfig(
        seed: 42, bookRate: rate, tradeRate: rate / 20, partialDelay: 0, instruments: [.xbtusd],
        warmUpTicks: 200))
    do {
      try sim.start()
    } catch {
      fatalError("bench: cannot start ExchangeSim: \(error)")
    }
    defer { sim.stop() }
    var options = FeedOptions(webSocketURL: sim.webSocketURL, symbol: "XBTUSD", book: .top25)
    options.recordArrivals = true
    let feed = MarketFeed(options)
    feed.start()
    defer { feed.stop() }

    var state = MarketState(symbol: "XBTUSD")
    var batch = MarketBatch()
    var arrivals: [FrameArrival] = []
    var latencies: [UInt64] = []
    latencies.reserveCapacity(Int(rate * seconds * 1.2) + 1024)
    var end: MonotonicTime?
    let deadline = MonotonicTime.now() + seconds + 30
    while end.map({ MonotonicTime.now() < $0 }) ?? true {
      guard MonotonicTime.now() < deadline else { fatalError("bench: the paced loopback run stalled") }
      guard feed.uiWake.wait(timeout: 0.2) else { continue }
      _ = feed.drain(into: &batch, arrivals: &arrivals)
      _ = state.apply(batch)
      let applied = MonotonicTime.now()
      if end != nil {
        for arrival in arrivals {
          latencies.append(UInt64(max(0, applied.nanoseconds - arrival.at.nanoseconds)))
        }
      } else if state.bookSync == .live {
        end = applied + seconds
      }
      arrivals.removeAll(keepingCapacity: true)
      batch.removeAll()
    }
    return latencies.sorted()
  }
}
