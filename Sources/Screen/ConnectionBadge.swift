import Session

/// The connection's state as the status line's badge shows it: a label and a colour role.
///
/// It reads the feed's own `ConnectionState` (no copy of the states), with the one thing the
/// state cannot know by itself: how long until the next try, at the moment of drawing.
public struct ConnectionBadge: Sendable, Hashable {
  /// The state shown.
  public var state: ConnectionState
  /// Milliseconds until the next connection attempt, while waiting for one.
  public var retryInMs: Int64
  /// Milliseconds since the last frame, while the connection is silent.
  public var silentForMs: Int64 = 0
  /// Whether the data comes from a recording (an ended feed then says REPLAY ENDED).
  public var replay: Bool

  /// The badge of `state` at `now`.
  public init(_ state: ConnectionState, now: MonotonicTime = .init(nanoseconds: 0), replay: Bool = false) {
    self.state = state
    self.replay = replay
    if case .reconnecting(_, let at, _, _) = state {
      retryInMs = max(0, Int64(((at - now) * 1000).rounded(.down)))
    } else {
      retryInMs = 0
    }
    if case .silent(let since) = state { silentForMs = max(0, Int64(((now - since) * 1000).rounded(.down))) }
  }

  /// The badge text: `LIVE`, `RECONNECTING 3 in 4s`, `STALE 2s` (no frame for 2 s),
  /// `ERROR: Unknown symbol`…
  public var label: String {
    switch state {
    case .reconnecting(let attempt, _, _, let wait):
      let word = wait == .maintenance ? "MAINTENANCE" : "RECONNECTING"
      let limit = wait == .hourlyLimit ? " (hourly limit)" : ""
      return "\(word) \(attempt) in \(NumberFormat.duration(ms: retryInMs, roundingUp: true))\(limit)"
    case .error(let failure): return failure.message.isEmpty ? "ERROR" : "ERROR: \(failure.message)"
    case .ended: return replay ? "REPLAY ENDED" : "ENDED"
    case .live where replay: return "REPLAY"
    case .silent: return "STALE \(NumberFormat.duration(ms: silentForMs))"
    default: return state.label
    }
  }

  /// Why the last connection failed, shown after the badge while waiting to retry.
  public var reason: String? {
    if case .reconnecting(_, _, let reason, _) = state { return reason }
    return nil
  }

  /// The badge's style: reverse video, so the state reads without colour too.
  public var style: Style {
    switch state {
    case .live: Style(.live, bold: true, reverse: true)
    case .connecting, .syncing: Style(.accent, bold: true, reverse: true)
    case .stale, .resyncing, .reconnecting, .silent: Style(.warning, bold: true, reverse: true)
    case .error: Style(.error, bold: true, reverse: true)
    case .idle, .ended, .stopped: Style(.muted, bold: true, reverse: true)
    }
  }

  /// Whether the data on screen is live (anything else dims book and trades).
  public var isLive: Bool { state == .live }
}
