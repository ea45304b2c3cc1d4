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
  /// their receive time; a recording without times plays as fast as it goes.
  public static func run(
    _ player: ReplayPlayer, into session: inout MarketSession, speed: Double = 0, batchFrames: Int = 256
  ) throws(RecordingError) -> Outcome {
    let symbol = session.market.symbol.description
    var batch = MarketBatch()
    _ = session.ingest(FeedUpdate(status: FeedStatus(state: .live, symbol: symbol)), batch, now: .now())
    var pending = 0
    var clock: (recording: Double, wall: MonotonicTime)?
    while true {
      let step = try player.next(into: &batch)
      switch step {
      case .end:
        let ended = FeedStatus(state: .ended("end of the recording"), symbol: symbol)
        _ = session.ingest(FeedUpdate(status: ended), batch, now: .now())
        return Outcome(
          frames: player.frames, badLines: player.badLines, lastBadLine: player.lastBadLine,
          endedMidLine: player.endedMidLine, bookSymbols: player.bookSymbols)
      case .skipped:
        continue
      case .frame(let time):
        pending += 1
        if speed > 0, let time {
          if let (start, wall) = clock {
            let due = wall + (time - start) / speed
            let wait = due - MonotonicTime.now()
            if wait > 0 {
              if !batch.isEmpty {
                _ = session.ingest(FeedUpdate(), batch, now: .now())
                batch.removeAll()
                pending = 0
              }
              sleep(seconds: wait)
            }
          } else {
            clock = (time, .now())
          }
        }
        if pending >= batchFrames {
          _ = session.ingest(FeedUpdate(), batch, now: .now())
          batch.removeAll()
          pending = 0
        }
      }
    }
  }

  /// Sleeps `seconds` (at most a minute at a time, so a huge gap never overflows).
  static func sleep(seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    let s = min(seconds, 60)
    var ts = timespec(tv_sec: Int(s), tv_nsec: Int((s - s.rounded(.down)) * 1e9))
    _ = nanosleep(&ts, nil)
  }
}
