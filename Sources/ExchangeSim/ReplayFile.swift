import MarketModel
import NIOCore
import Replay

/// A recorded session, loaded for replay (see `SimReplay` for how it is served).
///
/// The line formats are `RecordedLine`'s, and may even be mixed: plain JSONL (the line is the
/// frame's text), the recorder's `<time> <venue> <frame>` after its `# tradeterm recording 2`
/// header (`RecordingFormat`), its version 1 `<time> <frame>`, cryptofeed's `<time>: <frame>` and
/// hftbacktest's `<nanoseconds> <frame>`. The simulator speaks BitMEX: lines tagged with another
/// venue are left out (and counted, `otherVenueLines`). Empty and `#` lines are skipped.
struct ReplayFile: Sendable {
  /// One frame and when to send it.
  struct Frame: Sendable {
    /// Seconds after the first frame, at speed 1.
    var offset: Double
    /// The frame's text, ready to send (sending shares the storage, copying nothing).
    var buffer: ByteBuffer
  }

  let frames: [Frame]
  /// Lines left out because they are tagged with another venue than BitMEX.
  var otherVenueLines = 0

  /// Reads `replay.path` (and its `.recv-times.txt` sibling when the lines carry no times)
  /// through the Replay target's reader, the one `tradeterm --replay` uses: plain or `.gz`
  /// (served inflated), the same line formats; lines that are not frames are left out.
  static func load(_ replay: SimReplay) throws -> ReplayFile {
    var times: [Double?] = []
    var texts: [[UInt8]] = []
    /// Each frame's line number, for the sibling's times (one a line, frames or not).
    var lineNumbers: [Int] = []
    var otherVenueLines = 0
    do throws(RecordingError) {
      let reader = try RecordingReader(path: replay.path)
      while let line = try reader.nextLine() {
        let (parsed, kind) = RecordedLine.parse(line)
        guard case .frame = kind else { continue }
        if let venue = parsed.venue, venue != .bitmex {
          otherVenueLines += 1
          continue
        }
        let frame = UnsafeRawBufferPointer(rebasing: line[parsed.frameStart...])
        // A last line the file ends in the middle of (no newline, the frame unfinished).
        if reader.lastLineWasCut, !endsWhole(frame) { continue }
        times.append(parsed.time)
        texts.append(Array(frame))
        lineNumbers.append(reader.lineNumber)
      }
    } catch {
      throw SimError.replayUnreadable(replay.path, error.reason)
    }
    if times.allSatisfy({ $0 == nil }), let sibling = siblingTimes(replay.path),
      sibling.count >= (lineNumbers.last ?? 0)
    {
      times = lineNumbers.map { sibling[$0 - 1] }
    }
    var frames: [Frame] = []
    frames.reserveCapacity(texts.count)
    var first: Double?
    var previous = 0.0
    for (i, text) in texts.enumerated() {
      var offset: Double
      if let t = times[i], t.isFinite {
        first = first ?? t
        offset = t - first!
      } else if times[i] != nil {
        // A time that is no number ("nan", "inf", 1e999): with the frame before.
        offset = previous
      } else {
        offset = Double(i) * replay.gapWithoutTimes
      }
      // Clocks step backwards sometimes; a replay never does.
      offset = max(offset, previous)
      previous = offset
      guard !isControl(text) else { continue }
      frames.append(Frame(offset: offset, buffer: ByteBuffer(bytes: text)))
    }
    guard !frames.isEmpty else { throw SimError.replayEmpty(replay.path) }
    return ReplayFile(frames: frames, otherVenueLines: otherVenueLines)
  }

  /// The times in the `.recv-times.txt` sibling of `path` (see `ReplayPlayer.siblingTimes`),
  /// one for each line, if there is such a file.
  private static func siblingTimes(_ path: String) -> [Double?]? {
    guard let reader = ReplayPlayer.siblingTimes(of: path) else { return nil }
    var times: [Double?] = []
    while let line = try? reader.nextLine() { times.append(ReplayPlayer.number(line)) }
    return times
  }

  /// Whether `line` ends as a whole frame does: its last byte other than spaces is `}` or `]`,
  /// or it ends in `pong`.
  static func endsWhole(_ line: some BidirectionalCollection<UInt8>) -> Bool {
    let visible = line.reversed().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    guard let last = visible.first else { return false }
    return last == UInt8(ascii: "}") || last == UInt8(ascii: "]") || visible.starts(with: "gnop".utf8)
  }

  /// Welcome frames, subscription acks and `pong`s: the simulator sends its own.
  private static func isControl(_ text: [UInt8]) -> Bool {
    let head = String(decoding: text.prefix(48), as: UTF8.self)
    return head.hasPrefix(#"{"info":"Welcome"#) || head.hasPrefix(#"{"success":"#) || head == "pong"
  }
}
