import BitMEX
import MarketModel
import Session
import Threads

#if canImport(Glibc)
import Glibc
#endif

/// A recording played from disk on a thread of its own, handed to the UI thread as the live feed
/// hands it frames: batches of decoded events through a mailbox, with a wake pipe. The dashboard's
/// `--replay` and `--once --replay` both read through it, so reading and decoding (this thread)
/// run beside applying (the caller's).
///
/// Paced by the recording's receive times at `speed` (1 is real time, 0 as fast as it goes), and
/// steered while it plays (`control`): pause, seek, speed, restart. Seeking back starts again from
/// the last partial of every table before the target (`ReplayPlayer.rewindPoint`), and the drain
/// after it says `rewound`, so the UI drops the market it holds and rebuilds it from there.
///
/// Constant memory: a few batches in flight (at most `maxReady` wait for the UI; the thread waits
/// when they are full), one line buffer, and the player's index of partials.
public final class ReplaySource: @unchecked Sendable {
  /// Signalled when there is something to drain.
  public let wake = WakeSignal()
  private let playerWake = WakeSignal()
  private let mailbox: Locked<Mailbox>
  private let thread = OwnedThread()
  // Owned by the replay thread once it starts.
  private let player: ReplayPlayer
  private let batchFrames: Int
  private let maxReady: Int
  private let symbol: String

  /// One handed-over batch and where the replay was when it was handed over.
  struct Handoff {
    var batch: MarketBatch
    var position: ReplayPosition
    /// Frames for the draining thread to decode (`sharing`), after `batch`'s events.
    var raw = RawFrames()
  }

  struct Mailbox {
    var ready: [Handoff] = []
    var spare: [MarketBatch] = []
    var spareRaw: [RawFrames] = []
    var controls: [ReplayControl] = []
    var stopping = false
    /// The newest position, for a drain with no batch (a pause, the end).
    var position: ReplayPosition
    var positionChanged = true
    /// Set by a rewind; the next drain says so before any batch read after it.
    var rewound = false
    var status: FeedStatus?
    var failure: RecordingError?
  }

  /// At speed 0 with no controls (`--once`), the draining thread decodes a batch's frames itself
  /// whenever it has caught up with this thread (see `handOver`): the two threads share the
  /// decoding instead of one waiting for the other.
  private let sharing: Sharing

  /// Who decodes: this thread alone (`never`), the draining thread too whenever it has caught up
  /// (`whenCaughtUp`), or the draining thread every batch after the first (`always`, for tests).
  public enum Sharing: Sendable {
    case never, whenCaughtUp, always
  }

  /// What the draining thread decoded of the shared frames (touched by that thread only).
  public struct SharedDecoding: Sendable {
    var decoder = BitMEXDecoder(mapsBooks: false)
    /// The one id map of the book rows both threads decode (see `drain`).
    var bookIDs = BitMEXBookIDs()
    /// Frames decoded, lines that did not decode and the last of them (line number, why).
    public internal(set) var frames = 0
    public internal(set) var badLines = 0
    public internal(set) var lastBadLine: (number: Int, words: String)?
    /// Book symbols of the partials among them, in the order found.
    public internal(set) var bookSymbols: [Symbol] = []
  }
  @exclusivity(unchecked) public private(set) var shared = SharedDecoding()

  /// Plays `player` from where it is, at `speed`. Nothing is read until `start()`. With
  /// `sharing`, the thread that drains decodes part of the frames (only for a replay that
  /// is not steered: the player indexes no partial of those frames).
  public init(
    player: ReplayPlayer, symbol: String, speed: Double, batchFrames: Int = 1_024, maxReady: Int = 4,
    sharing: Sharing = .never
  ) {
    self.sharing = sharing
    self.player = player
    // Two decoders share the frames: neither maps book rows; this thread maps them all, in
    // order, as it drains them (one id map for one stream).
    if sharing != .never { player.mapsBooks = false }
    self.symbol = symbol
    self.batchFrames = max(1, batchFrames)
    self.maxReady = max(1, maxReady)
    mailbox = Locked(Mailbox(position: ReplayPosition(speed: speed)))
    mailbox.withLock { $0.status = FeedStatus(state: .live, symbol: symbol) }
  }

