/// Replay settings: serve a recorded file instead of the simulated market.
///
/// The file, plain or gzip-compressed (served inflated), is read by the Replay target's
/// `RecordingReader`, as `tradeterm --replay` reads it; it is one of:
/// - plain JSONL, one server frame per line (like `Tests/Fixtures/*.jsonl`), paced by an
///   optional sibling `<name>.recv-times.txt` beside `<name>.jsonl` holding one Unix time in
///   seconds per line, line for line; without it frames are `gapWithoutTimes` apart;
/// - the recorder's format (`tradeterm --record`), see `ReplayFile`.
/// Lines that are not frames (binary, junk) are left out.
///
/// Each WebSocket session gets the whole file from the start, beginning when the client
/// sends its first `subscribe` (or at once for `?subscribe=` in the URL). Subscriptions are
/// acknowledged but do not filter: every frame is sent. Recorded welcome frames,
/// subscription acks and `pong`s are skipped (the simulator sends its own). At the end the
/// simulator closes the WebSocket with code 1000.
public struct SimReplay: Sendable, Hashable {
  /// The recorded file.
  public var path: String
  /// Pacing: 1 = as recorded, 2 = twice as fast, 0 = as fast as the client reads.
  public var speed: Double
  /// Seconds between frames when the file has no times.
  public var gapWithoutTimes: Double

  public init(path: String, speed: Double = 1, gapWithoutTimes: Double = 0.02) {
    self.path = path
    self.speed = speed
    self.gapWithoutTimes = gapWithoutTimes
  }
}
