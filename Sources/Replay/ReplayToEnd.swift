import MarketModel
import Session

#if canImport(Glibc)
import Glibc
#endif

/// `--once --replay`: plays a whole recording into a `MarketSession` as fast as it goes (speed
/// 0), or paced by its receive times, through the same decoder and session as the live feed. The
/// frames are applied in batches, as the dashboard applies a drain.
public enum ReplayToEnd {
  /// What a run did.
  public struct Outcome: Sendable, Hashable {
    /// Frames decoded and applied.
    public var frames: Int
    /// Lines skipped as bad, and the last one's line number and reason.
    public var badLines: Int
    public var lastBadLine: String?
    /// Whether the file ended in the middle of a line (the complete lines were played).
    public var endedMidLine: Bool
    /// The symbols the recording holds books for.
    public var bookSymbols: [Symbol]
  }

  /// Plays `player` to its end into `session`. At `speed` > 0 (1 is real time) frames wait for
  /// their time (a bare JSONL file's from its rows, `DataTime`); frames with no time at all play
  /// as fast as they go. The file is read and decoded on a thread of its own (`ReplaySource`)
  /// while this one applies.
  public static func run(
    _ player: ReplayPlayer, into session: inout MarketSession, speed: Double = 0, batchFrames: Int = 1_024
  ) throws(RecordingError) -> Outcome {
    let source = ReplaySource(
      player: player, symbol: session.market.symbol.description, speed: speed, batchFrames: batchFrames)
    source.start()
    defer { source.stop() }
    var batch = MarketBatch()
    while true {
      let update = source.next(into: &batch, timeout: 1)
      _ = session.ingest(update, batch, now: .now())
      batch.removeAll()
      if let failure = source.failure { throw failure }
      if update.replay?.ended == true { break }
    }
    return Outcome(
      frames: player.frames, badLines: player.badLines, lastBadLine: player.lastBadLine,
      endedMidLine: player.endedMidLine, bookSymbols: player.bookSymbols)
  }
}
