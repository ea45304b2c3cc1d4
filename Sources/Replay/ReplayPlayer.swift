import BitMEX
import MarketModel

#if canImport(Glibc)
import Glibc
#endif

/// A recording played from disk: each `next(into:)` reads one line, decodes its frame into the
/// caller's batch (the same decoder as the live feed) and says when it was received. Constant
/// memory: one line in a buffer, one decoder, and an index of where each table's partials are.
///
/// Bad lines (binary, not a frame, a frame that does not decode) are skipped and counted, with
/// the line number of the last one; a recording that holds no frame at all is an error. A
/// recording is played as one venue's (`venue`): lines tagged with another venue's name (format
/// version 2, `RecordingFormat`) are skipped and counted apart, never decoded; untagged lines are
/// taken as `venue`'s.
public final class ReplayPlayer {
  /// What one `next(into:)` did.
  public enum Step: Sendable, Hashable {
    /// A frame was decoded into the batch; its receive time (Unix seconds) when the recording has
    /// times.
    case frame(time: Double?)
    /// A line was skipped (blank or bad); nothing was added to the batch.
    case skipped
    /// The end of the recording.
    case end
  }

  /// Where a partial of one table starts in the file, for seeking back.
  public struct PartialMark: Sendable, Hashable {
    public var topic: Topic
    /// Uncompressed byte offset of the line, and the number of lines before it.
    public var offset: Int64
    public var linesBefore: Int
    /// The line's receive time, if known.
    public var time: Double?
    /// Where the line's time starts in the `.recv-times.txt` sibling, when times come from one:
    /// a rewind goes straight there instead of reading the sibling again from its start.
    public var timesOffset: Int64?
  }

  public let path: String
  /// The venue the recording is played as: its tagged lines, and every untagged line.
  public let venue: Venue
  private let reader: RecordingReader
  /// The `.recv-times.txt` sibling's times, read alongside when the lines carry none.
  private let times: RecordingReader?
  /// Where the last line's time starts in the sibling (see `PartialMark.timesOffset`).
  private var timesOffset: Int64 = 0
  /// Whether frames were timed by their rows' timestamps (`DataTime`): the recording has no
  /// receive times.
  public private(set) var timedByData = false
  /// Lines read from the sibling so far, rewinds included (a rewind reads none).
  public private(set) var timeLinesRead = 0
  // The per-line fields skip the runtime exclusivity check (about 8 % of a replay at speed 0):
  // one thread reads the player at a time and no access to them overlaps another.
  @exclusivity(unchecked) private var decoder = BitMEXDecoder()
  /// Whether the player's decoder maps book rows to price levels (`BitMEXDecoder.mapsBooks`): off
  /// when another thread decodes a share of the frames and maps them all (`ReplaySource`).
  public var mapsBooks = true {
    didSet { decoder.mapsBooks = mapsBooks }
  }
  /// Frames decoded.
  @exclusivity(unchecked) public private(set) var frames = 0
  /// Lines skipped as bad, and why the last one was.
  public private(set) var badLines = 0
  public private(set) var lastBadLine: String?
  /// Lines skipped because they are tagged with another venue than `venue`, and those venues in
  /// the order first seen.
  public private(set) var otherVenueLines = 0
  public private(set) var otherVenues: [Venue] = []
  /// The receive time of the first and the last frame read so far.
  @exclusivity(unchecked) public private(set) var firstTime: Double?
  @exclusivity(unchecked) public private(set) var lastTime: Double?
  /// Every partial seen so far, in file order.
  public private(set) var partials: [PartialMark] = []
  /// The same marks by table, each list in file order (its times never go down), for finding
  /// the last one before a time by halving.
  private var partialsByTopic: [Topic: [PartialMark]] = [:]
  /// The symbols the recording's book partials are for, in the order first seen.
  public private(set) var bookSymbols: [Symbol] = []

