import CZlib
import MarketModel
import Replay
import Session
import Threads

#if canImport(Glibc)
import Glibc
#endif

/// `--record FILE`: every received text frame with its receive time and its venue, one per line,
/// after a header line (`RecordingFormat`, version 2):
///
///     # tradeterm recording 2
///     <Unix time in seconds, with fraction> <venue> <the frame, byte for byte>
///
/// e.g. `1626993368.001705 bitmex {"table":"trade",…}` (frames never contain a newline: JSON from
/// BitMEX is on one line; any stray newline is written as a space). A name ending in `.gz` is
/// written compressed (zlib's gzip format, flushed every second so a file cut short still plays
/// up to its last flush).
///
/// The feed thread never waits on the disk: `record` appends the line to a queue in memory, and
/// a writer thread of its own writes the queue out. When the disk fails (full, `/dev/full`) or
/// the queue and the chunk being written pass `maxQueued` together (a disk too slow for the
/// feed), recording stops there: the file keeps every frame up to the loss, the failure is
/// reported once (the status line says RECORDING STOPPED and why), the feed goes on, and at
/// `close()` a last line (`# tradeterm: …`, which a replay skips) says how many frames were
/// dropped.
///
/// One recorder may be shared by the feeds of several venues (the cross-venue screen's): each
/// feed tags its lines with its own venue (`record(_:as:now:)`), and `preamble` lines and `note`s
/// (`#` lines, which every replay skips) say what the recording is of.
public final class FrameRecorder: @unchecked Sendable {
  /// Bytes the queue may hold before recording gives up on keeping up.
  public static let defaultMaxQueued = 64 << 20

  private let path: String
  /// The venue a line is tagged with unless its feed names its own.
  let venue: Venue
  /// Lines written after the header, before the first frame, each as `# ` and the text.
  private let preamble: [String]
  private let maxQueued: Int
  private let queue = Locked(Queue())
  private let wake = WakeSignal()
  private var writer: WorkerThread?
  /// Where the writer thread writes (only it touches these once started).
  private var fd: Int32 = -1
  private var gz: gzFile?

  struct Queue {
    var bytes: [UInt8] = []
    /// Bytes the writer thread took from the queue and is writing: they still count against
    /// `maxQueued` (a disk stuck in one write holds them as surely as the queue does).
    var inFlight = 0
    /// Recording stopped (a write failed or the queue overflowed): frames are counted, not kept.
    var stopped = false
    var dropped = 0
    var failure: String?
    var closing = false
    /// `note` lines queued and not yet written: lines of the file, but no frames.
    var notes = 0
    /// Frames (lines) and bytes the writer has written (before compression).
    var writtenFrames = 0
    var writtenBytes = 0
  }

  /// Records to `path` the frames of `venue` (the feed's), after `preamble`'s lines (each written
  /// as a `#` line: what the recording is of; a newline in one becomes a space).
  public init(
    path: String, venue: Venue = .bitmex, preamble: [String] = [],
    maxQueued: Int = FrameRecorder.defaultMaxQueued
  ) {
    self.path = path
    self.venue = venue
    self.preamble = preamble.map(Self.noteLine)
    self.maxQueued = maxQueued
    if path.hasSuffix(".gz") {
      gz = gzopen(path, "ab")
      if gz == nil { fail("cannot record to \(path): \(Self.errnoText())") }
    } else {
      // Non-blocking to open: a FIFO with no reader refuses at once (ENXIO) instead of hanging
      // the start; then blocking again, for the writer thread.
      fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
      if fd < 0 {
        fail("cannot record to \(path): \(Self.errnoText())")
      } else {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
      }
    }
    if fd >= 0 || gz != nil {
      writer = WorkerThread { self.write() }
    }
  }

  /// The error that stopped recording, if any.
  public var failure: String? { queue.withLock { $0.failure } }

  /// Bytes queued or being written.
  var waiting: (queued: Int, inFlight: Int) { queue.withLock { ($0.bytes.count, $0.inFlight) } }

