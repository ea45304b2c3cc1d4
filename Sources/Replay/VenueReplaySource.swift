import MarketModel
import Session
import Threads

/// A recording of another venue than BitMEX played from disk on a thread of its own, for the
/// dashboard's `--replay FILE VENUE:SYMBOL`: each frame of that venue decoded by the venue's
/// decoder into `VenueBatch`es, handed to the UI thread through a mailbox with a wake pipe, as
/// the venue's live feed hands them. The UI's session applies them with the venue's book rule,
/// so the book is built exactly as live.
///
/// Reads tradeterm's recordings (format 2: the lines tagged with `venue`; other venues' lines are
/// skipped and counted), bare JSONL (every line is `venue`'s) and hftbacktest's `<ns> <frame>`
/// lines (`RecordedLine`). Paced by the recorded receive times at `speed` (0: as fast as it
/// goes; lines without a time are due at once). Bad lines (not a frame, or a frame the decoder
/// refuses) are skipped and counted, never fatal.
///
/// Controls: pause, speed, seek and restart. The book rule needs a snapshot to start from, and
/// a venue's recording has no index of them, so a seek back (and a restart) reads the file
/// again from its start and plays without pacing up to the target; a seek forward plays without
/// pacing up to it.
public final class VenueReplaySource: @unchecked Sendable {
  /// Signalled when there is something to drain.
  public let wake = WakeSignal()
  private let playerWake = WakeSignal()
  private let mailbox: Locked<Mailbox>
  private let thread = OwnedThread()
  // Owned by the replay thread once it starts.
  private let reader: RecordingReader
  private let decoder: any VenueFrameDecoder
  private let batchFrames: Int
  private let maxReady: Int
  private let symbol: String

  /// The recording's path.
  public let path: String
  /// The venue the recording is played as.
  public let venue: Venue

  struct Mailbox {
    var ready: [(batch: VenueBatch, position: ReplayPosition)] = []
    var spare: [VenueBatch] = []
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

