import FoundationEssentials
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// A recorded session, loaded for replay (see `SimReplay` for how it is served).
///
/// Two line formats are read, and may even be mixed:
///
/// - **Plain JSONL**: the line is the frame's text (`{"table":…}`).
/// - **Recorder format** (what `tradeterm --record` writes): `<time> <frame>`, where
///   `<time>` is the receive time in Unix seconds as a decimal with a fraction
///   (`1626993368.001705`), then one space, then the frame's text exactly as received.
///   A frame's own line breaks (possible only as JSON whitespace) are written as spaces, so
///   a frame is always one line; lines end with `\n` (a `\r` before it is dropped). A colon
///   right after the time (`1626993368.001705: {…}`, cryptofeed's raw captures) is accepted.
///
/// A line is in the recorder format when it starts with a digit; frames never do (they are
/// JSON objects or arrays, or the text `pong`). Empty lines are skipped.
struct ReplayFile: Sendable {
  /// One frame and when to send it.
  struct Frame: Sendable {
    /// Seconds after the first frame, at speed 1.
    var offset: Double
    /// The frame's text, ready to send (sending shares the storage, copying nothing).
    var buffer: ByteBuffer
  }

  let frames: [Frame]

  /// Reads `replay.path` (and its `.recv-times.txt` sibling when the lines carry no times).
  static func load(_ replay: SimReplay) throws -> ReplayFile {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: replay.path))
    } catch {
      // Why, in the system's words ("Is a directory"), not a dump of the error value.
      let posix = ((error as? CocoaError)?.underlying as? POSIXError)?.code.rawValue
      throw SimError.replayUnreadable(replay.path, posix.map { String(cString: strerror($0)) } ?? "\(error)")
    }
    var times: [Double?] = []
    var texts: [[UInt8]] = []
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
    // A last line the file ends in the middle of (no newline, the frame unfinished): not a frame.
    if data.last != UInt8(ascii: "\n"), let last = lines.last, !endsWhole(last) { lines.removeLast() }
    for var line in lines {
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      guard !line.isEmpty else { continue }
      if let first = line.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
        let end = line.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ":") } ?? line.endIndex
        let time = Double(String(decoding: line[line.startIndex..<end], as: UTF8.self))
        var rest = line[end...]
        if rest.first == UInt8(ascii: ":") { rest = rest.dropFirst() }
        if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
        times.append(time)
        texts.append(Array(rest))
      } else {
        times.append(nil)
        texts.append(Array(line))
      }
    }
    if times.allSatisfy({ $0 == nil }), let sibling = siblingTimes(replay.path), sibling.count >= texts.count
    {
      times = sibling.prefix(texts.count).map { $0 }
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
    return ReplayFile(frames: frames)
  }

  /// The times in `<name>.recv-times.txt` next to `path`, if there is such a file.
  private static func siblingTimes(_ path: String) -> [Double]? {
    let url = URL(fileURLWithPath: path)
    let sibling = url.deletingPathExtension().appendingPathExtension("recv-times.txt")
    guard let data = try? Data(contentsOf: sibling) else { return nil }
    return data.split(separator: UInt8(ascii: "\n")).compactMap {
      Double(String(decoding: $0, as: UTF8.self).filter { $0 != " " && $0 != "\t" && $0 != "\r" })
    }
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