  /// Frames not written because recording had stopped.
  var dropped: Int { queue.withLock { $0.dropped } }

  /// What was written, in words, for the end of a run: `recorded 12,345 frames (4 MB) to
  /// PATH` (`before compression` for a `.gz`), with the frames dropped, if any.
  public var summary: String {
    let (frames, bytes, dropped) = queue.withLock { ($0.writtenFrames, $0.writtenBytes, $0.dropped) }
    let size = Self.bytes(bytes) + (path.hasSuffix(".gz") ? " before compression" : "")
    let lost = dropped > 0 ? "; \(dropped) frame(s) not recorded" : ""
    return "recorded \(frames) frame\(frames == 1 ? "" : "s") (\(size)) to \(path)\(lost)"
  }

  /// Queues one frame of the recorder's venue with the time it arrived (`record(_:as:now:)`).
  func record(_ frame: UnsafeRawBufferPointer, now: MonotonicTime) {
    record(frame, as: venue, now: now)
  }

  /// Queues one frame of `venue` with the time it arrived (a feed thread; never blocks on the
  /// disk). The feeds of several connections may share one recorder (Binance USDⓈ-M's two, every
  /// venue of the cross-venue screen): the time is read under the queue's lock, so the lines stay
  /// in time order.
  func record(_ frame: UnsafeRawBufferPointer, as venue: Venue, now: MonotonicTime) {
    let queued = queue.withLock { q -> Int in
      var ts = timespec()
      clock_gettime(CLOCK_REALTIME, &ts)
      let micros = Int(ts.tv_nsec) / 1000
      if q.stopped || q.closing {
        q.dropped += 1
        return 0
      }
      let size = 20 + venue.count + 3 + frame.count
      guard q.bytes.count + q.inFlight + size <= maxQueued else {
        q.stopped = true
        q.dropped += 1
        q.failure =
          q.failure ?? "recording to \(path) stopped: the disk fell behind (\(Self.bytes(maxQueued)) waiting)"
        return 0
      }
      Self.appendDecimal(Int(ts.tv_sec), to: &q.bytes, width: 1)
      q.bytes.append(UInt8(ascii: "."))
      Self.appendDecimal(micros, to: &q.bytes, width: 6)
      // The tag (`RecordingFormat`) from the venue's own bytes: no allocation for it.
      q.bytes.append(UInt8(ascii: " "))
      venue.withName { q.bytes.append(contentsOf: $0) }
      q.bytes.append(UInt8(ascii: " "))
      let start = q.bytes.count
      q.bytes.append(contentsOf: frame)
      if let base = frame.baseAddress, memchr(base, 0x0A, frame.count) != nil {
        for i in start..<q.bytes.count where q.bytes[i] == 0x0A { q.bytes[i] = 0x20 }
      }
      q.bytes.append(0x0A)
      return q.bytes.count
    }
    // A big queue wakes the writer at once; otherwise it writes on its own clock.
    if queued >= 1 << 20 { wake.signal() }
  }

  /// Queues `text` as a `#` line of its own (a newline in it becomes a space): what a replay
  /// needs besides the frames, in their order (the cross-venue screen's instrument facts). Not a
  /// frame: the summary does not count it.
  public func note(_ text: String) {
    let line = Array(Self.noteLine(text).utf8)
    let queued = queue.withLock { q -> Int in
      guard !q.stopped, !q.closing, q.bytes.count + q.inFlight + line.count <= maxQueued else { return 0 }
      q.bytes.append(contentsOf: line)
      q.notes += 1
      return q.bytes.count
    }
    if queued >= 1 << 20 { wake.signal() }
  }

  /// Kept for the feed's loop: the writer thread writes on its own clock.
  func flushIfDue(now: MonotonicTime) {}

  /// Writes what is queued, the note of dropped frames if any, and closes the file; waits for
  /// the writer thread. A failure to do so is the recording's failure.
  public func close() {
    queue.withLock { $0.closing = true }
    wake.signal()
    writer?.join()
    writer = nil
  }

  // MARK: The writer thread

