import BitMEX
import MarketModel

#if canImport(Glibc)
import Glibc
#endif

/// One line of a recording, split into its receive time (if the line has one), its venue (if it
/// is tagged with one) and the frame.
///
/// The line formats, which may be mixed (see `RecordingFormat`):
/// - **Version 2** (`tradeterm --record` today): `<unix seconds with fraction> <venue> <frame>`,
///   e.g. `1626993368.001705 bitmex {"table":"trade",…}`, after a `# tradeterm recording 2` line.
/// - **Version 1** (`tradeterm --record` before the venue tag): `<time> <frame>`; a colon after
///   the time (`1626993368.001705: {…}`, cryptofeed's raw captures) is accepted.
/// - **hftbacktest** (its collector's captures, used by public datasets): the time is 19 digits
///   without a point, nanoseconds since 1970 (`1723161253937085768 {…}`).
/// - **Plain JSONL**: the line is the frame's text (`{"table":…}`).
///
/// A line starts with a time when it starts with a digit: frames never do (they are JSON objects
/// or arrays, or the text `pong`). After the time a tag is a name of lower-case letters and `-`
/// followed by a space; a frame never starts that way (`pong` ends its line).
public struct RecordedLine: Sendable, Hashable {
  /// The receive time in Unix seconds, when the line carries one (finite).
  public var time: Double?
  /// The venue the line is tagged with (version 2); nil for an untagged line, which is the venue
  /// the replay is of.
  public var venue: Venue?
  /// Where the frame starts in the line.
  public var frameStart: Int

  public init(time: Double?, venue: Venue? = nil, frameStart: Int) {
    self.time = time
    self.venue = venue
    self.frameStart = frameStart
  }

  /// What kind of line it is.
  public enum Kind: Sendable, Hashable {
    /// A frame to decode.
    case frame
    /// Nothing to replay: empty, only spaces, or a `#` line (the format's header, the recorder's
    /// note of how many frames it dropped when it stopped).
    case blank
    /// Not a frame at all (binary, a time that does not parse, a venue tag no venue has):
    /// skipped, counted, shown.
    case bad(String)
  }

  /// Splits `line` (without its `\n`; a trailing `\r` is the caller's to drop). `expected` is the
  /// venue most lines are tagged with, when the caller knows it (the venue played): its tag is
  /// matched a word at a time before any other is read.
  public static func parse(_ line: UnsafeRawBufferPointer, expected: Venue? = nil) -> (RecordedLine, Kind) {
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
    // Version 2's venue tag: looked for only when the frame does not start at once (`{`, the
    // usual untagged frame); a few byte compares, no String.
    guard line[i] != UInt8(ascii: "{") else { return (RecordedLine(time: seconds, frameStart: i), .frame) }
    let found: Tag
    if let expected, n - i >= 16, let base = line.baseAddress, expected.isName(prefixing: base + i),
      line[i + expected.count] == UInt8(ascii: " ")
    {
      // The venue played, matched a word at a time (most lines); any other by the byte loop.
      found = .venue(expected, frameStart: i + expected.count + 1)
    } else {
      found = tag(line, from: i)
    }
    switch found {
    case .none:
      return (RecordedLine(time: seconds, frameStart: i), .frame)
    case .venue(let venue, let frameStart):
      guard frameStart < n else {
        return (RecordedLine(time: seconds, venue: venue, frameStart: n), .bad("a venue tag without a frame"))
      }
      return (RecordedLine(time: seconds, venue: venue, frameStart: frameStart), .frame)
    case .unknown:
      return (
        RecordedLine(time: seconds, frameStart: i), .bad("a venue tag that is no venue's name")
      )
    }
  }

  /// What stands between a line's time and its frame.
  enum Tag: Equatable {
    /// No tag: the frame starts right after the time.
    case none
    /// A venue's name and a space; the frame starts at `frameStart`.
    case venue(Venue, frameStart: Int)
    /// A tag (a word and a space) that is no venue's name (`Venue(utf8:)`: one starting with a
    /// digit, or longer than a name can be). A well-formed name of a venue not played is a
    /// venue's: its lines are another venue's, counted and skipped.
    case unknown
  }

  /// The longest venue name there can be (`Venue.maxLength`) and one: a longer word is not a
  /// tag.
  static let longestTag = Venue.maxLength + 1

  /// Reads a venue tag at `start`: a word of lower-case letters, digits and `-` followed by a
  /// space, matched by its length and bytes (no String, no allocation).
  static func tag(_ line: UnsafeRawBufferPointer, from start: Int) -> Tag {
    let n = line.count
    guard let base = line.baseAddress else { return .none }
    var end = start
    while end < n, end - start <= longestTag {
      let byte = line[end]
      guard (byte &- UInt8(ascii: "a")) < 26 || (byte &- UInt8(ascii: "0")) < 10 || byte == UInt8(ascii: "-")
      else { break }
      end += 1
    }
    guard end > start, end < n, line[end] == UInt8(ascii: " ") else { return .none }
    guard let venue = venue(named: base + start, count: end - start) else { return .unknown }
    return .venue(venue, frameStart: end + 1)
  }

  /// The venue whose name is the `count` bytes at `p`, or nil when they are no venue's name
  /// (`Venue`'s rule of what a name is).
  static func venue(named p: UnsafeRawPointer, count: Int) -> Venue? {
    Venue(utf8: UnsafeRawBufferPointer(start: p, count: count))
  }

  /// Reads a time at `start`: digits, maybe a point and more digits (up to 9 used), parsed as
  /// integers with one division (no String, no allocation); 19 digits without a point are
  /// nanoseconds (hftbacktest's captures). Returns the seconds (nil when too large to be a Unix
  /// time: 13 to 18 whole digits, or more than 19), how many digits there were, and where the
  /// number ends.
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
    // Up to 19 digits: below 10^19, within UInt64 (whose largest has 20).
    var whole: UInt64 = 0
    var fraction: Int64 = 0
    var fractionScale: Int64 = 1
    var digits = 0
    while i < n, p[i] &- UInt8(ascii: "0") < 10 {
      guard i - start < nanosecondDigits else { return (nil, i - start, i) }
      whole = whole &* 10 &+ UInt64(p[i] &- UInt8(ascii: "0"))
      i += 1
    }
    digits = i - start
    if digits == nanosecondDigits {
      // hftbacktest's `<local ns> <frame>`: whole nanoseconds, split before the conversion so
      // the seconds keep their sub-microsecond part.
      guard i >= n || p[i] != UInt8(ascii: ".") else { return (nil, digits, i) }
      return (Double(whole / 1_000_000_000) + Double(whole % 1_000_000_000) / 1e9, digits, i)
    }
    // Seconds have at most 12 digits (to the year 33658); 13 to 18 are no time tradeterm reads.
    guard digits <= 12 else { return (nil, digits, i) }
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

  /// How many digits a time in nanoseconds has (from 2001-09-09 to 2286).
  static let nanosecondDigits = 19
}