  /// Opens `path`; a plain JSONL recording without times uses `<name>.recv-times.txt` beside it
  /// when there is one, and without that its frames are timed by their rows' timestamps
  /// (`DataTime`), so a bare file has a position and seeks too. `venue`: the venue it is played as;
  /// `readAhead`: how far the file is read ahead (`.look` for a player that only looks at the
  /// recording's start).
  public init(
    path: String, venue: Venue = .bitmex, readAhead: RecordingReader.ReadAhead = .replay
  ) throws(RecordingError) {
    self.path = path
    self.venue = venue
    reader = try RecordingReader(path: path, readAhead: readAhead)
    times = Self.siblingTimes(of: path)
  }

  /// How far through the file the player is, from 0 to 1.
  public var progress: Double { reader.progress }
  /// The line last read (1-based).
  public var lineNumber: Int { reader.lineNumber }
  /// Bytes read so far (inflated, for a `.gz`).
  public var bytesRead: Int64 { reader.offset }
  /// Whether the recording is gzip-compressed.
  public var isCompressed: Bool { reader.isCompressed }
  /// Whether the file ended in the middle of a line.
  public var endedMidLine: Bool { reader.lastLineWasCut }

  /// Reads the next line and decodes its frame into `batch` (appending; the batch is not emptied).
  public func next(into batch: inout MarketBatch) throws(RecordingError) -> Step {
    switch try advance() {
    case .end: return .end
    case .skipped: return .skipped
    case .frame(let time): return decodePending(into: &batch) ? .frame(time: time) : .skipped
    }
  }

  /// The line read by `advance` and not decoded yet: where its frame starts, and where the line
  /// started in the file. Valid until the next read.
  @exclusivity(unchecked) private var pending:
    (line: UnsafeRawBufferPointer, frameStart: Int, offset: Int64, linesBefore: Int)?

  /// Reads the next line and says what it holds without decoding it: `.frame(time:)` leaves the
  /// frame pending for `decodePending(into:)`, so a paced replay can wait for the frame's time
  /// before it hands the frame over. A frame left pending is dropped by the next `advance`.
  public func advance() throws(RecordingError) -> Step {
    pending = nil
    let offset = reader.offset
    let linesBefore = reader.lineNumber
    guard let line = try reader.nextLine() else {
      if frames == 0 && framesHandedOver == 0 {
        if otherVenueLines > 0 {
          throw RecordingError(path: path, reason: "holds no \(venue) frames: " + otherVenueWords)
        }
        throw RecordingError(
          path: path,
          reason: badLines == 0
            ? "holds no frames (an empty file?)"
            : "holds no frames: \(badLines) bad line(s), the last: \(lastBadLine ?? "")")
      }
      return .end
    }
    var time: Double?
    if let times {
      timesOffset = times.offset
      timeLinesRead += 1
      if let t = try? times.nextLine() { time = Self.number(t) }
    }
    let (parsed, kind) = RecordedLine.parse(line, expected: venue)
    switch kind {
    case .blank:
      return .skipped
    case .bad(let why):
      noteBad("line \(reader.lineNumber): \(why)")
      return .skipped
    case .frame:
      break
    }
    if let tagged = parsed.venue, tagged != venue {
      noteOtherVenue(tagged)
      return .skipped
    }
    if let t = parsed.time {
      time = t
    } else if time == nil {
      // No receive time anywhere: the frame's own data says when it happened, or it happened
      // with the last frame that said.
      timedByData = true
      time = DataTime.seconds(in: UnsafeRawBufferPointer(rebasing: line[parsed.frameStart...])) ?? lastTime
    }
    if let time {
      if firstTime == nil { firstTime = time }
      // Clocks step backwards sometimes; a replay never does.
      lastTime = max(lastTime ?? time, time)
    }
    pending = (line, parsed.frameStart, offset, linesBefore)
    return .frame(time: time.map { max($0, lastTime ?? $0) })
  }

