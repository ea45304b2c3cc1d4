import Testing

@testable import App

/// The cross-venue screen's loop: when it polls its feeds, how long it sleeps, when it draws.
/// Issue 28's running cost: with six venues streaming, the loop woke for every message (about
/// 150 times a second) to drain what it would only draw at the next frame slot.
@Suite struct AcrossPacerTests {
  private let pacer = AcrossPacer(fps: 30)
  /// The last frame at 10 s.
  private let lastDraw = 10.0

  @Test func theFeedsArePolledOnlyOnceAFrameCouldBeDrawn() {
    #expect(!pacer.pollsFeeds(now: 10, lastDraw: lastDraw))
    #expect(!pacer.pollsFeeds(now: 10 + 1.0 / 30 - 0.001, lastDraw: lastDraw))
    #expect(pacer.pollsFeeds(now: 10.034, lastDraw: lastDraw))
    #expect(pacer.pollsFeeds(now: 12, lastDraw: lastDraw))
  }

  @Test(
    arguments: [
      // (dirty, now, expected wait)
      (false, 10.01, 1.0 / 30 - 0.01),  // before the slot: until it, changes or not (then drained)
      (true, 10.01, 1.0 / 30 - 0.01),
      (true, 10.2, 0.0),  // the slot has come with something to draw: now
      (false, 10.2, 0.3),  // nothing to draw: the feeds polled until the idle frame
      (false, 11.0, 0.0),  // the idle frame is late: now
    ] as [(Bool, Double, Double)])
  func pollTimeout(dirty: Bool, now: Double, expected: Double) {
    let wait = pacer.pollTimeout(dirty: dirty, now: now, lastDraw: lastDraw)
    #expect(abs(wait - expected) < 1e-9, "waited \(wait)")
  }

  @Test(
    arguments: [
      // (dirty, now, draws)
      (true, 10.01, false),  // at most 30 frames a second
      (true, 10.04, true),
      (false, 10.04, false),  // nothing changed…
      (false, 10.5, true),  // …but the ages move: a frame every half second
    ] as [(Bool, Double, Bool)])
  func shouldDraw(dirty: Bool, now: Double, draws: Bool) {
    #expect(pacer.shouldDraw(dirty: dirty, now: now, lastDraw: lastDraw) == draws)
  }

  /// A key or a resize is drawn at once, whatever the frame slot: the rate paces the market's
  /// changes, not the answer to the user (at 20 frames a second a key waited up to 50 ms).
  @Test func theUsersInputIsDrawnAtOnce() {
    let slow = AcrossPacer(fps: 20)
    #expect(slow.shouldDraw(dirty: true, input: true, now: 10.001, lastDraw: lastDraw))
    #expect(!slow.shouldDraw(dirty: true, input: false, now: 10.001, lastDraw: lastDraw))
    #expect(slow.pollTimeout(dirty: true, input: true, now: 10.001, lastDraw: lastDraw) == 0)
    #expect(slow.pollTimeout(dirty: true, input: false, now: 10.001, lastDraw: lastDraw) > 0.04)
  }

  @Test func fpsIsClamped() {
    #expect(AcrossPacer(fps: 0).frameInterval == 1)
    #expect(AcrossPacer(fps: 1_000).frameInterval == 1.0 / 120)
  }
}
