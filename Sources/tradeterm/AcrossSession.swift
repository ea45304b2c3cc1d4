import App
import Commands
import Feed
import MarketModel
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
final class AcrossSession {
  let feeds: [AcrossRunner.Feed]
  /// The REST workers asked for the facts of the instruments that wait for them, one per venue.
  let factsWorkers: [(venue: Venue, worker: VenueRESTWorker)]
  var state: AcrossState
  private var batch = VenueBatch()
  private var bitmexBatch = MarketBatch()
  private var lastDraw = MonotonicTime(nanoseconds: 0)
  private var commands = AlertCommands()
  /// When to wake, drain and draw (`fps`; a frame at least every half second: the books' ages
  /// move).
  private let pacer: AcrossPacer

  /// The screen of `runner`'s plan at `width`×`height`, its feeds started.
  init(_ runner: AcrossRunner, width: Int, height: Int) {
    feeds = runner.makeFeeds()
    state = runner.makeState(width: width, height: height)
    state.ascii = runner.ascii || !TerminalScreen.localeIsUTF8
    state.utcOffsetMinutes = runner.utc ? 0 : LocalTime.offsetMinutes()
    pacer = AcrossPacer(fps: runner.fps)
    factsWorkers = runner.factsWorkers()
    for feed in feeds { feed.start() }
    for (_, worker) in factsWorkers { worker.start() }
  }

  /// The feeds' and the REST workers' wake pipes, to poll.
  var descriptors: [Int32] { feeds.map(\.uiWake.descriptor) + factsWorkers.map(\.worker.wake.descriptor) }

  /// The wake pipes for the screen's loop to poll at `now`: the feeds' only once a frame could be
  /// drawn (`AcrossPacer.pollsFeeds`: until then what arrives waits, and the loop sleeps until
  /// the frame slot), the REST workers' always.
  func descriptors(now: MonotonicTime) -> [Int32] {
    let workers = factsWorkers.map(\.worker.wake.descriptor)
    guard pacer.pollsFeeds(now: now.seconds, lastDraw: lastDraw.seconds) else { return workers }
    return feeds.map(\.uiWake.descriptor) + workers
  }

  /// Drains every feed into the state, and the REST workers' instruments: each instrument
  /// waiting for its facts takes its own; a venue whose list lacks one, or whose request failed,
  /// is said on the status line.
  func drain() {
    AcrossRunner.drain(
      feeds, into: &state, batch: &batch, bitmexBatch: &bitmexBatch, now: MonotonicTime.now(),
      wallMs: DashboardRunner.wallMs())
    // Asked at once, and again a while after an ask that failed.
    for venue in state.factsDue(now: MonotonicTime.now().nanoseconds) {
      factsWorkers.first { $0.venue == venue }?.worker.request(.instruments)
    }
    for (venue, worker) in factsWorkers {
      for result in worker.drain() {
        switch result {
        case .instruments(let rows):
          state.adopt(venueFacts: rows.rows)
          for i in state.instruments where i.factsPending && i.key.venue == venue {
            state.notes.append("\(i.key): not among \(venue.displayName)'s instruments")
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

  /// How long the owner may sleep before the next frame is due at `now`.
  func pollTimeout(now: MonotonicTime) -> Double {
    pacer.pollTimeout(dirty: state.dirty, now: now.seconds, lastDraw: lastDraw.seconds)
  }

  /// The terminal's new size.
  func resize(width: Int, height: Int) {
    state.width = width
    state.height = height
    state.dirty = true
  }

  /// Drains every feed, and when a frame is due (something changed and `fps` allows, or the
  /// idle frame's time has come) refreshes the views, checks the alerts (the bell, a desktop
  /// notification, their commands) and returns the frame to draw; nil when none is due.
  func step() -> Grid? {
    drain()
    let now = MonotonicTime.now()
    guard pacer.shouldDraw(dirty: state.dirty, now: now.seconds, lastDraw: lastDraw.seconds) else {
      return nil
    }
    state.refresh(now: now.nanoseconds)
    for fired in state.checkAlerts(now: now.nanoseconds, wallMs: DashboardRunner.wallMs()) {
      TerminalAlert.bell()
      TerminalAlert.notify(title: "tradeterm", body: fired.message)
      _ = commands.start(fired, now: now.seconds)
    }
    _ = commands.poll(now: now.seconds)
    state.dirty = false
    lastDraw = now
    return AcrossScreen.render(state, wallMs: DashboardRunner.wallMs())
  }

  /// Ends the feeds (each closes its connection) and the alerts' commands.
  func stop() {
    for feed in feeds { feed.stop() }
    for (_, worker) in factsWorkers { worker.stop() }
    commands.stopAll()
  }
}
