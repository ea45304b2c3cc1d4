import BitMEX

/// One line of a recording, split into its receive time (if the line has one) and the frame.
///
/// Two line formats, which may be mixed:
/// - **Plain JSONL**: the line is the frame's text (`{"table":…}`).
/// - **Recorder format** (`tradeterm --record`): `<unix seconds with fraction> <frame>`, e.g.
///   `1626993368.001705 {"table":"trade",…}`; a colon after the time (`1626993368.001705: {…}`,
///   cryptofeed's raw captures) is accepted.
///
/// A line is in the recorder format when it starts with a digit: frames never do (they are JSON
/// objects or arrays, or the text `pong`).
public struct RecordedLine: Sendable, Hashable {
  /// The receive time in Unix seconds, when the line carries one (finite).
  public var time: Double?
  /// Where the frame starts in the line.
  public var frameStart: Int

  /// What kind of line it is.
  public enum Kind: Sendable, Hashable {
    /// A frame to decode.
    case frame
    /// Nothing to replay: empty, only spaces, or the recorder's own note (a line starting with
    /// `#`, such as how many frames it dropped when it stopped).
    case blank
    /// Not a frame at all (binary, or a time that does not parse): skipped, counted, shown.
    case bad(String)
  }

  /// Splits `line` (without its `\n`; a trailing `\r` is the caller's to drop).
  public static func parse(_ line: UnsafeRawBufferPointer) -> (RecordedLine, Kind) {
    var i = 0
    let n = line.count
    while i < n, line[i] == UInt8(ascii: " ") || line[i] == UInt8(ascii: "\t") { i += 1 }
    if i == n || line[i] == UInt8(ascii: "#") { return (RecordedLine(time: nil, frameStart: n), .blank) }
    let first = line[i]
    guard first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "p") {
        return (RecordedLine(time: nil, frameStart: i), .frame)
      }
      return (RecordedLine(time: nil, frameStart: i), .bad("not a recorded frame"))
    }
    let (seconds, digits, end) = time(line, from: i)
    i = end
    guard let seconds else { return (RecordedLine(time: nil, frameStart: i), .bad("a time too large")) }
    guard digits > 0 else { return (RecordedLine(time: nil, frameStart: i), .bad("a time without digits")) }
    if i < n, line[i] == UInt8(ascii: ":") { i += 1 }
    guard i < n, line[i] == UInt8(ascii: " ") else {
      return (RecordedLine(time: nil, frameStart: i), .bad("a time not followed by a frame"))
    }
    i += 1
    guard i < n else { return (RecordedLine(time: seconds, frameStart: n), .bad("a time without a frame")) }
    return (RecordedLine(time: seconds, frameStart: i), .frame)
  }

  /// Reads a time at `start`: digits, maybe a point and more digits (up to 9 used), parsed as
  /// integers with one division (no String, no allocation). Returns the seconds (nil when too
  /// large to be a Unix time), how many digits there were, and where the number ends.
  public static func time(_ line: UnsafeRawBufferPointer, from start: Int) -> (Double?, digits: Int, end: Int)
  {
    let n = line.count
    // Read through the pointer: every index below is checked against `n` already.
    guard start < n, let p = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return (0, 0, start)
    }
    return JSONScanner.wordTime(p, count: n, from: start) ?? loopTime(p, count: n, from: start)
  }

  /// `time` a digit at a time: any length.
  static func loopTime(
    _ p: UnsafePointer<UInt8>, count n: Int, from start: Int
  ) -> (
    Double?, digits: Int, end: Int
  ) {
    var i = start
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionScale: Int64 = 1
    var digits = 0
    while i < n, p[i] &- UInt8(ascii: "0") < 10 {
      guard whole < 100_000_000_000 else { return (nil, i - start, i) }
      whole = whole &* 10 &+ Int64(p[i] &- UInt8(ascii: "0"))
      i += 1
    }
    digits = i - start
    if i < n, p[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      while i < n, p[i] &- UInt8(ascii: "0") < 10 {
        if fractionScale < 1_000_000_000 {
          fraction = fraction &* 10 &+ Int64(p[i] &- UInt8(ascii: "0"))
          fractionScale &*= 10
        }
        i += 1
      }
      digits += i - fractionStart
    }
    return (Double(whole) + Double(fraction) / Double(fractionScale), digits, i)
  }
}
