import MarketModel
import Replay

/// The dashboard's `--replay FILE VENUE:SYMBOL` of another venue than BitMEX: the file checked
/// before the screen opens (read until the symbol's first book snapshot: a file that cannot be
/// read, or holds no such book, is refused with what is wrong), and the source that plays it.
enum VenueReplayOpening {
  /// What the check found.
  struct Opened {
    var source: VenueReplaySource
    /// The levels a side of the first snapshot holds: the depth the recording was subscribed at
    /// (a checksum rule checks the book at that depth).
    var snapshotDepth: Int
  }

  /// Reads `path` as `venue`'s recording up to `symbol`'s first book snapshot; nil, with one line
  /// on stderr, when it cannot be replayed.
  static func open(path: String, venue: Venue, symbol: Symbol, speed: Double) -> Opened? {
    let shown = TerminalText.sanitized(path)
    guard let decoder = Venues.frameDecoder(venue, symbol: symbol) else {
      printError("tradeterm: \(Venues.displayName(venue)) has no decoder to replay \(shown) with")
      return nil
    }
    let reader: RecordingReader
    do {
      reader = try RecordingReader(path: path, readAhead: .look)
    } catch {
      printError("tradeterm: cannot replay \(TerminalText.sanitized(error.description))")
      return nil
    }
    var batch = VenueBatch()
    var (bad, otherVenues) = (0, 0)
    var lastBad: String?
    do {
      while let line = try reader.nextLine() {
        let (parsed, kind) = RecordedLine.parse(line)
        guard case .frame = kind else {
          if case .bad(let why) = kind { (bad, lastBad) = (bad + 1, "line \(reader.lineNumber): \(why)") }
          continue
        }
        if let tagged = parsed.venue, tagged != venue {
          otherVenues += 1
          continue
        }
        batch.removeAll()
        let frame = UnsafeRawBufferPointer(rebasing: line[parsed.frameStart...])
        do {
          try decoder.decode(frame.assumingMemoryBound(to: UInt8.self), receivedAt: 0, into: &batch)
        } catch {
          (bad, lastBad) = (bad + 1, "line \(reader.lineNumber): \(error)")
          continue
        }
        for case let .book(s, update, levels) in batch.events where s == symbol && update.kind == .snapshot {
          let bids = batch.levels(levels).filter { $0.side == .bid }.count
          let depth = max(bids, levels.count - bids)
          let source = try VenueReplaySource(
            path: path, venue: venue, symbol: symbol.description, decoder: decoder, speed: speed)
          return Opened(source: source, snapshotDepth: depth)
        }
      }
    } catch {
      printError("tradeterm: cannot replay \(TerminalText.sanitized(error.description))")
      return nil
    }
    var why =
      "tradeterm: \(shown) holds no \(Venues.displayName(venue)) book of \(TerminalText.sanitized(symbol.description))"
    if bad > 0 { why += "; skipped \(bad) bad line(s), the last: \(TerminalText.sanitized(lastBad ?? ""))" }
    if otherVenues > 0 { why += "; skipped \(otherVenues) line(s) of other venues" }
    printError(why)
    return nil
  }
}
