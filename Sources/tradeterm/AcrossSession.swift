import App
import Commands
import Feed
import MarketModel
import Replay
import Screen
import Session
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// The cross-venue screen while it is open: its feeds (one per chosen instrument, started
/// here), its state, and its own frame clock. `AcrossRunner` runs one as the whole screen of
/// `tradeterm --across`; the dashboard runs one over itself while its cross-venue key has it
/// open (its own market stays followed underneath). The owner polls `descriptors` with its own,
/// hands keys to `state`, calls `step` every turn and draws what it returns; `stop` ends the
/// feeds and the alerts' commands.
///
/// Over a recording (`replay`) there are no feeds: the replay's chunks are drained into the
/// same state, and time is the recording's (`clock`): the books' ages, the tape's times and the
/// consolidation are as they were when it was recorded.
final class AcrossSession {
  let feeds: [AcrossRunner.Feed]
  /// The REST workers asked for the facts of the instruments that wait for them, one per venue.
  let factsWorkers: [(venue: Venue, worker: VenueRESTWorker)]
  var state: AcrossState
  /// `--record`'s file: the facts each instrument adopts from its venue's REST are noted in it.
  private let recorder: FrameRecorder?
  /// The recording played instead of the feeds, and where it is.
  let replay: AcrossReplaySource?
  private var chunk: AcrossReplaySource.Chunk?
  /// The recording's time of the last frame drained (monotonic ns of the recording's clock).
  private(set) var clock: MonotonicTime?
  /// Instruments whose replayed feed has said it is live.
  private var replayStarted: [Bool] = []
  private var replayEndSaid = false
  private var batch = VenueBatch()
  private var bitmexBatch = MarketBatch()
  private var lastDraw = MonotonicTime(nanoseconds: 0)
  /// The user pressed a key or resized the terminal since the last frame: the next is drawn at
  /// once (`AcrossPacer`).
  private var inputWaiting = false
  private var commands = AlertCommands()
  private var stopped = false
  /// When to wake, drain and draw (`fps`; a frame at least every half second: the books' ages
  /// move).
  private let pacer: AcrossPacer

  /// The screen of `runner`'s plan at `width`×`height`, its feeds started; or over `replay`
  /// (the plan's instruments in the recording's order), its thread started.
  init(_ runner: AcrossRunner, width: Int, height: Int, replay: AcrossReplaySource? = nil) {
    self.replay = replay
    recorder = replay == nil ? runner.recorder : nil
    feeds = replay == nil ? runner.makeFeeds() : []
    state = runner.makeState(width: width, height: height)
    state.ascii = runner.ascii || !TerminalScreen.localeIsUTF8
    state.utcOffsetMinutes = runner.utc ? 0 : LocalTime.offsetMinutes()
    pacer = AcrossPacer(fps: runner.fps)
    factsWorkers = replay == nil ? runner.factsWorkers() : []
    replayStarted = Array(repeating: false, count: state.instruments.count)
    chunk = replay?.makeChunk()
    for feed in feeds { feed.start() }
    for (_, worker) in factsWorkers { worker.start() }
    replay?.start()
  }

  /// The feeds' and the REST workers' wake pipes (or the replay's), to poll.
  var descriptors: [Int32] {
    feeds.map(\.uiWake.descriptor) + factsWorkers.map(\.worker.wake.descriptor)
      + (replay.map { [$0.wake.descriptor] } ?? [])
  }

  /// The time the books are seen at: now, or in a replay the recording's clock.
  var viewNow: MonotonicTime { replay == nil ? MonotonicTime.now() : clock ?? MonotonicTime(nanoseconds: 0) }

  /// The wall clock the tape is read against (ms): now's, or the recording's.
  var viewWallMs: Int64 { replay == nil ? DashboardRunner.wallMs() : (clock?.nanoseconds ?? 0) / 1_000_000 }

  /// The wake pipes for the screen's loop to poll at `now`: the feeds' only once a frame could be
  /// drawn (`AcrossPacer.pollsFeeds`: until then what arrives waits, and the loop sleeps until
  /// the frame slot), the REST workers' always.
  func descriptors(now: MonotonicTime) -> [Int32] {
    let workers = factsWorkers.map(\.worker.wake.descriptor)
    guard pacer.pollsFeeds(now: now.seconds, lastDraw: lastDraw.seconds) else { return workers }
    return feeds.map(\.uiWake.descriptor) + workers + (replay.map { [$0.wake.descriptor] } ?? [])
  }

