import MarketModel
import Replay

/// The dashboard's `--replay FILE`: the file checked before the screen opens (a directory, a
/// binary or junk file, or one without the symbol's book is refused with what is wrong), and a
/// player ready at its start.
enum ReplayOpening {
  /// What the check found.
  struct Opened {
    var player: ReplayPlayer
    /// The symbol to watch: the one asked for, or the recording's first book.
    var symbol: Symbol
    /// The symbols the recording holds books for (as far as the check read).
    var symbols: [Symbol]
  }

  /// How much of a recording is read between two lines of progress while it is checked.
  static let progressEvery: Int64 = 64 << 20

  /// Reads `path` until it finds a book for `symbol` (any book when nil) and a little further
  /// for the list of symbols; nil, with one line on stderr, when it cannot be replayed.
  /// With `collect`, the check reads on (20,000 lines) for the symbol picker's list. The
  /// recording is played as `venue`'s (`ReplayPlayer.venue`).
  static func open(path: String, symbol: Symbol?, venue: Venue = .bitmex, collect: Bool = true) -> Opened? {
    var found: [Symbol] = []
    // Unasked, the venue's default instrument is the one to find.
    let preferred = Venues.defaultSymbols[venue].flatMap(Symbol.init)
    do {
      let scan = try ReplayPlayer(path: path, venue: venue, readAhead: .look)
      var batch = MarketBatch()
      var lines = 0
      var nextReport = progressEvery
      while true {
        let step = try scan.next(into: &batch)
        batch.removeAll()
        lines += 1
        if scan.bytesRead >= nextReport {
          // A long search for the first book (a gzip that inflates to gigabytes of nothing)
          // says how far it is, rather than sitting silent before the screen opens.
          printError(
            "tradeterm: \(path): checked \(scan.bytesRead >> 20) MB\(scan.isCompressed ? " inflated" : ""), "
              + "\(Int(scan.progress * 100)) % of the file, \(scan.frames) frame(s) so far")
          nextReport += progressEvery
        }
        found = scan.bookSymbols
        let hit = symbol.map { found.contains($0) } ?? !found.isEmpty
        let settled = symbol != nil || preferred.map(found.contains) == true
        if step == .end || (hit && (lines >= 20_000 || (!collect && settled))) { break }
      }
      if scan.badLines > 0, symbol.map({ !found.contains($0) }) ?? found.isEmpty {
        printError(
          "tradeterm: \(path): skipped \(scan.badLines) bad line(s); the last: \(scan.lastBadLine ?? "")")
      }
      if scan.otherVenueLines > 0, symbol.map({ !found.contains($0) }) ?? found.isEmpty {
        printError("tradeterm: \(path): skipped \(scan.otherVenueWords) (replayed as \(venue))")
      }
      if let symbol, !found.contains(symbol) {
        let held = found.map(\.description).joined(separator: ", ")
        printError(
          "tradeterm: \(path) holds no order book for \(symbol)"
            + (held.isEmpty ? " (no order book at all)" : "; it holds: \(held) (choose one with --symbol)"))
        return nil
      }
      // Unasked, the venue's default instrument when the recording has it, else its first book.
      guard let watched = symbol ?? (preferred.flatMap { found.contains($0) ? $0 : nil } ?? found.first)
      else {
        printError("tradeterm: \(path) holds no order book at all")
        return nil
      }
      return Opened(player: try ReplayPlayer(path: path, venue: venue), symbol: watched, symbols: found)
    } catch {
      printError("tradeterm: cannot replay \(error)")
      return nil
    }
  }
}
