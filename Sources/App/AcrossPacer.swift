/// When the cross-venue screen's loop wakes, drains its feeds and draws: at most `fps` frames a
/// second while the feeds changed something, and a frame at least every `idleFrame` seconds (the
/// books' ages move). What the user did (a key, a resize) is drawn at once, not at the next slot:
/// the frame rate paces the market's changes, never the answer to a key.
///
/// Its feeds' wake pipes are polled only once a frame could be drawn: what arrives sooner waits
/// in its feed's queue and is drained, all of it, at the frame slot, where it would have been
/// drawn anyway. With six venues streaming (hundreds of messages a second) the loop so wakes
/// about once a frame instead of once a message (keys and signals still wake it at once). Pure:
/// the session passes the times in, in seconds.
public struct AcrossPacer: Sendable, Hashable {
  /// Seconds between two frames.
  public var frameInterval: Double
  /// The longest time between two frames.
  public var idleFrame: Double = 0.5

  /// A pacer drawing at most `fps` frames a second (clamped to 1…120).
  public init(fps: Int) {
    frameInterval = 1.0 / Double(max(1, min(fps, 120)))
  }

  /// Whether the feeds' wake pipes are worth polling, the last frame drawn at `lastDraw`: only
  /// once the next frame slot has come.
  public func pollsFeeds(now: Double, lastDraw: Double) -> Bool {
    now - lastDraw >= frameInterval
  }

  /// How long the loop may sleep (its feeds' pipes polled or not, `pollsFeeds`): not at all when
  /// the user's input waits to be drawn; else until the next frame slot, then until the idle
  /// frame unless something waits to be drawn.
  public func pollTimeout(dirty: Bool, input: Bool = false, now: Double, lastDraw: Double) -> Double {
    if input { return 0 }
    let since = now - lastDraw
    if since < frameInterval { return frameInterval - since }
    return dirty ? 0 : max(0, idleFrame - since)
  }

  /// Whether to draw now: the user's input waits to be drawn; or the feeds changed something and
  /// a frame slot has come; or the idle frame is due.
  public func shouldDraw(dirty: Bool, input: Bool = false, now: Double, lastDraw: Double) -> Bool {
    let since = now - lastDraw
    return input || (dirty && since >= frameInterval) || since >= idleFrame
  }
}
