/// What the simulator has done so far, for tests, benchmarks and the status of
/// `tradeterm-sim`. A snapshot: read `ExchangeSim.stats` again for newer numbers.
public struct SimStats: Sendable, Hashable {
  /// TCP connections accepted (REST and WebSocket alike).
  public var connectionsAccepted = 0
  /// When each of those was accepted: seconds on the monotonic clock (`NIODeadline`), oldest
  /// first. Tests and the soak check connection rates over any window with these.
  public var connectionTimes: [Double] = []
  /// WebSocket upgrades completed.
  public var upgradesAccepted = 0
  /// Upgrades refused with an HTTP error (the `rejectUpgrades` fault).
  public var upgradesRejected = 0
  /// Upgrades read and never answered (the `ignoreUpgrades` fault).
  public var upgradesIgnored = 0
  /// WebSocket sessions open now.
  public var openSessions = 0
  /// Sessions closed by the drop fault.
  public var sessionsDropped = 0
  /// Sessions silenced by the stall fault.
  public var sessionsStalled = 0
  /// REST requests answered.
  public var restRequests = 0
  /// Text frames received from clients.
  public var framesReceived = 0
  /// Text `ping`s received (each answered with `pong` unless stalled).
  public var textPings = 0
  /// Protocol PING frames received.
  public var protocolPings = 0
  /// `subscribe` ops received.
  public var subscribeRequests = 0
  /// `unsubscribe` ops received.
  public var unsubscribeRequests = 0
  /// Market ticks run (each steps every instrument, or one in a burst).
  public var marketTicks = 0
  /// Replays played to the end.
  public var replaysFinished = 0
  /// Bursts sent to the end.
  public var burstsFinished = 0
  /// Frames sent, by table name (`orderBookL2_25`, `trade`, …) or kind (`welcome`, `ack`,
  /// `error`, `pong`, `garbage`, `replay`).
  public var framesSent: [String: Int] = [:]
  /// Bytes of WebSocket payload sent.
  public var bytesSent = 0
  /// Bytes the trickle fault has let out to the socket so far (frame headers included).
  public var bytesTrickled = 0

  public init() {}

  /// Frames sent for `name` (a table name or a kind), 0 if none.
  public func sent(_ name: String) -> Int { framesSent[name] ?? 0 }

  /// The most connections accepted within any `window` seconds.
  public func mostConnections(within window: Double) -> Int {
    var most = 0
    var start = 0
    for end in connectionTimes.indices {
      while connectionTimes[end] - connectionTimes[start] >= window { start += 1 }
      most = max(most, end - start + 1)
    }
    return most
  }

  /// The shortest time between two accepted connections, once there were two.
  public var closestConnections: Double? {
    zip(connectionTimes, connectionTimes.dropFirst()).map { $1 - $0 }.min()
  }
}