  /// Starts the replay thread.
  public func start() {
    thread.start { self.run() }
  }

  /// Stops the replay thread and waits for it.
  public func stop() {
    mailbox.withLock { $0.stopping = true }
    playerWake.signal()
    thread.join()
  }

  /// Asks the replay to pause, seek, change speed or restart; returns at once.
  public func control(_ command: ReplayControl) {
    mailbox.withLock { $0.controls.append(command) }
    playerWake.signal()
  }

  /// Moves the oldest waiting batch into `batch` (which must be empty; its storage goes back to
  /// the replay thread) and says what else changed. Never blocks.
  public func drain(into batch: inout MarketBatch) -> FeedUpdate {
    wake.clear()
    var raw = RawFrames()
    let update = mailbox.withLock { box in Self.take(&box, into: &batch, raw: &raw) }
    if !raw.isEmpty { decodeShared(raw, into: &batch) }
    if raw.hasStorage { mailbox.withLock { box in Self.giveBack(&raw, to: &box) } }
    if sharing != .never { shared.bookIDs.map(&batch) }
    // More waiting: stay readable for the next poll.
    if mailbox.withLock({ !$0.ready.isEmpty || $0.positionChanged }) { wake.signal() }
    playerWake.signal()
    return update
  }

  /// Waits up to `timeout` seconds for a batch, the end or a failure, then drains as `drain`.
  public func next(into batch: inout MarketBatch, timeout: Double) -> FeedUpdate {
    let waiting = mailbox.withLock { $0.ready.isEmpty && !$0.position.ended && $0.failure == nil }
    if waiting { wake.wait(timeout: timeout) }
    return drain(into: &batch)
  }

  /// The recording's path.
  public var path: String { player.path }
  /// The venue the recording is played as.
  public var venue: Venue { player.venue }

  /// Why the replay stopped short, if it did (an unreadable file part way through).
  public var failure: RecordingError? { mailbox.withLock { $0.failure } }

  /// Decodes frames handed over raw (in order, after the batch's own events), as the player
  /// would have.
  private func decodeShared(_ raw: RawFrames, into batch: inout MarketBatch) {
    raw.forEach { frame, line in
      let mark = batch.events.count
      let partialsBefore = batch.partialsDecoded
      do throws(DecodeError) {
        try shared.decoder.decode(frame, into: &batch)
      } catch {
        shared.badLines += 1
        shared.lastBadLine = (line, "line \(line): \(error)")
        return
      }
      shared.frames += 1
      if batch.partialsDecoded != partialsBefore {
        for event in batch.events[mark...] {
          if let symbol = ReplayPlayer.bookPartialSymbol(event, batch), !shared.bookSymbols.contains(symbol) {
            shared.bookSymbols.append(symbol)
          }
        }
      }
    }
  }

  /// Moves the oldest waiting batch into `batch` and its frames handed over raw into `raw` (both
  /// empty: `batch`'s storage goes to the spares, `raw`'s is given back by the caller with
  /// `giveBack` once its frames are decoded).
  static func take(
    _ box: inout Mailbox, into batch: inout MarketBatch, raw: inout RawFrames
  ) -> FeedUpdate {
    var update = FeedUpdate(status: box.status, rewound: box.rewound)
    box.status = nil
    box.rewound = false
    if !box.ready.isEmpty {
      var handoff = box.ready.removeFirst()
      swap(&handoff.batch, &batch)
      swap(&handoff.raw, &raw)
      box.spare.append(handoff.batch)
      update.replay = handoff.position
      if box.ready.isEmpty && box.positionChanged {
        update.replay = box.position
        box.positionChanged = false
      }
    } else if box.positionChanged {
      update.replay = box.position
      box.positionChanged = false
    }
    return update
  }

