import Session

/// The pacing and steering every replay thread shares (`ReplaySource`, BitMEX's, and
/// `VenueReplaySource`, another venue's): when the next frame is due at `speed`, a seek's run
/// without pacing to its target, pause, and what a control asks of the source. Pure: the frame's
/// recorded time and `now` in, a decision out; reading, decoding and rewinding the file are the
/// source's.
public struct ReplayPacing: Sendable, Hashable {
  /// 1 is real time; 0 is as fast as it goes.
  public var speed: Double
  public var paused = false
  /// The end of the recording was reached (or reading failed).
  public var ended = false
  /// Seeking: play without pacing until a frame at or after this time.
  public var seekingTo: Double?
  /// The time of the last frame decoded (what the UI will have seen once it drains).
  public var shownTime: Double?
  /// Recording time ↔ monotonic time; nil until the next frame due sets it.
  var anchor: Anchor?

  /// A recording time and the monotonic time it was (or is to be) played at.
  struct Anchor: Sendable, Hashable {
    var recording: Double
    var wall: MonotonicTime
  }

  /// Frames due within this many seconds go together, so a busy recording is not a wake-up per
  /// frame.
  public static let together = 0.002

  public init(speed: Double) {
    self.speed = speed
  }

  /// Whether the thread has nothing to play: paused (and not seeking) or at the end.
  public var idle: Bool { (paused && seekingTo == nil) || ended }

  /// What a control leaves to the source.
  public enum Steer: Sendable, Hashable {
    /// Nothing: the pacing took it.
    case done
    /// Go back (to the start when `to` is nil, else to before that time) and `restart` there.
    case rewind(to: Double?)
  }

  /// Takes a control: pause and speed here (the next frame sets a new anchor), a seek forward as
  /// a run without pacing to its target; a restart or a seek back is the source's rewind.
  public mutating func apply(_ control: ReplayControl) -> Steer {
    switch control {
    case .togglePause:
      paused.toggle()
      anchor = nil
    case .faster(let up):
      speed = ReplayPosition.step(speed, faster: up)
      anchor = nil
    case .restart:
      return .rewind(to: nil)
    case .seek(let seconds):
      guard let from = seekingTo ?? shownTime else { return .done }
      let target = from + seconds
      guard seconds > 0 else { return .rewind(to: target) }
      if !ended { seekingTo = target }
    }
    return .done
  }

  /// After the source has rewound: playing again from there, without pacing up to `target`
  /// (nil: paced from the first frame).
  public mutating func restart(seekingTo target: Double?) {
    shownTime = nil
    anchor = nil
    ended = false
    seekingTo = target
  }

  /// What to do with the next frame.
  public enum Step: Sendable, Hashable {
    /// Decode it now.
    case play
    /// Keep it: paused where a seek ended.
    case hold
    /// It is due in this many seconds: hand over what is decoded and wait (a control may come).
    case wait(Double)
  }

  /// Whether `step` reads its `now`: not at speed 0 with no seek under way (every frame is due
  /// at once), where a replay as fast as it goes need not read the clock for every frame (the
  /// clock was about 4 % of `--once --replay`).
  public var readsClock: Bool { speed > 0 || seekingTo != nil }

  /// The next frame, recorded at `time` (nil: untimed, due at once), at `now`. A seek ends at
  /// the first frame at or after its target. With `longestGap`, a frame further than that after
  /// the last one shown is due at once (frames timed by their data can be days apart).
  public mutating func step(frameAt time: Double?, now: MonotonicTime, longestGap: Double? = nil) -> Step {
    if let time, let target = seekingTo, time >= target {
      seekingTo = nil
      anchor = Anchor(recording: target, wall: now)
    }
    if paused && seekingTo == nil { return .hold }
    guard let time, seekingTo == nil, speed > 0 else { return .play }
    var due = anchor ?? Anchor(recording: time, wall: now)
    if let longestGap, let previous = shownTime, time - previous > longestGap {
      due = Anchor(recording: time, wall: now)
    }
    anchor = due
    let wait = (due.wall + (time - due.recording) / speed) - now
    return wait > Self.together ? .wait(wait) : .play
  }
}
