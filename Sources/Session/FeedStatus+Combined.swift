import MarketModel

extension FeedStatus {
  /// One status for the feeds of several connections that together carry one market (Binance
  /// USDⓈ-M's book on `/public`, its trades on `/market`): LIVE only when every connection is; else
  /// the state of the connection furthest from LIVE, its error named after its connection (the
  /// badge then says which one is down). Tables stale or resyncing on several connections are
  /// listed together; traffic figures add up. `parts` are each connection's name and its last
  /// status (nil: none yet, counted as connecting); nil when no connection has a status yet.
  public static func combined(_ parts: [(name: String, status: FeedStatus?)]) -> FeedStatus? {
    if parts.count == 1 { return parts[0].status }
    guard let symbol = parts.lazy.compactMap(\.status).first?.symbol else { return nil }
    let known = parts.map {
      (name: $0.name, status: $0.status ?? FeedStatus(state: .connecting, symbol: symbol))
    }
    // The furthest from LIVE decides the state; among equals, the first connection (the book's).
    var worst = 0
    for index in known.indices.dropFirst()
    where known[index].status.state.distanceFromLive > known[worst].status.state.distanceFromLive {
      worst = index
    }
    var status = known[worst].status
    let name = known[worst].name
    switch status.state {
    case .stale:
      status.state = .stale(known.flatMap(\.status.state.staleTopics))
    case .resyncing:
      status.state = .resyncing(known.flatMap(\.status.state.resyncingTopics))
    case .reconnecting(let attempt, let at, let error, let wait):
      status.state = .reconnecting(
        attempt: attempt, nextTryAt: at, lastError: error.map { "\(name): \($0)" } ?? "\(name) down",
        wait: wait)
    case .error(var failure):
      failure.message = "\(name): \(failure.message)"
      status.state = .error(failure)
    default:
      break
    }
    status.lastError = status.lastError.map { "\(name): \($0)" }
    if status.lastError == nil, let other = known.first(where: { $0.status.lastError != nil }) {
      status.lastError = "\(other.name): \(other.status.lastError!)"
    }
    status.reconnects = known.reduce(0) { $0 + $1.status.reconnects }
    status.messagesPerSecond = known.reduce(0) { $0 + $1.status.messagesPerSecond }
    status.bytesPerSecond = known.reduce(0) { $0 + $1.status.bytesPerSecond }
    status.pingRoundTrip = known.compactMap(\.status.pingRoundTrip).max()
    status.connectionLimitUntil = known.compactMap(\.status.connectionLimitUntil).max()
    status.restLimit = status.restLimit ?? known.lazy.compactMap(\.status.restLimit).first
    for part in known where part.name != name {
      status.unavailable.merge(part.status.unavailable) { mine, _ in mine }
      status.lastMessageAt.merge(part.status.lastMessageAt) { max($0, $1) }
    }
    return status
  }
}

extension ConnectionState {
  /// How far the state is from LIVE, to pick the one a combined status shows: a failure that
  /// retrying cannot fix first, then no connection at all, then a connection not (yet) whole.
  /// The tables a stale state lists (none for another state).
  var staleTopics: [Subscription] {
    if case .stale(let topics) = self { return topics }
    return []
  }

  /// The tables a resyncing state lists (none for another state).
  var resyncingTopics: [Subscription] {
    if case .resyncing(let topics) = self { return topics }
    return []
  }

  var distanceFromLive: Int {
    switch self {
    case .live: 0
    case .syncing: 1
    case .resyncing: 2
    case .stale: 3
    case .silent: 4
    case .idle: 5
    case .connecting: 6
    case .reconnecting: 7
    case .stopped: 8
    case .ended: 9
    case .error: 10
    }
  }
}
