import BitMEX
import MarketModel
import Session
import Threads

/// A recording of the cross-venue screen played from disk on a thread of its own
/// (`tradeterm --replay FILE` of a file `--across --record` wrote): every line goes to each
/// instrument of the venue it is tagged with, decoded by that instrument's own decoder (BitMEX's
/// into a `MarketBatch`, another venue's into a `VenueBatch`), and handed to the UI thread in
/// `Chunk`s through a mailbox with a wake pipe, as the live feeds hand theirs. The UI's sessions
/// apply them with each venue's live book rule, so every book is built as it was live.
///
/// Time is the recording's: each frame is stamped with its recorded receive time, and a chunk
/// says the time of its last frame (`clock`), which the screen measures the books' ages against.
/// Paced by those times at `speed` (0: as fast as it goes). The `# tradeterm facts` lines (an
/// instrument's contract from its venue's REST instruments) are handed over in their place among
/// the frames. Bad lines (not a frame, a frame a decoder refuses, an untagged line: no venue to
/// give it to) and lines of venues no instrument is of are skipped and counted, never fatal.
public final class AcrossReplaySource: @unchecked Sendable {
  /// One instrument of the screen, as the replay decodes its venue's lines.
  public enum Member: Sendable {
    /// BitMEX's own tables (its book by order id).
    case bitmex
    /// Another venue's frames, through the venue's decoder (one per instrument: a decoder may
    /// keep the symbol its REST snapshot body is of).
    case venue(Venue, any VenueFrameDecoder)

    var venue: Venue {
      switch self {
      case .bitmex: .bitmex
      case .venue(let venue, _): venue
      }
    }
  }

  /// What one drain brings: each instrument's events since the last (in the members' order), the
  /// facts lines read before them, and the recording's time.
  public struct Chunk: Sendable {
    public var venueBatches: [VenueBatch]
    public var bitmexBatches: [MarketBatch]
    /// `# tradeterm facts …` lines, whole, to adopt before the batches.
    public var notes: [String] = []
    /// The recorded receive time (Unix seconds) of the last frame in the chunk, or before it.
    public var clock: Double?

    init(members: Int) {
      venueBatches = Array(repeating: VenueBatch(), count: members)
      bitmexBatches = Array(repeating: MarketBatch(), count: members)
    }

    var isEmpty: Bool {
      notes.isEmpty && venueBatches.allSatisfy(\.events.isEmpty) && bitmexBatches.allSatisfy(\.events.isEmpty)
    }

    /// Empties every batch, keeping their storage.
    public mutating func removeAll() {
      for i in venueBatches.indices { venueBatches[i].removeAll() }
      for i in bitmexBatches.indices { bitmexBatches[i].removeAll() }
      notes.removeAll()
      clock = nil
    }
  }

  /// Where the replay is, for the screen.
  public struct Progress: Sendable, Hashable {
    /// The file was read to its end (or stopped short: `failure`).
    public var ended = false
    public var frames = 0
    public var badLines = 0
    public var lastBadLine: String?
    /// Lines of venues none of the instruments is of.
    public var otherVenueLines = 0
    public var failure: String?
  }

  /// Signalled when there is something to drain.
  public let wake = WakeSignal()
  private let playerWake = WakeSignal()
  private let mailbox: Locked<Mailbox>
  private let thread = OwnedThread()
  private let reader: RecordingReader
  private let members: [Member]
  /// The members of each venue (indices into `members`).
  private let byVenue: [Venue: [Int]]
  private let speed: Double
  private let batchFrames: Int
  private let maxReady: Int
  public let path: String

  struct Mailbox {
    var ready: [Chunk] = []
    var spare: [Chunk] = []
    var stopping = false
    var progress = Progress()
  }

  /// Plays `path` for `members` (the screen's instruments in order) at `speed`. Nothing is read
  /// until `start()`; a file that cannot be opened throws.
  public init(
    path: String, members: [Member], speed: Double, batchFrames: Int = 256, maxReady: Int = 4
  ) throws(RecordingError) {
    self.path = path
    self.members = members
    var byVenue: [Venue: [Int]] = [:]
    for (i, member) in members.enumerated() { byVenue[member.venue, default: []].append(i) }
    self.byVenue = byVenue
    self.speed = speed
    self.batchFrames = max(1, batchFrames)
    self.maxReady = max(1, maxReady)
    reader = try RecordingReader(path: path)
    mailbox = Locked(Mailbox())
  }

  public func start() {
    thread.start { self.run() }
  }

  /// Stops the replay thread and waits for it.
  public func stop() {
    mailbox.withLock { $0.stopping = true }
    playerWake.signal()
    thread.join()
  }

  /// Where the replay is.
  public var progress: Progress { mailbox.withLock { $0.progress } }

  /// The file was read to its end (or stopped short) and every chunk drained.
  public var finished: Bool { mailbox.withLock { $0.progress.ended && $0.ready.isEmpty } }

  /// Moves the oldest waiting chunk into `chunk` (whose storage goes back to the replay thread);
  /// false when none waits. Never blocks.
  public func drain(into chunk: inout Chunk) -> Bool {
    wake.clear()
    let took = mailbox.withLock { box -> Bool in
      guard !box.ready.isEmpty else { return false }
      var next = box.ready.removeFirst()
      swap(&next, &chunk)
      next.removeAll()
      box.spare.append(next)
      return true
    }
    // More waiting: stay readable for the next poll.
    if mailbox.withLock({ !$0.ready.isEmpty }) { wake.signal() }
    playerWake.signal()
    return took
  }

  /// An empty chunk for `drain(into:)`.
  public func makeChunk() -> Chunk { Chunk(members: members.count) }