  /// Decodes the frame `advance` left pending into `batch`; false when it does not decode (the
  /// line is counted as bad) or nothing is pending.
  public func decodePending(into batch: inout MarketBatch) -> Bool {
    guard let (line, frameStart, offset, linesBefore) = pending else { return false }
    pending = nil
    let frame = UnsafeRawBufferPointer(rebasing: line[frameStart...])
    let mark = batch.events.count
    let partialsBefore = batch.partialsDecoded
    do throws(DecodeError) {
      try decoder.decode(frame, into: &batch)
    } catch {
      noteBad("line \(reader.lineNumber): \(error)")
      return false
    }
    frames += 1
    // Partials are rare: look at the events only when the decoder says the frame was one.
    if batch.partialsDecoded != partialsBefore {
      for event in batch.events[mark...] {
        notePartial(event, batch, offset: offset, linesBefore: linesBefore)
      }
    }
    return true
  }

  /// Frames handed over undecoded (`handOverPending`): decoded, and counted, by another thread.
  @exclusivity(unchecked) public private(set) var framesHandedOver = 0
  /// The line number of the last line counted as bad (0: none).
  public private(set) var lastBadLineNumber = 0

  /// Hands the frame `advance` left pending over undecoded: its bytes are copied into `raw`, with
  /// its line number, for the thread that applies frames to decode. The player then knows
  /// nothing of what the frame holds (no partial is indexed: a replay that seeks does not share
  /// its decoding). False when nothing is pending.
  public func handOverPending(into raw: inout RawFrames) -> Bool {
    guard let (line, frameStart, _, _) = pending else { return false }
    pending = nil
    raw.append(UnsafeRawBufferPointer(rebasing: line[frameStart...]), line: reader.lineNumber)
    framesHandedOver += 1
    return true
  }

  /// When the recording has shown every table it holds (as far as read): the time of the latest
  /// of each table's first partial. Nil before any partial with a time.
  public var openingTime: Double? {
    partialsByTopic.values.compactMap { $0.first?.time }.max()
  }

  /// Goes back to a partial found earlier (see `partials`): the lines from there are read again.
  public func rewind(to mark: PartialMark) throws(RecordingError) {
    try rewind(
      offset: mark.offset, linesBefore: mark.linesBefore, time: mark.time, timesOffset: mark.timesOffset)
  }

  /// Goes back to the start of the recording.
  public func restart() throws(RecordingError) {
    try rewind(offset: 0, linesBefore: 0, time: nil, timesOffset: 0)
  }

  /// Where to go back to for a position at `time`: the latest point before it from which every
  /// table in the recording starts again with a partial (for each table its last partial at or
  /// before `time`, the earliest of those), or nil for the start of the file.
  /// A lookup of O(log n) per table.
  public func rewindPoint(before time: Double) -> PartialMark? {
    guard !partialsByTopic.isEmpty else { return nil }
    var earliest: PartialMark?
    for marks in partialsByTopic.values {
      // Marks without a time (before the recording said one) come first: the first mark later
      // than `time` by halving, then the one before it.
      var low = 0
      var high = marks.count
      while low < high {
        let mid = (low + high) / 2
        if let t = marks[mid].time, t > time { high = mid } else { low = mid + 1 }
      }
      guard low > 0, let t = marks[low - 1].time, t <= time else { return nil }
      let mark = marks[low - 1]
      if earliest.map({ mark.offset < $0.offset }) ?? true { earliest = mark }
    }
    return earliest
  }

  private func rewind(
    offset: Int64, linesBefore: Int, time: Double?, timesOffset: Int64?
  ) throws(RecordingError) {
    pending = nil
    decoder = BitMEXDecoder(mapsBooks: mapsBooks)
    lastTime = time
    try reader.seek(to: offset, lineNumber: linesBefore)
    if let times {
      if let timesOffset {
        // The times file runs line for line with the recording: its line at the mark.
        try times.seek(to: timesOffset, lineNumber: linesBefore)
      } else {
        try times.seek(to: 0, lineNumber: 0)
        for _ in 0..<linesBefore {
          timeLinesRead += 1
          _ = try times.nextLine()
        }
      }
    }
    partials.removeAll { $0.offset >= offset }
    for topic in Array(partialsByTopic.keys) {
      var marks = partialsByTopic[topic] ?? []
      while let last = marks.last, last.offset >= offset { marks.removeLast() }
      partialsByTopic[topic] = marks.isEmpty ? nil : marks
    }
  }

