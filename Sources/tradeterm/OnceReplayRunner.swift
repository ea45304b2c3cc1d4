import App
import MarketModel
import Replay
import Session

/// `--once --replay FILE`: the recording streamed from disk through the decoder and the session
/// (no simulator, no socket), then one snapshot. `ReplayOpening` has checked the file and that it
/// holds a book for the symbol; this plays the player it opened. Exit 0 with the snapshot; 2 when
/// the file cannot be read to its end.
struct OnceReplayRunner {
  /// The venue the command line resolved (recordings do not name theirs yet).
  var venue: Venue
  var opened: ReplayOpening.Opened
  var speed: Double
  var json: Bool
  var utc: Bool
  /// The book's levels a side and the trades to print (`--levels`, `--trades`).
  var levels = 10
  var trades = 10

  func run() -> Int32 {
    var session = MarketSession(symbol: opened.symbol)
    session.tracksChangedPrices = false
    let path = opened.player.path
    let outcome: ReplayToEnd.Outcome
    do {
      outcome = try ReplayToEnd.run(opened.player, into: &session, speed: speed)
    } catch {
      printError("tradeterm: cannot replay \(error)")
      return 2
    }
    if outcome.badLines > 0 {
      printError(
        "tradeterm: \(path): skipped \(outcome.badLines) bad line(s); the last: \(outcome.lastBadLine ?? "")")
    }
    if outcome.otherVenueLines > 0 {
      printError(
        "tradeterm: \(path): skipped "
          + ReplayPlayer.otherVenueWords(outcome.otherVenueLines, outcome.otherVenues)
          + " (replayed as \(opened.player.venue))")
    }
    if outcome.endedMidLine { printError("tradeterm: \(path): the file ends in the middle of a line") }
    let offset = utc ? 0 : LocalTime.offsetMinutes()
    // The recording's own time at its end (its last frame's receive time, else its newest trade):
    // the snapshot is of then, not of now.
    let at = session.replay?.time.flatMap { $0.isFinite && abs($0) < 1e12 ? Int64($0 * 1000) : nil }
    let snapshot = BookSnapshot(
      venue: venue, state: session.market, status: "ENDED", mode: .replay,
      timeMs: at ?? session.market.tape.newest?.timeMs,
      utcOffsetMinutes: offset, depth: levels, trades: trades)
    print(snapshot.output(json: json), terminator: "")
    return 0
  }
}