  /// Plays `path` as `venue`'s frames, decoded by `decoder`, at `speed`. Nothing is read until
  /// `start()`; a file that cannot be opened throws.
  public init(
    path: String, venue: Venue, symbol: String, decoder: any VenueFrameDecoder, speed: Double,
    batchFrames: Int = 256, maxReady: Int = 4
  ) throws(RecordingError) {
    self.path = path
    self.venue = venue
    self.symbol = symbol
    self.decoder = decoder
    self.batchFrames = max(1, batchFrames)
    self.maxReady = max(1, maxReady)
    reader = try RecordingReader(path: path)
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

  /// Why the replay stopped short, if it did (an unreadable file part way through).
  public var failure: RecordingError? { mailbox.withLock { $0.failure } }

  /// Moves the oldest waiting batch into `batch` (which must be empty; its storage goes back to
  /// the replay thread) and says what else changed. Never blocks.
  public func drain(into batch: inout VenueBatch) -> FeedUpdate {
    wake.clear()
    let update = mailbox.withLock { box in
      var update = FeedUpdate(status: box.status, rewound: box.rewound)
      box.status = nil
      box.rewound = false
      if !box.ready.isEmpty {
        var handoff = box.ready.removeFirst()
        swap(&handoff.batch, &batch)
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
    // More waiting: stay readable for the next poll.
    if mailbox.withLock({ !$0.ready.isEmpty || $0.positionChanged }) { wake.signal() }
    playerWake.signal()
    return update
  }

  /// Waits up to `timeout` seconds for a batch, the end or a failure, then drains as `drain`.
  public func next(into batch: inout VenueBatch, timeout: Double) -> FeedUpdate {
    let waiting = mailbox.withLock { $0.ready.isEmpty && !$0.position.ended && $0.failure == nil }
    if waiting { wake.wait(timeout: timeout) }
    return drain(into: &batch)
  }

  // MARK: The replay thread

  /// The thread's own state.
  private struct Play {
    /// Speed, pause, seeking and when the next frame is due.
    var pacing: ReplayPacing
    /// A line read whose frame waits for its time; where its frame starts and its time.
    var pending: (line: UnsafeRawBufferPointer, frameStart: Int, time: Double?)?
    var firstTime: Double?
    var lastTime: Double?
    var batch = VenueBatch()
    var frames = 0
    var framesDecoded = 0
    /// Bad lines and other venues' lines, each counted once however often it is read again
    /// (`furthest…`: a restart reads the file again).
    var badLines = 0
    var lastBadLine: String?
    var furthestBadLine = 0
    var otherVenueLines = 0
    var otherVenues: [Venue] = []
    var furthestOtherVenueLine = 0
    var failure: String?
  }

  private func run() {
    var play = Play(pacing: ReplayPacing(speed: mailbox.withLock { $0.position.speed }))
    while true {
      let (controls, stopping) = mailbox.withLock { box in
        defer { box.controls.removeAll() }
        return (box.controls, box.stopping)
      }
      if stopping { return }
      for control in controls { apply(control, to: &play) }
      if play.pacing.idle {
        handOver(&play, force: true)
        playerWake.wait(timeout: 1)
        playerWake.clear()
        continue
      }
      if play.pending == nil {
        guard read(&play) else { continue }
      }
      guard let pending = play.pending else { continue }
      let now = play.pacing.readsClock ? MonotonicTime.now() : MonotonicTime(nanoseconds: 0)
      switch play.pacing.step(frameAt: pending.time, now: now) {
      case .hold: continue
      case .wait(let seconds):
        // A frame not due yet waits; the batch so far goes to the UI first.
        handOver(&play, force: true)
        if playerWake.wait(timeout: seconds) { playerWake.clear() }
        continue
      case .play: break
      }
      play.pending = nil
      decode(pending, &play)
      if play.frames >= batchFrames { handOver(&play, force: false) }
    }
  }

  /// Reads the next line: true when a frame of the venue is pending, false after a skipped
  /// line, the end or a failure (which end the replay).
  private func read(_ play: inout Play) -> Bool {
    let line: UnsafeRawBufferPointer?
    do {
      line = try reader.nextLine()
    } catch {
      mailbox.withLock {
        $0.failure = error
        $0.status = FeedStatus(state: .ended("\(error)"), symbol: symbol)
      }
      play.pacing.ended = true
      play.failure = error.reason
      handOver(&play, force: true)
      return false
    }
    guard let line else {
      play.pacing.ended = true
      play.pacing.seekingTo = nil
      let words =
        play.framesDecoded == 0
        ? "no \(venue) frames in the recording" : "end of the recording"
      mailbox.withLock { $0.status = FeedStatus(state: .ended(words), symbol: symbol) }
      handOver(&play, force: true)
      return false
    }
    let (parsed, kind) = RecordedLine.parse(line)
    switch kind {
    case .blank:
      return false
    case .bad(let why):
      noteBad("line \(reader.lineNumber): \(why)", &play)
      return false
    case .frame:
      break
    }
    if let tagged = parsed.venue, tagged != venue {
      if reader.lineNumber > play.furthestOtherVenueLine {
        play.furthestOtherVenueLine = reader.lineNumber
        play.otherVenueLines += 1
        if !play.otherVenues.contains(tagged) { play.otherVenues.append(tagged) }
      }
      return false
    }
    var time = parsed.time
    if let t = time {
      if play.firstTime == nil { play.firstTime = t }
      // Clocks step backwards sometimes; a replay never does.
      time = max(t, play.lastTime ?? t)
      play.lastTime = time
    }
    play.pending = (line, parsed.frameStart, time)
    return true
  }

  /// Decodes the pending frame into the batch; a frame the decoder refuses is a bad line.
  private func decode(
    _ pending: (line: UnsafeRawBufferPointer, frameStart: Int, time: Double?), _ play: inout Play
  ) {
    let frame = UnsafeRawBufferPointer(rebasing: pending.line[pending.frameStart...])
    // Stamped with the local clock, as the live feed stamps what it receives.
    let now = MonotonicTime.now().nanoseconds
    do {
      try decoder.decode(frame.assumingMemoryBound(to: UInt8.self), receivedAt: now, into: &play.batch)
    } catch {
      noteBad("line \(reader.lineNumber): \(error)", &play)
      return
    }
    play.frames += 1
    play.framesDecoded += 1
    if let time = pending.time { play.pacing.shownTime = time }
  }

  private func noteBad(_ words: String, _ play: inout Play) {
    guard reader.lineNumber > play.furthestBadLine else { return }
    play.furthestBadLine = reader.lineNumber
    play.badLines += 1
    play.lastBadLine = words
  }

  /// The position now, as the thread knows it.
  private func position(_ play: Play) -> ReplayPosition {
    ReplayPosition(
      time: play.pacing.shownTime, startTime: play.firstTime, progress: reader.progress,
      speed: play.pacing.speed, paused: play.pacing.paused, ended: play.pacing.ended,
      seekingTo: play.pacing.seekingTo, badLines: play.badLines,
      lastBadLine: play.lastBadLine, otherVenueLines: play.otherVenueLines, otherVenues: play.otherVenues,
      failure: play.failure)
  }

  /// Hands the batch to the UI (waiting while `maxReady` batches wait already) with the
  /// position; with `force`, also when the batch is empty, if the position moved.
  private func handOver(_ play: inout Play, force: Bool) {
    let here = position(play)
    if play.batch.events.isEmpty {
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
    var batch = mailbox.withLock { $0.spare.popLast() ?? VenueBatch() }
    batch.removeAll()
    swap(&batch, &play.batch)
    mailbox.withLock { box in
      box.ready.append((batch, here))
      box.position = here
      box.positionChanged = false
    }
    play.frames = 0
    wake.signal()
  }

  private func apply(_ control: ReplayControl, to play: inout Play) {
    // Back: the book rule needs the snapshot, so from the start, without pacing, to there.
    if case .rewind(let target) = play.pacing.apply(control) { rewind(&play, to: target) }
  }

  /// Goes back to the start of the file, then plays without pacing up to `target` (nil: plays
  /// on from the start). What waits for the UI is dropped: it is from the future.
  private func rewind(_ play: inout Play, to target: Double?) {
    do {
      try reader.seek(to: 0, lineNumber: 0)
    } catch {
      mailbox.withLock { $0.failure = error }
      return
    }
    play.batch.removeAll()
    play.frames = 0
    play.pending = nil
    play.lastTime = nil
    play.pacing.restart(seekingTo: target)
    play.failure = nil
    // The position from the start too: the status line stops saying ENDED at once.
    let here = position(play)
    mailbox.withLock { box in
      for handoff in box.ready { box.spare.append(handoff.batch) }
      box.ready.removeAll()
      box.position = here
      box.positionChanged = true
      box.rewound = true
      box.status = FeedStatus(state: .live, symbol: symbol)
    }
    wake.signal()
  }
}
