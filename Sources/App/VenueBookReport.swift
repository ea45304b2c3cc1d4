import MarketModel
import Screen
import VenueCore

/// The final book of a venue replay as `--once` prints it: text columns, or JSON with the
/// venue and the integrity counts (`{"checks": N, "failures": M, "resyncs": K}`).
public struct VenueBookReport: Sendable {
  public let replay: VenueBookReplay
  public let venue: Venue
  public let levels: Int

  public init(replay: VenueBookReplay, venue: Venue, levels: Int) {
    self.replay = replay
    self.venue = venue
    self.levels = levels
  }

  /// The top `levels` of each side, best first, as (price, size) in the venue's own decimals.
  func sides() -> (bids: [(String, String)], asks: [(String, String)]) {
    let book = replay.book
    func rows(_ side: VenueCore.BookSide) -> [(String, String)] {
      let ladder = book[side]
      return (0..<min(levels, ladder.count)).map { rank in
        let l = ladder.level(fromBest: rank)
        return (book.price(l.price).description, book.size(l.size).description)
      }
    }
    return (rows(.bid), rows(.ask))
  }

  /// The book rule's state in words.
  var sync: String { BookSnapshot.words(replay.sync.state) }

  /// The report as `--once` prints it: one line of JSON, or the text columns.
  public func text(json: Bool) -> String {
    let (bids, asks) = sides()
    let i = replay.sync.integrity
    if json {
      func list(_ rows: [(String, String)]) -> String {
        "[" + rows.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
      }
      return "{\"venue\":\(TerminalText.jsonLiteral(venue.rawValue)),"
        + "\"symbol\":\(TerminalText.jsonLiteral(replay.symbol.description)),"
        + "\"status\":\"REPLAY ENDED\",\"mode\":\"replay\",\"sync\":\(TerminalText.jsonLiteral(sync)),"
        + "\"bids\":\(list(bids)),\"asks\":\(list(asks)),"
        + "\"integrity\":{\"checks\":\(i.checks),\"failures\":\(i.failures),\"resyncs\":\(i.resyncs)},"
        + "\"frames\":\(replay.frames),\"badFrames\":\(replay.badFrames),\"trades\":\(replay.trades)}\n"
    }
    let pw = max(5, (bids + asks).map(\.0.count).max() ?? 0)
    let sw = max(4, (bids + asks).map(\.1.count).max() ?? 0)
    func row(_ lead: String, _ p: String, _ s: String) -> String {
      "\(lead)  \(p.padLeft(pw))  \(s.padLeft(sw))\n"
    }
    var out = "\(venue):\(TerminalText.sanitized(replay.symbol.description))  REPLAY ENDED  book \(sync)\n"
    out += row("   ", "price", "size")
    for a in asks.reversed() { out += row("ask", a.0, a.1) }
    for b in bids { out += row("bid", b.0, b.1) }
    out +=
      "integrity: \(i.checks) checks, \(i.failures) failures, \(i.resyncs) resyncs; \(replay.frames) frames"
      + (replay.badFrames > 0 ? ", \(replay.badFrames) not read" : "") + "\n"
    return out
  }
}
