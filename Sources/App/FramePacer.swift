import Session

/// When the dashboard's loop wakes up and when it draws: at most `fps` frames a second while
/// something waits to be drawn, a wake when the first flash or new-trade highlight ends (in a
/// depth frame's slot, which draws it), and otherwise a wait of up to a second (countdowns and
/// data ages move once a second).
///
/// Paused, nothing new is drawn until a key forces a frame (only the status line, once a second,
/// with the age of what is shown), so undrawn data is no reason to wake:
/// a paused dashboard waits like an idle one (it still wakes for keys, signals and the feed,
/// whose data it applies without drawing). Pure: the runner passes the times in.
///
/// Two paces: what a trader reads at once (a key, a trade, a new best price: `AppState.urgent`)
/// is drawn in the next frame slot; the book's depth alone (sizes and levels below the best
/// prices), the ages and the fades, at most `depthFps` times a second. Most book messages move
/// only the depth, and frames are most of what a streaming dashboard costs: at 20 book messages
/// a second this draws 15 frames a second, not 20.
public struct FramePacer: Sendable, Hashable {
  /// Seconds between two frames.
  public var frameInterval: Double
  /// Seconds between two frames that draw only the depth, the ages and the fades.
  public var depthInterval: Double
  /// The longest wait when nothing is due.
  public var idleWait: Double = 1

  /// A pacer drawing at most `fps` frames a second (clamped to 1…120), and the depth alone at
  /// most `depthFps` (never more often than `fps`).
  public init(fps: Int, depthFps: Int = 10) {
    frameInterval = 1.0 / Double(max(1, min(fps, 120)))
    depthInterval = max(frameInterval, 1.0 / Double(max(1, min(depthFps, 120))))
  }

  /// The wait between two frames for what `state` has waiting.
  func interval(_ state: AppState) -> Double { state.urgent ? frameInterval : depthInterval }

  /// How long the loop may wait (in seconds) before something needs it, with the last frame
  /// drawn at `lastDraw`.
  public func pollTimeout(_ state: AppState, now: MonotonicTime, lastDraw: MonotonicTime) -> Double {
    if state.paused { return idleWait }
    var timeout = idleWait
    if state.dirty { timeout = max(0, interval(state) - (now - lastDraw)) }
    // A fade is drawn at the depth pace: the loop wakes when the first one has ended and a depth
    // frame may be drawn, not every 50 ms while any is showing (which woke it about 20 times a
    // second more at 20 book messages a second, when most wakes drew nothing).
    if let fadeMs = Self.firstFadeMs(state) {
      let untilFade = Double(fadeMs - state.wallMs) / 1000 - (now - state.now)
      let untilSlot = depthInterval - (now - lastDraw)
      timeout = min(timeout, max(0, untilFade, untilSlot))
    }
    return timeout
  }

  /// The wall time (ms) when the first of the book's flashes (the second book's too) or the
  /// new-trade highlight ends; nil when nothing is highlighted.
  static func firstFadeMs(_ state: AppState) -> Int64? {
    var first: Int64?
    for at in state.view.flashes.values { first = min(first ?? .max, at + App.flashMs) }
    if let split = state.split {
      for at in split.flashes.values { first = min(first ?? .max, at + App.flashMs) }
    }
    if state.view.newTrades > 0 { first = min(first ?? .max, state.view.newTradesUntil) }
    return first
  }

  /// Whether to draw now: something changed, and a frame slot has come (unpaused) or a key or
  /// a resize asks for a frame at once (`forced`, paused or not).
  public func shouldDraw(_ state: AppState, now: MonotonicTime, lastDraw: MonotonicTime, forced: Bool) -> Bool
  {
    guard state.dirty else { return false }
    return forced || (!state.paused && now - lastDraw >= interval(state))
  }

  /// Whether to draw the status line alone over the frame on screen: paused, once a second, so
  /// the age of what is shown keeps counting (`DashboardView.renderStatusLine`).
  public func shouldDrawStatusLine(_ state: AppState, now: MonotonicTime, lastDraw: MonotonicTime) -> Bool {
    state.paused && now - lastDraw >= idleWait
  }
}
