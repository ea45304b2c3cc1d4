import MarketModel

/// What the user asks of a replay while it plays (the dashboard's replay keys).
public enum ReplayControl: Sendable, Hashable {
  /// Pause, or go on from where it paused.
  case togglePause
  /// Move the position by this many seconds of the recording (negative: back).
  case seek(seconds: Double)
  /// Play faster (`true`: double) or slower (`false`: halve).
  case faster(Bool)
  /// Back to the start of the recording.
  case restart
}

/// Where a replay is, as the status line shows it.
public struct ReplayPosition: Sendable, Hashable {
  /// The receive time (Unix seconds) of the last frame handed over, when the recording has times.
  public var time: Double?
  /// The first frame's receive time, when known.
  public var startTime: Double?
  /// How far through the file, from 0 to 1 (by bytes).
  public var progress: Double
  /// Speed: 1 is real time; 0 is as fast as it goes.
  public var speed: Double
  public var paused: Bool
  /// The end of the file was reached.
  public var ended: Bool
  /// A seek in progress: the replay runs without pacing to this recording time.
  public var seekingTo: Double?
  /// Lines skipped as bad so far, and why the last one was.
  public var badLines: Int
  public var lastBadLine: String?
  /// Lines skipped because they are another venue's (a recording of several venues, played as
  /// one), and those venues.
  public var otherVenueLines: Int
  public var otherVenues: [Venue]
  /// Why the replay stopped before the end of the file (a read error, corrupt compressed data),
  /// with the line number: `line 21884: corrupt compressed data (incorrect data check)`.
  public var failure: String?

  public init(
    time: Double? = nil, startTime: Double? = nil, progress: Double = 0, speed: Double = 1,
    paused: Bool = false, ended: Bool = false, seekingTo: Double? = nil, badLines: Int = 0,
    lastBadLine: String? = nil, otherVenueLines: Int = 0, otherVenues: [Venue] = [], failure: String? = nil
  ) {
    self.time = time
    self.startTime = startTime
    self.progress = progress
    self.speed = speed
    self.paused = paused
    self.ended = ended
    self.seekingTo = seekingTo
    self.badLines = badLines
    self.lastBadLine = lastBadLine
    self.otherVenueLines = otherVenueLines
    self.otherVenues = otherVenues
    self.failure = failure
  }

  /// The speeds `[` and `]` step through; 0 (as fast as it goes) is above the last.
  public static let speeds: [Double] = [
    0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024,
  ]

  /// The next speed up (`faster`) or down from `speed`: doubling or halving along `speeds`,
  /// from the nearest step (a `--speed 3` goes to 4 or 2); above the last step is 0, "max".
  public static func step(_ speed: Double, faster: Bool) -> Double {
    if speed == 0 { return faster ? 0 : speeds[speeds.count - 1] }
    if faster {
      return speeds.first { $0 > speed * 1.0001 } ?? 0
    }
    return speeds.last { $0 < speed * 0.9999 } ?? speeds[0]
  }
}
