import Session
import Testing

@testable import Replay

/// The pacing both replay threads share: when a frame is due, seeking, pausing, and what a
/// control leaves to the source. `now` is given, so nothing here waits.
@Suite struct ReplayPacingTests {
  static let t0 = MonotonicTime(seconds: 100)

  @Test func framesAreDueAtTheirTimesOverTheSpeed() {
    var p = ReplayPacing(speed: 2)
    // The first frame sets the anchor and is due at once.
    #expect(p.step(frameAt: 1_000, now: Self.t0) == .play)
    p.shownTime = 1_000
    // 4 s of the recording later is 2 s later at speed 2; at 1.5 s, 0.5 s are left.
    #expect(p.step(frameAt: 1_004, now: Self.t0 + 1.5) == .wait(0.5))
    // Within 2 ms of due goes together.
    #expect(p.step(frameAt: 1_004, now: Self.t0 + 1.999) == .play)
    // Untimed frames, and speed 0, are due at once.
    #expect(p.step(frameAt: nil, now: Self.t0) == .play)
    var fast = ReplayPacing(speed: 0)
    #expect(fast.step(frameAt: 1_000, now: Self.t0) == .play)
    #expect(fast.step(frameAt: 9_000, now: Self.t0) == .play)
  }

  /// Where the pacing says it does not read the clock, `step` answers the same and leaves the
  /// same pacing whatever `now` is (the sources then pass no clock reading at all).
  @Test func withoutTheClockAStepIsTheSameAtAnyTime() {
    var states: [ReplayPacing] = []
    for speed in [0.0, 0.5, 1, 4] {
      for paused in [false, true] {
        for seekingTo: Double? in [nil, 1_002, 5_000] {
          for shownTime: Double? in [nil, 1_000] {
            var p = ReplayPacing(speed: speed)
            p.paused = paused
            p.seekingTo = seekingTo
            p.shownTime = shownTime
            states.append(p)
            // The same with an anchor set by a step before.
            _ = p.step(frameAt: 999, now: Self.t0 + -1)
            states.append(p)
          }
        }
      }
    }
    var checked = 0
    for state in states where !state.readsClock {
      for frame: Double? in [nil, 1_000, 1_003, 9_000] {
        for longestGap: Double? in [nil, 30] {
          var early = state
          var late = state
          let a = early.step(frameAt: frame, now: Self.t0, longestGap: longestGap)
          let b = late.step(frameAt: frame, now: Self.t0 + 3_600, longestGap: longestGap)
          #expect(a == b && early == late, "\(state) frame \(String(describing: frame))")
          checked += 1
        }
      }
    }
    #expect(checked > 0)
    #expect(ReplayPacing(speed: 1).readsClock && !ReplayPacing(speed: 0).readsClock)
  }

  /// A pause or a new speed forgets the anchor: the next frame is due at once and times after it.
  @Test func aPauseOrASpeedStartsTheClockAgain() {
    var p = ReplayPacing(speed: 1)
    _ = p.step(frameAt: 0, now: Self.t0)
    #expect(p.step(frameAt: 10, now: Self.t0 + 1) == .wait(9))
    #expect(p.apply(.togglePause) == .done)
    #expect(p.idle)
    #expect(p.step(frameAt: 10, now: Self.t0 + 50) == .hold)
    #expect(p.apply(.togglePause) == .done)
    #expect(p.step(frameAt: 10, now: Self.t0 + 60) == .play)
    #expect(p.step(frameAt: 12, now: Self.t0 + 60) == .wait(2))
    #expect(p.apply(.faster(true)) == .done && p.speed == 2)
    #expect(p.step(frameAt: 12, now: Self.t0 + 61) == .play)
    #expect(p.step(frameAt: 14, now: Self.t0 + 61) == .wait(1))
  }

  /// Only a gap longer than `longestGap` after the last frame shown is skipped.
  @Test func aLongGapIsNotWaitedOutWhenAskedNotTo() {
    var p = ReplayPacing(speed: 1)
    _ = p.step(frameAt: 0, now: Self.t0)
    p.shownTime = 0
    #expect(p.step(frameAt: 3_600, now: Self.t0, longestGap: 30) == .play)
    var strict = ReplayPacing(speed: 1)
    _ = strict.step(frameAt: 0, now: Self.t0)
    strict.shownTime = 0
    #expect(strict.step(frameAt: 3_600, now: Self.t0) == .wait(3_600))
    #expect(strict.step(frameAt: 20, now: Self.t0, longestGap: 30) == .wait(20))
  }

  /// A seek forward plays without pacing to its target and is paced from there; paused, it stays
  /// at the target. A seek back, 0 and a restart are the source's rewind.
  @Test func seeksRunToTheirTargetAndBackIsARewind() {
    var p = ReplayPacing(speed: 1)
    #expect(p.apply(.seek(seconds: 30)) == .done && p.seekingTo == nil)  // nothing shown yet
    _ = p.step(frameAt: 0, now: Self.t0)
    p.shownTime = 0
    #expect(p.apply(.seek(seconds: 30)) == .done && p.seekingTo == 30)
    #expect(!p.idle)
    #expect(p.step(frameAt: 29, now: Self.t0) == .play)
    // Further forward from the target, not from what is shown.
    #expect(p.apply(.seek(seconds: 30)) == .done && p.seekingTo == 60)
    #expect(p.step(frameAt: 61, now: Self.t0 + 1) == .wait(1))
    #expect(p.seekingTo == nil)
    p.shownTime = 60
    #expect(p.apply(.seek(seconds: -10)) == .rewind(to: 50))
    p.shownTime = 40
    #expect(p.apply(.seek(seconds: 0)) == .rewind(to: 40))
    #expect(p.apply(.restart) == .rewind(to: nil))
    #expect(p.apply(.togglePause) == .done)
    p.restart(seekingTo: 35)
    #expect(p.shownTime == nil && p.seekingTo == 35 && !p.ended)
    #expect(p.step(frameAt: 34, now: Self.t0) == .play)
    #expect(p.step(frameAt: 35, now: Self.t0) == .hold)
    #expect(p.idle)
  }

  @Test func atTheEndOnlyABackwardSeekDoesAnything() {
    var p = ReplayPacing(speed: 1)
    p.shownTime = 10
    p.ended = true
    #expect(p.idle)
    #expect(p.apply(.seek(seconds: 5)) == .done && p.seekingTo == nil)
    #expect(p.apply(.seek(seconds: -5)) == .rewind(to: 5))
    p.restart(seekingTo: 5)
    #expect(!p.idle && !p.ended)
  }
}