  /// The furthest line counted as bad: lines read again after a rewind are not counted twice.
  private var furthestBadLine = 0

  /// The furthest line counted as another venue's, as `furthestBadLine`.
  private var furthestOtherVenueLine = 0

  private func noteOtherVenue(_ other: Venue) {
    guard reader.lineNumber > furthestOtherVenueLine else { return }
    furthestOtherVenueLine = reader.lineNumber
    otherVenueLines += 1
    if !otherVenues.contains(other) { otherVenues.append(other) }
  }

  /// The lines skipped as other venues', in words: `120 line(s) of kraken, okx`.
  public var otherVenueWords: String {
    Self.otherVenueWords(otherVenueLines, otherVenues)
  }

  /// `count` lines of `venues`, in words.
  public static func otherVenueWords(_ count: Int, _ venues: [Venue]) -> String {
    "\(count) line(s) of \(venues.map(\.rawValue).joined(separator: ", "))"
  }

  private func noteBad(_ words: String) {
    guard reader.lineNumber > furthestBadLine else { return }
    furthestBadLine = reader.lineNumber
    lastBadLineNumber = reader.lineNumber
    badLines += 1
    lastBadLine = words
  }

  private func notePartial(_ event: MarketEvent, _ batch: MarketBatch, offset: Int64, linesBefore: Int) {
    let topic: Topic
    switch event {
    case .book(let m) where m.action == .partial:
      guard let symbol = Self.bookPartialSymbol(event, batch) else { return }
      topic = .book(m.table, symbol)
      if !bookSymbols.contains(symbol) { bookSymbols.append(symbol) }
    case .trades(let s) where s.action == .partial:
      topic = Topic(table: Topic.tradeTable, symbol: s.filterSymbol?.description)
    case .instrument(let s) where s.action == .partial:
      topic = Topic(table: Topic.instrumentTable, symbol: s.filterSymbol?.description)
    case .quotes(let s) where s.action == .partial:
      topic = Topic(table: Topic.quoteTable, symbol: s.filterSymbol?.description)
    default:
      return
    }
    if let last = partials.last, last.offset == offset, last.topic == topic { return }
    let mark = PartialMark(
      topic: topic, offset: offset, linesBefore: linesBefore, time: lastTime,
      timesOffset: times == nil ? nil : timesOffset)
    partials.append(mark)
    partialsByTopic[topic, default: []].append(mark)
  }

  /// The symbol of a book partial (its filter's, or its first row's); nil for any other event.
  static func bookPartialSymbol(_ event: MarketEvent, _ batch: MarketBatch) -> Symbol? {
    guard case .book(let m) = event, m.action == .partial else { return nil }
    return m.symbol ?? m.filterSymbol ?? batch.bookRows[m.rows].first?.symbol
  }

  /// The `<name>.recv-times.txt` beside `<name>.jsonl`, opened, if there is one.
  public static func siblingTimes(of path: String) -> RecordingReader? {
    guard let dot = path.lastIndex(of: "."), path[dot...] == ".jsonl" else { return nil }
    return try? RecordingReader(path: String(path[..<dot]) + ".recv-times.txt")
  }

  /// A time on a line of its own (the times file), or nil; spaces around it are allowed.
  public static func number(_ line: UnsafeRawBufferPointer) -> Double? {
    var start = 0
    while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") {
      start += 1
    }
    let (seconds, digits, _) = RecordedLine.time(line, from: start)
    return digits > 0 ? seconds : nil
  }
}
