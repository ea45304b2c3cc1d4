import MarketModel
import Replay
import Session

/// `--once --replay FILE`: the recording streamed from disk through the decoder and the session
/// (no simulator, no socket), then one snapshot. Exit 0 with the snapshot; 2 when the file cannot
/// be replayed or holds nothing for the symbol (the message says why and what it holds).
struct OnceReplayRunner {
  var path: String
  var symbol: String
  var speed: Double
  var json: Bool
  var utc: Bool

  func run() -> Int32 {
    guard let watched = Symbol(symbol) else { return 2 }
    var session = MarketSession(symbol: watched)
    let outcome: ReplayToEnd.Outcome
    do {
      let player = try ReplayPlayer(path: path)
      outcome = try ReplayToEnd.run(player, into: &session, speed: speed)
    } catch {
      printError("tradeterm: cannot replay \(error)")
      return 2
    }
    if outcome.badLines > 0 {
      printError(
        "tradeterm: \(path): skipped \(outcome.badLines) bad line(s); the last: \(outcome.lastBadLine ?? "")")
    }
    if outcome.endedMidLine { printError("tradeterm: \(path): the file ends in the middle of a line") }
    guard outcome.bookSymbols.contains(watched) else {
      let held = outcome.bookSymbols.map(\.description).joined(separator: ", ")
      printError(
        "tradeterm: \(path) holds no order book for \(symbol)"
          + (held.isEmpty ? " (no order book at all)" : "; it holds: \(held) (choose one with --symbol)"))
      return 2
    }
    let offset = utc ? 0 : LocalTime.offsetMinutes()
    let snapshot = Snapshot(state: session.market, status: "REPLAY ENDED", utcOffsetMinutes: offset)
    snapshot.print(json: json)
    return 0
  }
}
