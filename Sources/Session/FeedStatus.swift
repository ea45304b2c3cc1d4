import MarketModel

/// The feed's health as the UI shows it: a plain value the feed thread hands over whenever it
/// changes.
///
/// `ConnectionMachine` fills the connection fields; the I/O layer adds the traffic figures
/// (`messagesPerSecond`, `bytesPerSecond`, `lastMessageAt`) before handing it on.
public struct FeedStatus: Sendable, Hashable {
  /// The connection's state.
  public var state: ConnectionState
  /// The symbol the feed subscribes (or will, once connected).
  public var symbol: String
  /// Failures in a row; 0 after a successful connection has stayed LIVE long enough.
  public var attempt: Int
  /// WebSocket connections opened after the first one, since the feed started: every drop,
  /// stall, timeout or `r` that led to a new connection.
  public var reconnects: Int
  /// When the next connection attempt is due, while waiting for one.
  public var nextRetryAt: MonotonicTime?
  /// Why the last connection failed; cleared when the feed is LIVE again.
  public var lastError: String?
  /// Round trip of the last answered text `ping`, in seconds.
  public var pingRoundTrip: Double?
  /// While the budget of connections per hour is spent: when it has room for one more. A time
  /// in the past (or nil) means a new connection may open now; before it, `reconnectNow` keeps
  /// what it has, and the UI says why.
  public var connectionLimitUntil: MonotonicTime?
  /// The auxiliary tables (`FeedConfig.auxiliaryTables`) the feed goes on without on this
  /// connection, with why: the server's refusal in its own words, or the partial that never came.
  public var unavailable: [Subscription: String]
  /// The venue's REST limit waited out before the next book snapshot, while it lasts.
  public var restLimit: RESTLimit?
  /// Messages received per second (filled by the I/O layer).
  public var messagesPerSecond: Double
  /// Bytes received per second (filled by the I/O layer).
  public var bytesPerSecond: Double
  /// When each table last received data (filled by the I/O layer), to show data age.
  public var lastMessageAt: [Subscription: MonotonicTime]

  /// A status; everything but the state and symbol defaults to "nothing known".
  public init(
    state: ConnectionState,
    symbol: String,
    attempt: Int = 0,
    reconnects: Int = 0,
    nextRetryAt: MonotonicTime? = nil,
    lastError: String? = nil,
    pingRoundTrip: Double? = nil,
    connectionLimitUntil: MonotonicTime? = nil,
    unavailable: [Subscription: String] = [:],
    restLimit: RESTLimit? = nil,
    messagesPerSecond: Double = 0,
    bytesPerSecond: Double = 0,
    lastMessageAt: [Subscription: MonotonicTime] = [:]
  ) {
    self.state = state
    self.symbol = symbol
    self.attempt = attempt
    self.reconnects = reconnects
    self.nextRetryAt = nextRetryAt
    self.lastError = lastError
    self.pingRoundTrip = pingRoundTrip
    self.connectionLimitUntil = connectionLimitUntil
    self.unavailable = unavailable
    self.restLimit = restLimit
    self.messagesPerSecond = messagesPerSecond
    self.bytesPerSecond = bytesPerSecond
    self.lastMessageAt = lastMessageAt
  }

  /// Why `table` (any of its topics) is unavailable, or nil while it is not.
  public func unavailable(_ channel: MarketChannel) -> String? {
    unavailable.first { $0.key.channel == channel }?.value
  }
}
