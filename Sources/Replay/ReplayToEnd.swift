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
    /// Lines skipped as another venue's (see `ReplayPlayer.otherVenueLines`), and those venues.
    public var otherVenueLines: Int
    public var otherVenues: [Venue]
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
    _ player: ReplayPlayer, into session: inout MarketSession, speed: Double = 0, batchFrames: Int = 1_024,
    sharing: ReplaySource.Sharing? = nil
  ) throws(RecordingError) -> Outcome {
    // At speed 0 nothing steers the replay: this thread decodes a share of the frames whenever
    // it has caught up (`sharing`).
    let source = ReplaySource(
      player: player, symbol: session.market.symbol.description, speed: speed, batchFrames: batchFrames,
      sharing: sharing ?? (speed == 0 ? .whenCaughtUp : .never))
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
    let shared = source.shared
    var lastBadLine = player.lastBadLine
    if let theirs = shared.lastBadLine, theirs.number > player.lastBadLineNumber {
      lastBadLine = theirs.words
    }
    return Outcome(
      frames: player.frames + shared.frames, badLines: player.badLines + shared.badLines,
      lastBadLine: lastBadLine, otherVenueLines: player.otherVenueLines, otherVenues: player.otherVenues,
      endedMidLine: player.endedMidLine,
      bookSymbols: player.bookSymbols + shared.bookSymbols.filter { !player.bookSymbols.contains($0) })
  }
}