  /// Puts a batch's raw frames back among the spares, empty or not (its storage is what counts),
  /// and moved, not copied: the replay thread empties a spare in place, which keeps its storage
  /// only while nothing else holds it. (Dropped when empty, or still held by the draining thread,
  /// each batch's frames grew a new buffer from nothing: thousands of page faults a replay.)
  static func giveBack(_ raw: inout RawFrames, to box: inout Mailbox) {
    box.spareRaw.append(RawFrames())
    swap(&box.spareRaw[box.spareRaw.count - 1], &raw)
  }

  // MARK: The replay thread

  /// The thread's own state.
  private struct Play {
    /// Speed, pause, seeking and when the next frame is due.
    var pacing: ReplayPacing
    /// A frame read whose time is not due yet: it waits undecoded.
    var pendingTime: Double?
    var hasPending = false
    var batch = MarketBatch()
    var frames = 0
    /// Frames of this batch handed over undecoded (`sharing`), and whether this batch is
    /// one of those (decided when a batch starts: a batch is all decoded here or all handed over,
    /// so its frames stay in order).
    var raw = RawFrames()
    var handsOverRaw = false
    /// Why reading stopped short, if it did.
    var failure: String?
  }

  /// How many lines the thread reads between looks at its mailbox (controls, stop) while it
  /// plays without waiting: at 2 M lines a second, 64 lines are 32 µs.
  static let linesPerCheck = 64

  private func run() {
    var play = Play(pacing: ReplayPacing(speed: mailbox.withLock { $0.position.speed }))
    // Lines left before the mailbox is looked at again: not at every line (a lock the UI thread
    // also takes, about 3 % of a replay at speed 0), and at once after any wait.
    var uncheckedLines = 0
    while true {
      if uncheckedLines <= 0 {
        let (controls, stopping) = mailbox.withLock { box in
          defer { box.controls.removeAll() }
          return (box.controls, box.stopping)
        }
        if stopping { return }
        for control in controls { apply(control, to: &play) }
        uncheckedLines = Self.linesPerCheck
      }
      uncheckedLines -= 1
      if play.pacing.idle {
        handOver(&play, force: true)
        playerWake.wait(timeout: 1)
        playerWake.clear()
        uncheckedLines = 0
        continue
      }
      if !play.hasPending {
        let step: ReplayPlayer.Step
        do {
          step = try player.advance()
        } catch {
          mailbox.withLock {
            $0.failure = error
            $0.status = FeedStatus(state: .ended("\(error)"), symbol: symbol)
          }
          play.pacing.ended = true
          play.failure = error.reason
          handOver(&play, force: true)
          continue
        }
        switch step {
        case .end:
          play.pacing.ended = true
          play.pacing.seekingTo = nil
          mailbox.withLock { $0.status = FeedStatus(state: .ended("end of the recording"), symbol: symbol) }
          handOver(&play, force: true)
          continue
        case .skipped:
          continue
        case .frame(let time):
          play.hasPending = true
          play.pendingTime = time
        }
      }
      // Paced by the frame's time; timed by their data, frames can be days apart (a file of
      // frames collected over years): a gap longer than `longestGap` is not waited out, the frame
      // after it is due at once. Receive times are kept as recorded.
      let now = play.pacing.readsClock ? MonotonicTime.now() : MonotonicTime(nanoseconds: 0)
      switch play.pacing.step(
        frameAt: play.pendingTime, now: now, longestGap: player.timedByData ? Self.longestGap : nil)
      {
      case .hold: continue
      case .wait(let seconds):
        // A frame not due yet waits; the batch so far goes to the UI first.
        handOver(&play, force: true)
        if playerWake.wait(timeout: seconds) { playerWake.clear() }
        uncheckedLines = 0
        continue
      case .play: break
      }
      play.hasPending = false
      if play.handsOverRaw && play.pacing.seekingTo == nil {
        if player.handOverPending(into: &play.raw) {
          play.frames += 1
          if let time = play.pendingTime { play.pacing.shownTime = time }
        }
      } else if player.decodePending(into: &play.batch) {
        play.frames += 1
        if let time = play.pendingTime { play.pacing.shownTime = time }
      }
      if play.frames >= batchFrames { handOver(&play, force: false) }
    }
  }