  /// Drains every feed into the state, and the REST workers' instruments: each instrument
  /// waiting for its facts takes its own (and `--record` notes it); a venue whose list lacks one,
  /// or whose request failed, is said on the status line.
  /// With `keepingStatus`, the feeds' new status is left out (`AcrossRunner.drain`).
  func drain(keepingStatus: Bool = false) {
    if let replay {
      drainReplay(replay)
      return
    }
    AcrossRunner.drain(
      feeds, into: &state, batch: &batch, bitmexBatch: &bitmexBatch, now: MonotonicTime.now(),
      wallMs: DashboardRunner.wallMs(), keepingStatus: keepingStatus)
    // Asked at once, and again a while after an ask that failed.
    for venue in state.factsDue(now: MonotonicTime.now().nanoseconds) {
      factsWorkers.first { $0.venue == venue }?.worker.request(.instruments)
    }
    for (venue, worker) in factsWorkers {
      for result in worker.drain() {
        switch result {
        case .instruments(let rows):
          let waiting = state.instruments.indices.filter { state.instruments[$0].factsPending }
          state.adopt(venueFacts: rows.rows)
          for i in waiting where !state.instruments[i].factsPending {
            recorder?.note(AcrossRecording.factsNote(state.instruments[i].spec))
          }
          for i in state.instruments where i.factsPending && i.key.venue == venue {
            state.notes.append("\(i.key): not among \(Venues.displayName(venue))'s instruments")
          }
        case .failed(_, let reason):
          state.factsFailed(venue, reason: reason)
        case .candles, .tickers:
          break
        }
        state.dirty = true
      }
    }
  }

  /// Every chunk the replay has ready, into the state at the recording's time: the facts lines
  /// first, then each instrument's batch (a replayed feed is live from its first drain; what the
  /// sessions ask of a feed has no one to go to). At the end, the status line says so.
  private func drainReplay(_ replay: AcrossReplaySource) {
    guard var chunk else { return }
    defer { self.chunk = chunk }
    while replay.drain(into: &chunk) {
      for note in chunk.notes {
        guard let spec = AcrossRecording.facts(note[...]),
          let i = state.instruments.firstIndex(where: { $0.key == spec.key && $0.factsPending })
        else { continue }
        state.adopt(spec, instrument: i)
      }
      let now = chunk.clock.map { MonotonicTime(nanoseconds: AcrossReplaySource.nanoseconds($0)) } ?? clock
      guard let now else { continue }
      let wallMs = now.nanoseconds / 1_000_000
      for i in state.instruments.indices {
        var update = FeedUpdate()
        if !replayStarted[i] {
          replayStarted[i] = true
          update.status = FeedStatus(state: .live, symbol: state.instruments[i].key.symbol.description)
        }
        if state.instruments[i].key.venue == .bitmex {
          _ = state.ingest(i, update, chunk.bitmexBatches[i], now: now, wallMs: wallMs)
          AcrossRunner.adoptBitMEXFacts(
            &state, instrument: i, rowsCame: !chunk.bitmexBatches[i].instruments.isEmpty)
        } else {
          _ = state.ingest(i, update, chunk.venueBatches[i], now: now, wallMs: wallMs)
        }
      }
      clock = now
      state.dirty = true
    }
    if replay.finished, !replayEndSaid {
      replayEndSaid = true
      state.replayWords = Self.endWords(replay.progress)
      state.dirty = true
    }
  }

  /// What the status line says at the end of a replay.
  static func endWords(_ progress: AcrossReplaySource.Progress) -> String {
    var words =
      progress.failure.map { "replay stopped: \(TerminalText.sanitized($0))" } ?? "end of the recording"
    if progress.badLines > 0 { words += ", \(progress.badLines) bad line(s) skipped" }
    if progress.otherVenueLines > 0 {
      words += ", \(progress.otherVenueLines) line(s) of other venues skipped"
    }
    return words
  }

  /// How long the owner may sleep before the next frame is due at `now`.
  func pollTimeout(now: MonotonicTime) -> Double {
    pacer.pollTimeout(dirty: state.dirty, input: inputWaiting, now: now.seconds, lastDraw: lastDraw.seconds)
  }

  /// The terminal's new size.
  func resize(width: Int, height: Int) {
    state.width = width
    state.height = height
    state.dirty = true
    inputWaiting = true
  }

  /// A key for the screen: its answer is drawn at once.
  func press(_ key: Key) {
    state.press(key)
    state.dirty = true
    inputWaiting = true
  }

  /// Drains every feed, and when a frame is due (something changed and `fps` allows, or the
  /// idle frame's time has come) refreshes the views, checks the alerts (the bell, a desktop
  /// notification, their commands) and returns the frame to draw; nil when none is due.
  func step() -> Grid? {
    drain()
    let now = MonotonicTime.now()
    guard
      pacer.shouldDraw(dirty: state.dirty, input: inputWaiting, now: now.seconds, lastDraw: lastDraw.seconds)
    else {
      return nil
    }
    state.refresh(now: viewNow.nanoseconds)
    // Alerts fire on live data only, never on a recording's.
    if replay == nil {
      for fired in state.checkAlerts(now: now.nanoseconds, wallMs: DashboardRunner.wallMs()) {
        TerminalAlert.bell()
        TerminalAlert.notify(title: "tradeterm", body: fired.message)
        _ = commands.start(fired, now: now.seconds)
      }
    }
    _ = commands.poll(now: now.seconds)
    state.dirty = false
    inputWaiting = false
    lastDraw = now
    return AcrossScreen.render(state, wallMs: viewWallMs)
  }

  /// Ends the feeds (each closes its connection), the replay and the alerts' commands; once.
  func stop() {
    guard !stopped else { return }
    stopped = true
    replay?.stop()
    for feed in feeds { feed.stop() }
    for (_, worker) in factsWorkers { worker.stop() }
    commands.stopAll()
  }
}
