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
    guard let watched = Symbol(symbol), let session = Self.play(path: path, symbol: watched, speed: speed)
    else {
      return 2
    }
    let offset = utc ? 0 : LocalTime.offsetMinutes()
    let snapshot = Snapshot(state: session.market, status: "REPLAY ENDED", utcOffsetMinutes: offset)
    snapshot.print(json: json)
    return 0
  }

  /// Plays the recording at `path` to its end into a session watching `symbol`, saying on stderr
  /// what was skipped. Nil, with one line on stderr saying why, when the file cannot be replayed
  /// (a directory, unreadable, no frames in it: binary or junk) or holds no book for `symbol`.
  /// Also the dashboard's check of a replay file before its simulator starts (in constant
  /// memory: the file is streamed, never loaded whole).
  static func play(path: String, symbol: Symbol, speed: Double) -> MarketSession? {
    var session = MarketSession(symbol: symbol)
    let outcome: ReplayToEnd.Outcome
    do {
      let player = try ReplayPlayer(path: path)
      outcome = try ReplayToEnd.run(player, into: &session, speed: speed)
    } catch {
      printError("tradeterm: cannot replay \(error)")
      return nil
    }
    if outcome.badLines > 0 {
      printError(
        "tradeterm: \(path): skipped \(outcome.badLines) bad line(s); the last: \(outcome.lastBadLine ?? "")")
    }
    if outcome.endedMidLine { printError("tradeterm: \(path): the file ends in the middle of a line") }
    guard outcome.bookSymbols.contains(symbol) else {
      let held = outcome.bookSymbols.map(\.description).joined(separator: ", ")
      printError(
        "tradeterm: \(path) holds no order book for \(symbol)"
          + (held.isEmpty ? " (no order book at all)" : "; it holds: \(held) (choose one with --symbol)"))
      return nil
    }
    return session
  }
}