  private func write() {
    var out: [UInt8] = []
    var lastFlush = MonotonicTime.now()
    // The header goes first, with the first frames (or at the close of a recording without
    // any): a line of the file but not a frame.
    var headerPending = true
    while true {
      wake.wait(timeout: 0.25)
      wake.clear()
      let (closing, notes) = queue.withLock { q -> (Bool, Int) in
        swap(&q.bytes, &out)
        q.inFlight = out.count
        defer { q.notes = 0 }
        return (q.closing, q.notes)
      }
      // The header's lines and the notes are lines of the file, not frames.
      var headerLines = notes
      if headerPending, !out.isEmpty || closing {
        let lines = [RecordingFormat.header] + preamble
        out.insert(contentsOf: lines.joined().utf8, at: 0)
        headerPending = false
        headerLines += lines.count
      }
      if !out.isEmpty {
        if let error = put(out) {
          queue.withLock { q in
            q.stopped = true
            // The lines in this chunk that did not make it count as dropped too (a part may
            // have been written: the replay skips a cut line).
            q.dropped += out.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - headerLines
            q.failure = q.failure ?? "recording to \(path) stopped: \(error)"
          }
          closeFile(note: nil)
          return
        }
        let lines = out.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - headerLines
        queue.withLock { q in
          q.inFlight = 0
          q.writtenFrames += lines
          q.writtenBytes += out.count
        }
        out.removeAll(keepingCapacity: true)
      }
      let now = MonotonicTime.now()
      if let gz, now - lastFlush >= 1 {
        lastFlush = now
        _ = gzflush(gz, Z_SYNC_FLUSH)
      }
      if closing {
        let (dropped, failure) = queue.withLock { ($0.dropped, $0.failure) }
        let note =
          dropped > 0
          ? "# tradeterm: \(dropped) frame(s) not recorded: \(failure ?? "recording stopped")\n" : nil
        closeFile(note: note)
        return
      }
    }
  }

  /// Writes `bytes` whole; the error in words if the disk refused.
  private func put(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { raw -> String? in
      var offset = 0
      while offset < raw.count {
        let n: Int
        if let gz {
          n = Int(gzwrite(gz, raw.baseAddress! + offset, UInt32(min(raw.count - offset, 1 << 30))))
          if n <= 0 {
            var code: Int32 = 0
            let message = gzerror(gz, &code).map { String(cString: $0) } ?? "write failed"
            return code == Z_ERRNO ? Self.errnoText() : message
          }
        } else {
          n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
          if n < 0 {
            if errno == EINTR { continue }
            return Self.errnoText()
          }
        }
        offset += n
      }
      return nil
    }
  }

  /// Writes `note` (best effort) and closes the file; a failed close is the recording's failure.
  private func closeFile(note: String?) {
    if let note { _ = put(Array(note.utf8)) }
    var closeError: String?
    if let gz {
      let code = gzclose(gz)
      if code != Z_OK { closeError = code == Z_ERRNO ? Self.errnoText() : "gzclose failed (\(code))" }
      self.gz = nil
    }
    if fd >= 0 {
      if Glibc.close(fd) != 0 { closeError = Self.errnoText() }
      fd = -1
    }
    if let closeError { fail("recording to \(path) stopped: \(closeError)") }
  }

  private func fail(_ words: String) {
    queue.withLock { q in
      q.stopped = true
      q.failure = q.failure ?? words
    }
  }

  /// `text` as a `#` line with its newline (a line break in it made a space).
  static func noteLine(_ text: String) -> String {
    "# " + String(text.map { $0.isNewline ? " " : $0 }) + "\n"
  }

  /// `value` in decimal, zero-padded to `width` digits.
  private static func appendDecimal(_ value: Int, to bytes: inout [UInt8], width: Int) {
    let text = String(max(0, value))
    if text.utf8.count < width {
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - text.utf8.count))
    }
    bytes.append(contentsOf: text.utf8)
  }

  private static func bytes(_ n: Int) -> String { n >= 1 << 20 ? "\(n >> 20) MB" : "\(n) bytes" }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
