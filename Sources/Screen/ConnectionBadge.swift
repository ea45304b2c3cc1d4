/// The connection's state as the status line's badge shows it: a label and a colour role.
///
/// It mirrors the feed's `ConnectionState` without depending on the feed: the App maps one
/// onto the other, turning deadlines into remaining milliseconds.
public enum ConnectionBadge: Sendable, Hashable {
  case idle
  case connecting
  case syncing
  case live
  case stale
  case resyncing
  /// Waiting to retry: failure `attempt`, the next try in `inMs`, and why the last failed.
  case reconnecting(attempt: Int, inMs: Int64, reason: String?)
  /// The server is in maintenance (HTTP 502/503); retried like `reconnecting`.
  case maintenance(attempt: Int, inMs: Int64, reason: String?)
  /// A failure retrying cannot fix, in the server's words.
  case error(String)
  /// The server closed the connection and no reconnect follows (`replay` for a replay).
  case ended(replay: Bool)
  case stopped

  /// The badge text: `LIVE`, `RECONNECTING 3 in 4s`, `ERROR: Unknown symbol`…
  public var label: String {
    switch self {
    case .idle: "IDLE"
    case .connecting: "CONNECTING"
    case .syncing: "SYNCING"
    case .live: "LIVE"
    case .stale: "STALE"
    case .resyncing: "RESYNCING"
    case .reconnecting(let attempt, let inMs, _):
      "RECONNECTING \(attempt) in \(NumberFormat.duration(ms: inMs, roundingUp: true))"
    case .maintenance(let attempt, let inMs, _):
      "MAINTENANCE \(attempt) in \(NumberFormat.duration(ms: inMs, roundingUp: true))"
    case .error(let words): words.isEmpty ? "ERROR" : "ERROR: \(words)"
    case .ended(let replay): replay ? "REPLAY ENDED" : "ENDED"
    case .stopped: "STOPPED"
    }
  }

  /// Why the last connection failed, shown after the badge while waiting to retry.
  public var reason: String? {
    switch self {
    case .reconnecting(_, _, let reason), .maintenance(_, _, let reason): reason
    default: nil
    }
  }

  /// The badge's style: reverse video, so the state reads without colour too.
  public var style: Style {
    switch self {
    case .live: Style(.live, bold: true, reverse: true)
    case .connecting, .syncing: Style(.accent, bold: true, reverse: true)
    case .stale, .resyncing, .reconnecting, .maintenance: Style(.warning, bold: true, reverse: true)
    case .error: Style(.error, bold: true, reverse: true)
    case .idle, .ended, .stopped: Style(.muted, bold: true, reverse: true)
    }
  }

  /// Whether the data on screen is live (anything else dims book and trades).
  public var isLive: Bool { self == .live }
}
