import MarketModel
import Session
import Testing

@testable import App

/// The dashboard loop's wait and draw decisions (issue 11: `p` spun a core at 100 %: paused
/// with undrawn data, the loop polled with a zero timeout).
@Suite struct FramePacerTests {
  /// A state at 30 fps: the last frame at 10 s.
  private static func state(dirty: Bool, paused: Bool = false) -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.dirty = dirty
    // Something to show at once (a trade, a key): drawn in the next frame slot.
    s.urgent = dirty
    s.paused = paused
    return s
  }

  private let pacer = FramePacer(fps: 30, depthFps: 10)
  private let lastDraw: MonotonicTime = 10

  @Test(
    arguments: [
      // (dirty, paused, now, flashing, expected wait)
      (false, false, 10.5, false, 1.0),  // idle: wait up to a second
      (true, false, 10.01, false, 1.0 / 30 - 0.01),  // dirty: the rest of the frame slot
      (true, false, 12.0, false, 0.0),  // dirty and the slot long past: draw now
      (true, true, 12.0, false, 1.0),  // paused with undrawn data: waits like idle
      (true, true, 10.01, false, 1.0),
      (false, true, 12.0, false, 1.0),
      (true, false, 10.0, true, 1.0 / 30),  // a flash fading, undrawn: the frame slot first…
      (false, false, 12.0, true, 0.0),  // …or the fade, long over: now
      (true, true, 12.0, true, 1.0),  // paused: fades are not drawn either
    ] as [(Bool, Bool, MonotonicTime, Bool, Double)])
  func pollTimeout(dirty: Bool, paused: Bool, now: MonotonicTime, flashing: Bool, expected: Double) {
    var s = Self.state(dirty: dirty, paused: paused)
    if flashing { s.view.flashes[100] = 0 }
    let wait = pacer.pollTimeout(s, now: now, lastDraw: lastDraw)
    #expect(abs(wait - expected) < 1e-9, "waited \(wait)")
  }

  /// A flash or a new-trade highlight is drawn faded at the depth pace: the loop wakes once the
  /// first one has ended and a depth frame may be drawn, not before.
  @Test func aFadeWakesTheLoopWhenItEndsInADepthSlot() {
    var s = Self.state(dirty: false)
    s.now = 10
    s.wallMs = 50_000
    s.view.flashes[100] = 50_000
    // Flashed just now: it ends in 0.3 s.
    #expect(abs(pacer.pollTimeout(s, now: 10, lastDraw: lastDraw) - 0.3) < 1e-9)
    #expect(abs(pacer.pollTimeout(s, now: 10.1, lastDraw: lastDraw) - 0.2) < 1e-9)
    // One that ends sooner waits for the depth frame's slot (0.1 s after the last frame).
    s.view.flashes[100.5] = 49_750
    #expect(abs(pacer.pollTimeout(s, now: 10, lastDraw: lastDraw) - 0.1) < 1e-9)
    #expect(abs(pacer.pollTimeout(s, now: 10, lastDraw: 9) - 0.05) < 1e-9)
    // The new trades' highlight too.
    s.view.flashes = [:]
    s.view.newTrades = 1
    s.view.newTradesUntil = 50_200
    #expect(abs(pacer.pollTimeout(s, now: 10, lastDraw: lastDraw) - 0.2) < 1e-9)
    #expect(FramePacer.firstFadeMs(s) == 50_200)
    s.view.newTrades = 0
    #expect(FramePacer.firstFadeMs(s) == nil)
    #expect(pacer.pollTimeout(s, now: 10, lastDraw: lastDraw) == pacer.idleWait)
  }

  /// A minute of book messages 60 ms apart, each flashing a level: the loop, run the way
  /// `DashboardRunner` runs it, wakes for the data and for the frames that draw it (and the
  /// fades with them), not every 50 ms while a flash shows.
  @Test func aStreamingMinuteWakesForDataAndFrames() {
    var s = Self.state(dirty: false)
    var now: MonotonicTime = 10
    var lastDraw: MonotonicTime = 10
    var nextData: MonotonicTime = 10.06
    var timerWakes = 0
    var frames = 0
    var price = 100.0
    while now < 70 {
      let timeout = pacer.pollTimeout(s, now: now, lastDraw: lastDraw)
      let woke = min(now + timeout, nextData)
      now = max(woke, now + 0.001)
      let wallMs = Int64((now.nanoseconds / 1_000_000))
      if now >= nextData {
        nextData = nextData + 0.06
        price += 0.5
        s.view.flashes[price] = wallMs
        s.dirty = true
      } else {
        timerWakes += 1
      }
      _ = App.update(&s, .tick(now: now, wallMs: wallMs))
      if pacer.shouldDraw(s, now: now, lastDraw: lastDraw, forced: false) {
        s.dirty = false
        lastDraw = now
        frames += 1
      }
    }
    // Every timer wake is a frame's slot or the second's tick.
    #expect(timerWakes <= frames + 60, "\(timerWakes) timer wakes for \(frames) frames")
    #expect(frames > 300, "\(frames) frames")
  }

  @Test func theDepthAloneIsDrawnAtTheDepthPace() {
    var s = Self.state(dirty: true)
    s.urgent = false
    #expect(abs(pacer.pollTimeout(s, now: 10.01, lastDraw: lastDraw) - 0.09) < 1e-9)
    #expect(!pacer.shouldDraw(s, now: 10.05, lastDraw: lastDraw, forced: false))
    #expect(pacer.shouldDraw(s, now: 10.1, lastDraw: lastDraw, forced: false))
    #expect(pacer.shouldDraw(s, now: 10.05, lastDraw: lastDraw, forced: true))
    // Never faster than the frame rate: at 5 fps the depth waits a fifth of a second too.
    #expect(FramePacer(fps: 5, depthFps: 10).depthInterval == 0.2)
    #expect(FramePacer(fps: 30, depthFps: 15).depthInterval == 1.0 / 15)
  }

  @Test func pausedNeverDrawsUnlessForced() {
    let paused = Self.state(dirty: true, paused: true)
    #expect(!pacer.shouldDraw(paused, now: 20, lastDraw: lastDraw, forced: false))
    #expect(pacer.shouldDraw(paused, now: 20, lastDraw: lastDraw, forced: true))
    let running = Self.state(dirty: true)
    #expect(!pacer.shouldDraw(running, now: 10.01, lastDraw: lastDraw, forced: false))
    #expect(pacer.shouldDraw(running, now: 10.04, lastDraw: lastDraw, forced: false))
    #expect(!pacer.shouldDraw(Self.state(dirty: false), now: 20, lastDraw: lastDraw, forced: true))
  }

  /// The loop, run the way `DashboardRunner` runs it, for a minute of paused time with data
  /// arriving 40 times a second: every wake is the feed's or a one-second timeout, never a
  /// zero-timeout spin.
  @Test func aPausedMinuteWakesOnlyForDataAndTheClock() {
    var s = Self.state(dirty: true, paused: true)
    var now: MonotonicTime = 10
    var nextData: MonotonicTime = 10
    var wakes = 0
    var zeroWaits = 0
    while now < 70 {
      let timeout = pacer.pollTimeout(s, now: now, lastDraw: lastDraw)
      // poll returns at the timeout or when data arrives, whichever is first.
      let woke = min(now + timeout, nextData)
      if timeout <= 0 { zeroWaits += 1 }
      now = max(woke, now + 0.001)
      if now >= nextData {
        nextData = nextData + 0.025
        s.dirty = true
      }
      _ = App.update(&s, .tick(now: now, wallMs: Int64(now.nanoseconds / 1_000_000)))
      wakes += 1
      if pacer.shouldDraw(s, now: now, lastDraw: lastDraw, forced: false) { s.dirty = false }
    }
    #expect(zeroWaits == 0, "\(zeroWaits) zero-timeout polls in a paused minute")
    // 40 data wakes a second, plus at most one timeout a second.
    #expect(wakes <= 60 * 41, "\(wakes) wakes in a minute")
  }

  /// The dashboard's defaults: 10 frames a second while the market moves, the depth at half.
  @Test func theDefaultPacesAreTenAndFive() {
    let pacer = FramePacer(fps: 10)
    #expect(pacer.frameInterval == 0.1)
    #expect(pacer.depthInterval == 0.2)
    #expect(FramePacer(fps: 30).depthInterval == 1.0 / 15)
    // One frame a second: the depth cannot be slower than that and half of it.
    #expect(FramePacer(fps: 1).depthInterval == 1)
  }

  @Test(
    arguments: [
      // (book live, paused, replay, now, expected hold): the last frame at 10 s, 30 fps.
      (true, false, false, 10.01, 1.0 / 30 - 0.01),  // a frame just drawn: the data waits for the slot
      (true, false, false, 10.0, 1.0 / 30),
      (true, false, false, 10.04, nil),  // the slot has come: taken as it comes
      (false, false, false, 10.01, nil),  // no book yet: the first one is drawn as soon as it is read
      (true, true, false, 10.01, nil),  // paused: applied as it comes
      (true, false, true, 10.01, nil),  // a replay hands over a batch a wake: as it comes
    ] as [(Bool, Bool, Bool, MonotonicTime, Double?)])
  func liveDataWaitsForTheFrameSlot(
    bookLive: Bool, paused: Bool, replay: Bool, now: MonotonicTime, expected: Double?
  ) {
    var s =
      bookLive
      ? TicketAppTests.live("XBTUSD", bid: 100, ask: 100.5, step: 0.5)
      : AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    #expect((s.market.bookSync == .live) == bookLive)
    s.paused = paused
    if replay { s.mode = .replay }
    let hold = pacer.feedHold(s, now: now, lastDraw: lastDraw)
    if let expected, let hold {
      #expect(abs(hold - expected) < 1e-9, "held \(hold)")
    } else {
      #expect(hold == nil && expected == nil, "held \(String(describing: hold))")
    }
  }

  /// A minute of data 20 times a second, each something to show at once, run the way
  /// `DashboardRunner` runs the loop (the feed polled only when `feedHold` allows): the loop
  /// wakes about once a frame, not once a message, and still draws at its rate.
  @Test func aStreamingMinuteWakesOnceAFrame() {
    let pacer = FramePacer(fps: 10)
    var s = TicketAppTests.live("XBTUSD", bid: 100, ask: 100.5, step: 0.5)
    s.dirty = false
    var now: MonotonicTime = 10
    var lastDraw: MonotonicTime = 10
    var nextData: MonotonicTime = 10.05
    var pending = false
    var wakes = 0
    var frames = 0
    while now < 70 {
      var timeout = pacer.pollTimeout(s, now: now, lastDraw: lastDraw)
      let hold = pacer.feedHold(s, now: now, lastDraw: lastDraw)
      if let hold { timeout = min(timeout, hold) }
      // Data that came meanwhile wakes the loop only when the feed is polled.
      let dataWakes = hold == nil && nextData < now + timeout
      now = max(dataWakes ? nextData : now + timeout, now + 0.001)
      while nextData <= now {
        pending = true
        nextData = nextData + 0.05
      }
      wakes += 1
      // The loop drains the feed at every wake.
      if pending {
        pending = false
        s.dirty = true
        s.urgent = true
      }
      _ = App.update(&s, .tick(now: now, wallMs: Int64(now.nanoseconds / 1_000_000)))
      if pacer.shouldDraw(s, now: now, lastDraw: lastDraw, forced: false) {
        s.dirty = false
        s.urgent = false
        lastDraw = now
        frames += 1
      }
    }
    #expect(frames >= 60 * 9, "\(frames) frames in a minute")
    #expect(frames <= 60 * 10 + 1, "\(frames) frames in a minute")
    // 1,200 messages: without the hold, about 1,200 wakes.
    #expect(wakes <= frames + 70, "\(wakes) wakes for \(frames) frames")
  }
}
