import MarketModel

/// Where the feed's connection stands, as the status line shows it.
public enum ConnectionState: Sendable, Hashable {
  /// Not started yet.
  case idle
  /// A connection attempt (TCP, TLS, WebSocket upgrade) is under way.
  case connecting
  /// Connected and subscribed; waiting for the partials of the required tables (the book and
  /// the trades; an auxiliary table on its way holds nothing back: `FeedConfig.auxiliaryTables`).
  case syncing
  /// Every required table has its partial and data flows.
  case live
  /// These tables went silent (a book while others flowed, or every table while only pongs
  /// came); they were resubscribed and wait for a fresh partial.
  case stale([Subscription])
  /// The book owner asked for a fresh image of these tables; they were unsubscribed and
  /// subscribed again and wait for their partial.
  case resyncing([Subscription])
  /// Connected, but nothing at all has arrived since `since` and the heartbeat `ping` is
  /// unanswered (a stalled server or a dead route): what is on screen may be old. Shown as
  /// STALE; the next frame makes the connection LIVE again, the pong timeout reconnects.
  case silent(since: MonotonicTime)
  /// No connection; the next attempt is due at `nextTryAt`. `attempt` counts the failures in a
  /// row so far (the upcoming try is retry number `attempt`).
  case reconnecting(attempt: Int, nextTryAt: MonotonicTime, lastError: String?, wait: Wait)
  /// A failure that retrying cannot fix (an unknown symbol or required table, HTTP 401/403/404), in the
  /// server's words. No reconnect loop; a user action (reconnect, another symbol) may try again.
  case error(FeedFailure)
  /// The server closed the connection and the configuration says not to reconnect (replay).
  case ended(String)
  /// Stopped for good.
  case stopped

  /// Why a reconnect waits as long as it does.
  public enum Wait: Sendable, Hashable {
    /// The ordinary exponential backoff after a failure.
    case backoff
    /// The server said 429 and asked for a pause (`Retry-After` / `meta.retryAfter`).
    case rateLimited
    /// The server answered 502/503: maintenance or an upgrade; retried with backoff.
    case maintenance
    /// Our own budget of connection attempts per hour is spent; waiting for a slot to free.
    case hourlyLimit
  }

  /// Whether a WebSocket is open (syncing, live, stale, resyncing or silent).
  public var isConnected: Bool {
    switch self {
    case .syncing, .live, .stale, .resyncing, .silent: true
    default: false
    }
  }

  /// One upper-case word for the status line.
  public var label: String {
    switch self {
    case .idle: "IDLE"
    case .connecting: "CONNECTING"
    case .syncing: "SYNCING"
    case .live: "LIVE"
    case .stale, .silent: "STALE"
    case .resyncing: "RESYNCING"
    case .reconnecting(_, _, _, .maintenance): "MAINTENANCE"
    case .reconnecting: "RECONNECTING"
    case .error: "ERROR"
    case .ended: "ENDED"
    case .stopped: "STOPPED"
    }
  }
}
