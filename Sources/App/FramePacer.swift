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
/// Two paces: what a trader reads at once (a trade, a new best price: `AppState.urgent`) is
/// drawn in the next frame slot, at most `fps` (10 by default) a second; the book's depth alone
/// (sizes and levels below the best prices), the ages and the fades, at most `depthFps` (half of
/// `fps`: 5) times a second. A key is drawn at once, whatever the pace. Frames are most of what a streaming
/// dashboard costs: at 20 book messages a second `tradeterm-sim` moves a best price about ten
/// times a second, and at 30 frames a second it drew 15 frames a second.
///
/// Live data waits for the frame slot: between a frame and the next slot the loop does not wake
/// for the feed (`feedHold`), since no frame could show what came; it takes it all at the slot.
/// A replay is taken as it comes (its source hands over one batch a wake, and waits for room).
public struct FramePacer: Sendable, Hashable {
  /// Seconds between two frames.
  public var frameInterval: Double
  /// Seconds between two frames that draw only the depth, the ages and the fades.
  public var depthInterval: Double
  /// The longest wait when nothing is due.
  public var idleWait: Double = 1

  /// A pacer drawing at most `fps` frames a second (clamped to 1…120), and the depth alone at
  /// most `depthFps` (half of `fps` when not given; never more often than `fps`).
  public init(fps: Int, depthFps: Int? = nil) {
    let fps = max(1, min(fps, 120))
    frameInterval = 1.0 / Double(fps)
    depthInterval = max(frameInterval, 1.0 / Double(max(1, min(depthFps ?? fps / 2, 120))))
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

  /// How long live data may wait before the loop wakes for it: the rest of the frame slot, when
  /// a frame was drawn less than a frame's interval ago (no frame could show it sooner); nil when
  /// it is taken as it comes: the slot has come, the book is not live yet (the first book is
  /// drawn in the next frame slot), the dashboard is paused (data is applied, not drawn, and the
  /// status line counts its age), or it is a replay.
  public func feedHold(_ state: AppState, now: MonotonicTime, lastDraw: MonotonicTime) -> Double? {
    guard !state.paused, state.mode != .replay, state.market.bookSync == .live else { return nil }
    let left = frameInterval - (now - lastDraw)
    return left > 0 ? left : nil
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