  // MARK: The replay thread

  private struct Play {
    var chunk: Chunk
    var frames = 0
    var anchor: (recording: Double, wall: MonotonicTime)?
    var lastTime: Double?
    var furthestBadLine = 0
    var progress = Progress()
    var bitmexDecoders: [Int: BitMEXDecoder] = [:]
  }

  private func run() {
    var play = Play(chunk: makeChunk())
    for (i, member) in members.enumerated() {
      if case .bitmex = member { play.bitmexDecoders[i] = BitMEXDecoder() }
    }
    while !mailbox.withLock({ $0.stopping }) {
      let line: UnsafeRawBufferPointer?
      do {
        line = try reader.nextLine()
      } catch {
        play.progress.failure = error.reason
        finish(&play)
        return
      }
      guard let line else {
        finish(&play)
        return
      }
      let (parsed, kind) = RecordedLine.parse(line)
      switch kind {
      case .blank:
        note(line, &play)
        continue
      case .bad(let why):
        bad("line \(reader.lineNumber): \(why)", &play)
        continue
      case .frame:
        break
      }
      guard let venue = parsed.venue else {
        bad("line \(reader.lineNumber): a frame without a venue tag", &play)
        continue
      }
      guard let targets = byVenue[venue] else {
        play.progress.otherVenueLines += 1
        continue
      }
      var time = parsed.time ?? play.lastTime
      if let t = time {
        // Clocks step backwards sometimes; a replay never does.
        time = max(t, play.lastTime ?? t)
        play.lastTime = time
        wait(until: t, &play)
      }
      decode(line, from: parsed.frameStart, time: time, into: targets, &play)
      if play.frames >= batchFrames { handOver(&play) }
    }
  }

  /// Paces the frame due at recording time `time`: hands over what is waiting and sleeps until
  /// its wall time at `speed` (0: never).
  private func wait(until time: Double, _ play: inout Play) {
    guard speed > 0 else { return }
    let anchor = play.anchor ?? (time, .now())
    play.anchor = anchor
    let due = anchor.wall + (time - anchor.recording) / speed
    // Frames due within 2 ms go together. A drain wakes the thread early: it sleeps again.
    while due - MonotonicTime.now() > 0.002, !mailbox.withLock({ $0.stopping }) {
      handOver(&play)
      if playerWake.wait(timeout: due - MonotonicTime.now()) { playerWake.clear() }
    }
  }

  /// Decodes the frame into the batch of every instrument of its venue; a decoder that refuses
  /// it makes the line a bad one (what the others took of it stays: each decodes whole or not).
  private func decode(
    _ line: UnsafeRawBufferPointer, from start: Int, time: Double?, into targets: [Int], _ play: inout Play
  ) {
    let frame = UnsafeRawBufferPointer(rebasing: line[start...])
    let stamp = time.map { Self.nanoseconds($0) } ?? 0
    var refused: String?
    for i in targets {
      switch members[i] {
      case .bitmex:
        do throws(DecodeError) {
          try play.bitmexDecoders[i]?.decode(frame, into: &play.chunk.bitmexBatches[i])
        } catch {
          refused = "\(error)"
        }
      case .venue(_, let decoder):
        do {
          try decoder.decode(
            frame.assumingMemoryBound(to: UInt8.self), receivedAt: stamp, into: &play.chunk.venueBatches[i])
        } catch {
          refused = "\(error)"
        }
      }
    }
    if let refused { bad("line \(reader.lineNumber): \(refused)", &play) }
    play.frames += 1
    play.progress.frames += 1
    if let time { play.chunk.clock = time }
  }

  /// A `#` line: a facts line goes over in its place (after the frames before it).
  private func note(_ line: UnsafeRawBufferPointer, _ play: inout Play) {
    guard line.count > 16, line[0] == UInt8(ascii: "#"), line.starts(with: Self.factsPrefix) else { return }
    if play.frames > 0 { handOver(&play) }
    play.chunk.notes.append(String(decoding: line, as: UTF8.self))
  }

  private static let factsPrefix = Array("# tradeterm facts ".utf8)

  private func bad(_ words: String, _ play: inout Play) {
    guard reader.lineNumber > play.furthestBadLine else { return }
    play.furthestBadLine = reader.lineNumber
    play.progress.badLines += 1
    play.progress.lastBadLine = words
  }

  private func finish(_ play: inout Play) {
    play.progress.ended = true
    handOver(&play)
  }

  /// Hands the chunk to the UI (waiting while `maxReady` chunks wait already), with the
  /// progress; a chunk with nothing in it only updates the progress.
  private func handOver(_ play: inout Play) {
    let progress = play.progress
    if play.chunk.isEmpty {
      mailbox.withLock { $0.progress = progress }
      wake.signal()
      return
    }
    while true {
      let (full, stopping) = mailbox.withLock { ($0.ready.count >= maxReady, $0.stopping) }
      if stopping { return }
      if !full { break }
      playerWake.wait(timeout: 1)
      playerWake.clear()
    }
    var next = mailbox.withLock { $0.spare.popLast() } ?? makeChunk()
    // The clock carries on into the next chunk until a frame there moves it.
    next.clock = play.chunk.clock
    swap(&next, &play.chunk)
    mailbox.withLock { box in
      box.ready.append(next)
      box.progress = progress
    }
    play.frames = 0
    wake.signal()
  }

  /// Unix seconds as whole nanoseconds (the stamp of a frame; 0 for a time out of range).
  public static func nanoseconds(_ seconds: Double) -> Int64 {
    let ns = seconds * 1e9
    guard ns.isFinite, ns >= 0, ns < 9.2e18 else { return 0 }
    return Int64(ns)
  }
}