  /// The longest gap between two frames timed by their data, in the recording's seconds, that
  /// pacing waits out.
  public static let longestGap = 30.0

  /// The position now, as the thread knows it.
  private func position(_ play: Play) -> ReplayPosition {
    ReplayPosition(
      time: play.pacing.shownTime, startTime: player.firstTime, progress: player.progress,
      speed: play.pacing.speed, paused: play.pacing.paused, ended: play.pacing.ended,
      seekingTo: play.pacing.seekingTo, badLines: player.badLines,
      lastBadLine: player.lastBadLine, otherVenueLines: player.otherVenueLines,
      otherVenues: player.otherVenues,
      failure: play.failure)
  }

  /// Hands the batch to the UI (waiting while `maxReady` batches wait already) with the
  /// position; with `force`, also when the batch is empty, if the position moved.
  private func handOver(_ play: inout Play, force: Bool) {
    let here = position(play)
    if play.batch.isEmpty && play.raw.isEmpty {
      guard force else { return }
      let changed = mailbox.withLock { box -> Bool in
        guard box.position != here else { return false }
        box.position = here
        box.positionChanged = true
        return true
      }
      if changed { wake.signal() }
      return
    }
    while true {
      let (full, stopping) = mailbox.withLock { ($0.ready.count >= maxReady, $0.stopping) }
      if stopping { return }
      if !full { break }
      playerWake.wait(timeout: 1)
      playerWake.clear()
    }
    var (batch, raw) = mailbox.withLock {
      ($0.spare.popLast() ?? MarketBatch(), $0.spareRaw.popLast() ?? RawFrames())
    }
    swap(&batch, &play.batch)
    swap(&raw, &play.raw)
    play.raw.removeAll()
    let waiting = mailbox.withLock { box in
      box.ready.append(Handoff(batch: batch, position: here, raw: raw))
      box.position = here
      box.positionChanged = false
      return box.ready.count
    }
    // Sharing: when what was just handed over is all the draining thread has to do, it will catch
    // up and wait; the next batch goes over undecoded for it to decode. Behind, it gets decoded
    // batches. (Never while paced, paused or seeking.)
    let caughtUp = sharing == .always || (sharing == .whenCaughtUp && waiting <= 1)
    play.handsOverRaw =
      caughtUp && play.pacing.speed == 0 && !play.pacing.paused && play.pacing.seekingTo == nil
    play.frames = 0
    wake.signal()
  }

  private func apply(_ control: ReplayControl, to play: inout Play) {
    // Back, or 0: play again from the last partials up to there (a symbol switch asks this, so
    // the new symbol's book is built from its own partial; also after the end).
    if case .rewind(let target) = play.pacing.apply(control) { rewind(&play, to: target) }
  }

  /// Goes back to the start (`target` nil) or to the rewind point before `target`, then plays
  /// without pacing up to `target`. What waits for the UI is dropped: it is from the future.
  private func rewind(_ play: inout Play, to target: Double?) {
    // A restart while paused plays up to where every table has its first partial, and waits
    // there: the panes show the opening books, not nothing (read before the rewind forgets the
    // marks).
    // (A seek stops before the first frame at or after its target: just past the opening, so
    // the frames at it are in.)
    let opening = target == nil && play.pacing.paused ? player.openingTime?.nextUp : nil
    do {
      if let target, let mark = player.rewindPoint(before: target) {
        try player.rewind(to: mark)
      } else {
        try player.restart()
      }
    } catch {
      mailbox.withLock { $0.failure = error }
      return
    }
    play.batch.removeAll()
    play.raw.removeAll()
    play.handsOverRaw = false
    play.frames = 0
    play.hasPending = false
    play.pendingTime = nil
    play.pacing.restart(seekingTo: target ?? opening)
    play.failure = nil
    mailbox.withLock { box in
      for handoff in box.ready {
        box.spare.append(handoff.batch)
        box.spareRaw.append(handoff.raw)
      }
      box.ready.removeAll()
      for i in box.spare.indices { box.spare[i].removeAll() }
      box.rewound = true
      box.status = FeedStatus(state: .live, symbol: symbol)
    }
    wake.signal()
  }
}
