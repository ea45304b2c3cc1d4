import MarketModel

/// The feed's connection logic as a pure state machine: connect, subscribe, wait for partials,
/// heartbeat, stale tables, resync, backoff, rate limits, symbol switches, stop.
///
/// Each input is a `mutating` method taking the time it happened and returning the actions the
/// I/O layer must carry out, in order. Nothing here reads a clock, sleeps or touches a socket, so
/// every behaviour is testable with times made up by hand. Randomness (backoff jitter) comes from
/// the generator given to `init`.
///
/// Every received frame is exactly one input: `pong` for the text `pong`, `subscribed` for an ack,
/// `partialReceived` for a partial, `serverError` for an error frame, `message(topic:now:)` for any
/// other table message (with its topic) or frame. Each counts as a sign of life for the heartbeat.
///
/// A venue that ends its connections (Binance: 24 h, or sooner after `shutdownNotice`) has each
/// replaced before it does: make-before-break when `FeedConfig.replaceBeforeBreak` says the I/O
/// layer can (`connectReplacement`; `replacementConnected`, `replacementLost`,
/// `replacementCaughtUp` → `switchToReplacement`), the status LIVE throughout; else, or when the
/// replacement has not caught up within half the margin, a plain reconnect.
///
/// Timers work by `scheduleWake(at:)`: the I/O layer calls `tick(now:)` when the time comes. The
/// machine only asks for a wake that is earlier than the one pending, so `message`, the hot path,
/// never needs to ask for one (it only moves deadlines later); a wake that finds its deadline
/// moved simply asks for the next one.
public struct ConnectionMachine: Sendable {
  /// The timing numbers.
  public let config: FeedConfig
  /// The WebSocket URL to connect to.
  public let url: String
  /// What is subscribed for the followed symbol and for every symbol.
  public let plan: SubscriptionPlan
  /// The symbol subscribed now, or by the next connection.
  public private(set) var symbol: String
  /// Failures in a row (shown as the reconnect attempt); reset after `backoffResetAfter` of LIVE.
  public private(set) var attempt = 0
  /// WebSocket connections opened since the machine started.
  public private(set) var connectionsOpened = 0
  /// Why the last connection failed; cleared when the feed is LIVE again.
  public private(set) var lastError: String?
  /// Round trip of the last answered `ping` on the current connection, in seconds.
  public private(set) var pingRoundTrip: Double?
  /// The wake requested by the last `scheduleWake` that has not come due yet.
  public private(set) var pendingWake: MonotonicTime?
  /// The markets list's live tickers of other symbols, subscribed beside the plan's channels.
  public private(set) var tickerWatch = TickerWatch()

  private var phase: Phase = .idle
  private var random: any RandomNumberGenerator & Sendable
  private var limiter: ConnectAttemptLimiter
  /// The current symbol's subscriptions, in order, with their per-connection bookkeeping.
  private var subscriptions: [Entry]
  /// Last frame of any kind on the open connection (heartbeat baseline).
  private var lastMessageAt = MonotonicTime(nanoseconds: 0)
  /// When bytes of a message still arriving last came (`receiving`): data on its way, so the
  /// tables queued behind it are not silent.
  private var lastReceivingAt: MonotonicTime?
  /// When the unanswered heartbeat `ping` went out; any message answers it.
  private var pingOutstandingSince: MonotonicTime?
  /// The ping has gone unanswered for `config.silentAfter`: the state is `.silent` until the
  /// next frame.
  private var silent = false
  /// When the last `ping` went out, until its `pong` arrives (for the round trip).
  private var pingSentAt: MonotonicTime?
  /// Since when the state has been `.live` without a break.
  private var liveSince: MonotonicTime?
  /// The status the UI last received.
  private var lastEmitted: FeedStatus?
  /// The venue's REST limit being waited out, and the books whose snapshot waits for its end.
  /// It outlives a connection: a ban is the IP's, not the socket's.
  private var restLimit: RESTLimit?
  private var snapshotsHeld: [Subscription] = []
  /// When the open connection is replaced before the venue's lifetime ends it (nil: no lifetime).
  private var rolloverAt: MonotonicTime?
  /// The make-before-break replacement of the open connection while one is under way
  /// (`FeedConfig.replaceBeforeBreak`).
  private var replacement: Replacement?
  /// By when the replacement must have caught up: past it, the open connection is replaced by a
  /// plain reconnect before the venue ends it.
  private var replaceBy: MonotonicTime?
  /// Why the open connection is being replaced (its lifetime, or the venue's shutdown notice).
  private var replacingBecause = ""

  /// A machine that will connect to `url` for `symbol` once started, subscribing what `plan`
  /// says.
  ///
  /// - Parameter random: the source of backoff jitter; tests pass a seeded generator.
  public init(
    url: String,
    symbol: String,
    plan: SubscriptionPlan,
    config: FeedConfig = FeedConfig(),
    random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
  ) {
    self.url = url
    self.symbol = symbol
    self.plan = plan
    self.config = config
    self.random = random
    self.limiter = ConnectAttemptLimiter(limit: config.maxAttemptsPerWindow, window: config.attemptWindow)
    self.subscriptions = []
    self.subscriptions = makeSubscriptions(since: MonotonicTime(nanoseconds: 0))
  }

  // MARK: - Reading

  /// Whether a replacement connection is opening or open beside the open one (make-before-break).
  public var isReplacing: Bool {
    switch replacement {
    case .connecting?, .open?: true
    case .waiting?, nil: false
    }
  }

  /// The connection's state.
  public var state: ConnectionState {
    switch phase {
    case .idle: .idle
    case .connecting: .connecting
    case .open: openState
    case .waiting(let until, let wait):
      .reconnecting(attempt: attempt, nextTryAt: until, lastError: lastError, wait: wait)
    case .failed(let failure): .error(failure)
    case .ended(let why): .ended(why)
    case .stopped: .stopped
    }
  }

  /// The status as the UI sees it (without the I/O layer's traffic figures).
  public var status: FeedStatus {
    var nextRetryAt: MonotonicTime?
    if case .waiting(let until, _) = phase { nextRetryAt = until }
    return FeedStatus(
      state: state, symbol: symbol, attempt: attempt, reconnects: max(0, connectionsOpened - 1),
      nextRetryAt: nextRetryAt, lastError: lastError, pingRoundTrip: pingRoundTrip,
      connectionLimitUntil: limiter.fullUntil, unavailable: unavailable, restLimit: restLimit)
  }

  /// The subscriptions of the current symbol, in subscription order.
  public var topics: [Subscription] { subscriptions.map(\.topic) }

  /// The auxiliary channels given up on for now, with why (see `FeedConfig.auxiliaryChannels`).
  public var unavailable: [Subscription: String] {
    var found: [Subscription: String] = [:]
    // A watched ticker of the markets list degrades alone: its row stays on REST.
    for subscription in subscriptions where !subscription.isWatchedTicker {
      if let why = subscription.unavailable { found[subscription.topic] = why }
    }
    return found
  }

  /// Whether the venue acknowledged `topic` on the current connection.
  public func isAcknowledged(_ topic: Subscription) -> Bool {
    subscriptions.first { $0.topic == topic }?.acknowledged ?? false
  }

  /// When `topic` last received data (its snapshot or a later message) on the current connection.
  public func lastData(for topic: Subscription) -> MonotonicTime? {
    subscriptions.first { $0.topic == topic }?.lastDataAt
  }

  // MARK: - Inputs

  /// Starts the feed: the first connection attempt.
  public mutating func start(now: MonotonicTime) -> [ConnectionAction] {
    guard case .idle = phase else { return [] }
    var actions: [ConnectionAction] = []
    connect(now: now, into: &actions)
    return finish(actions, now: now)
  }

  /// The WebSocket upgrade succeeded: subscribe every topic, every table waits for its partial.
  /// The connection counts against the hourly budget (the exchange counts upgrades).
  public mutating func connected(now: MonotonicTime) -> [ConnectionAction] {
    guard case .connecting = phase else { return [] }
    phase = .open
    limiter.record(now)
    connectionsOpened += 1
    lastMessageAt = now
    lastReceivingAt = nil
    pingOutstandingSince = nil
    pingSentAt = nil
    silent = false
    subscriptions = makeSubscriptions(since: now)
    rolloverAt = config.connectionLifetime.map { now + ($0 - lifetimeMargin) }
    let topics = topics
    return finish([.resetTables(topics), .subscribe(topics)], now: now)
  }

  /// The connection attempt failed before the WebSocket opened: an HTTP status from the upgrade
  /// (with its `Retry-After` seconds) or, with `status` nil, a transport error.
  ///
  /// 401/403/404 stop in `.error` (retrying cannot fix them); 429 waits at least `retryAfter`;
  /// 502/503 are maintenance, retried with backoff; anything else is retried with backoff.
  public mutating func upgradeFailed(
    status: Int?, retryAfter: Double?, reason: String, now: MonotonicTime
  ) -> [ConnectionAction] {
    guard case .connecting = phase else { return [] }
    var words = reason
    if let status { words = reason.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(reason)" }
    switch status {
    case 401, 403, 404:
      lastError = words
      phase = .failed(FeedFailure(.refused(status: status ?? 0), words))
    case 429:
      scheduleRetry(now: now, error: words, wait: .rateLimited, retryAfter: retryAfter)
    case 502, 503:
      scheduleRetry(now: now, error: words, wait: .maintenance, retryAfter: retryAfter)
    default:
      scheduleRetry(now: now, error: words, wait: .backoff, retryAfter: retryAfter)
    }
    return finish([], now: now)
  }

  /// A frame arrived: a table message for `topic` (deltas; partials go to `partialReceived`), or,
  /// with `topic` nil, any other frame. The hot path: it returns actions only when the message
  /// reveals another table as stale, or ends a silence (LIVE again).
  public mutating func message(topic: Subscription? = nil, now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase else { return [] }
    let wasSilent = silent
    noteMessage(now)
    guard let topic, let index = subscriptions.firstIndex(where: { $0.topic == topic }) else {
      return wasSilent ? finish([], now: now) : []
    }
    subscriptions[index].lastDataAt = now
    // Data just flowed on `topic`, so a watched table silent past the limit is stale now.
    guard let limit = config.staleTableAfter,
      subscriptions.contains(where: { $0.isWatched && $0.awaiting == nil && $0.silent(for: limit, at: now) })
    else { return wasSilent ? finish([], now: now) : [] }
    var actions: [ConnectionAction] = []
    resubscribeStaleTables(now: now, into: &actions)
    return finish(actions, now: now)
  }

  /// Bytes of a message that is still arriving came in (a big partial over a slow link):
  /// the connection is alive, and a table waiting for its partial is making progress, so its
  /// partial timeout starts again. The timeout is for a server that stays silent, not for
  /// a 2 MB image taking a minute at 50 KB/s.
  public mutating func receiving(now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase else { return [] }
    noteMessage(now)
    lastReceivingAt = now
    for index in subscriptions.indices where subscriptions[index].awaiting != nil {
      subscriptions[index].awaitingSince = max(subscriptions[index].awaitingSince, now)
    }
    return finish([], now: now)
  }

  /// The text `pong` arrived: the heartbeat is answered and the round trip known.
  public mutating func pong(now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase else { return [] }
    noteMessage(now)
    if let sent = pingSentAt {
      pingRoundTrip = now - sent
      pingSentAt = nil
    }
    return finish([], now: now)
  }

  /// The server acknowledged the subscription to `topic`.
  public mutating func subscribed(_ topic: Subscription, now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase else { return [] }
    noteMessage(now)
    if let index = subscriptions.firstIndex(where: { $0.topic == topic }) {
      subscriptions[index].acknowledged = true
    }
    return finish([], now: now)
  }

  /// `topic`'s partial arrived: the table is complete (LIVE once every required table is). An
  /// auxiliary table given up on is available again.
  public mutating func partialReceived(_ topic: Subscription, now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase else { return [] }
    // Already complete: another image (or a venue's trades, each of which completes its stream)
    // changes nothing but the data's age, so it takes the hot path, not the status rebuild.
    if let entry = subscriptions.first(where: { $0.topic == topic }), entry.acknowledged,
      entry.awaiting == nil,
      entry.unavailable == nil
    {
      return message(topic: topic, now: now)
    }
    noteMessage(now)
    if let index = subscriptions.firstIndex(where: { $0.topic == topic }) {
      // A partial implies the subscription, whether or not its ack was seen.
      subscriptions[index].acknowledged = true
      subscriptions[index].awaiting = nil
      subscriptions[index].unavailable = nil
      subscriptions[index].lastDataAt = now
    }
    return finish([], now: now)
  }

  /// An error frame arrived, as the venue's wire read it. One refusing an auxiliary subscription
  /// (BitMEX's `Unknown table: liquidation`, or a failed subscription of that one alone) makes it
  /// unavailable, with the venue's words, and nothing else changes. Other fatal errors (unknown
  /// symbol, a required channel) close the connection and stop in `.error` with the venue's
  /// words; a rate limit closes and waits at least `retryAfter`; a duplicate subscription is
  /// harmless; anything else is only remembered as the last error.
  public mutating func serverError(_ error: VenueError, now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase else { return [] }
    noteMessage(now)
    if error.kind == .alreadySubscribed { return [] }
    var actions: [ConnectionAction] = []
    if error.kind != .rateLimited, let index = auxiliaryIndex(refusedBy: error) {
      subscriptions[index].unavailable = error.message
    } else if error.kind == .unknownSymbol || error.kind == .unknownChannel {
      actions.append(.close(code: 1000, reason: "server error"))
      lastError = error.message
      phase = .failed(
        FeedFailure(error.kind == .unknownSymbol ? .unknownSymbol : .unknownTable, error.message))
      leaveConnection()
    } else if error.kind == .rateLimited {
      actions.append(.close(code: 1000, reason: "rate limited"))
      scheduleRetry(now: now, error: error.message, wait: .rateLimited, retryAfter: error.retryAfter)
    } else {
      lastError = error.message
    }
    return finish(actions, now: now)
  }

  /// The connection closed (a close frame with its code, or a transport error with `code` nil) or
  /// the attempt under way failed at the transport level. Reconnects with backoff, unless the
  /// configuration says a server close ends the feed.
  public mutating func closed(code: Int?, reason: String, now: MonotonicTime) -> [ConnectionAction] {
    var words = reason.isEmpty ? "connection lost" : reason
    if let code { words = reason.isEmpty ? "closed (\(code))" : "closed (\(code)): \(reason)" }
    switch phase {
    case .connecting:
      scheduleRetry(now: now, error: words, wait: .backoff, retryAfter: nil)
    case .open where !config.reconnectAfterClose:
      lastError = words
      phase = .ended(words)
      leaveConnection()
    case .open:
      scheduleRetry(now: now, error: words, wait: .backoff, retryAfter: nil)
    default:
      return []
    }
    return finish([], now: now)
  }

  /// Time passed: connect timeout, the reconnect wait, heartbeat, partial timeout, stale tables,
  /// backoff reset. Call it at (or after) each `scheduleWake` time; extra calls are harmless.
  public mutating func tick(now: MonotonicTime) -> [ConnectionAction] {
    if let wake = pendingWake, now >= wake { pendingWake = nil }
    var actions: [ConnectionAction] = []
    if let limit = restLimit, now >= limit.until {
      // The wait is over: the books held back ask now, and their snapshot timeout starts again.
      restLimit = nil
      if case .open = phase {
        for book in snapshotsHeld {
          actions.append(.fetchSnapshot(book))
          if let index = subscriptions.firstIndex(where: { $0.topic == book }) {
            subscriptions[index].awaitingSince = now
          }
        }
      }
      // Not connected: the next connection resets its books and they ask again.
      snapshotsHeld.removeAll()
    }
    switch phase {
    case .connecting(let since) where now >= since + config.connectTimeout:
      actions.append(.close(code: 1000, reason: "connect timeout"))
      let error = "no connection within \(Self.format(config.connectTimeout)) s"
      scheduleRetry(now: now, error: error, wait: .backoff, retryAfter: nil)
    case .waiting(let until, _) where now >= until:
      connect(now: now, into: &actions)
    case .open:
      checkTimers(now: now, into: &actions)
    default:
      break
    }
    return finish(actions, now: now)
  }

  /// The book owner wants `book`'s REST snapshot (a bridge rule's): fetched at once, or, while a
  /// REST limit is waited out, when it ends (the book's snapshot timeout waits with it).
  public mutating func snapshotWanted(_ book: Subscription, now: MonotonicTime) -> [ConnectionAction] {
    guard let limit = restLimit, now < limit.until else { return [.fetchSnapshot(book)] }
    if !snapshotsHeld.contains(book) { snapshotsHeld.append(book) }
    return []
  }

  /// The venue's REST answered a snapshot with a limit (429, 418), or its weight count is near the
  /// minute's limit (`refused` nil: that snapshot came): no snapshot is asked for `retryAfter`
  /// seconds (a minute when not said, at most `maxRetryAfter`); `refused` is asked again then.
  public mutating func restLimited(
    _ kind: RESTLimit.Kind, retryAfter: Double?, venue: String, refused: Subscription?, now: MonotonicTime
  ) -> [ConnectionAction] {
    if case .stopped = phase { return [] }
    var wait = retryAfter.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 60
    wait = min(wait, config.maxRetryAfter)
    let until = max(now + wait, restLimit?.until ?? now)
    restLimit = RESTLimit(kind, venue: venue, until: until)
    if let refused, !snapshotsHeld.contains(refused) { snapshotsHeld.append(refused) }
    return finish([], now: now)
  }

  /// The book owner found `topic`'s book inconsistent: unsubscribe and subscribe it again for a
  /// fresh partial (RESYNCING until it comes). Ignored when not connected (the next connection
  /// resubscribes anyway) or when the table already waits for a partial.
  public mutating func resync(_ topic: Subscription, now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase,
      let index = subscriptions.firstIndex(where: { $0.topic == topic }),
      subscriptions[index].awaiting == nil
    else { return [] }
    subscriptions[index].awaiting = .resync
    subscriptions[index].awaitingSince = now
    let actions: [ConnectionAction] = [.unsubscribe([topic]), .subscribe([topic])]
    return finish(actions, now: now)
  }

  /// Follow `newSymbol` instead. On an open connection the old symbol's topics are unsubscribed
  /// and the new symbol's subscribed (SYNCING until their partials); a topic both share (the
  /// all-symbols `instrument` table) stays subscribed as it is, keeping its partial. Otherwise the
  /// next connection subscribes the new ones. After an error (such as an unknown symbol) the new
  /// symbol gets a fresh attempt.
  public mutating func switchSymbol(to newSymbol: String, now: MonotonicTime) -> [ConnectionAction] {
    guard newSymbol != symbol else { return [] }
    if case .stopped = phase { return [] }
    let old = subscriptions
    symbol = newSymbol
    subscriptions = makeSubscriptions(since: now).map { $0.keeping(old) }
    var actions: [ConnectionAction] = []
    switch phase {
    case .open:
      let kept = Set(old.map(\.topic)).intersection(topics)
      let leaving = old.map(\.topic).filter { !kept.contains($0) }
      let arriving = topics.filter { !kept.contains($0) }
      if !leaving.isEmpty { actions.append(.unsubscribe(leaving)) }
      actions.append(.resetTables(arriving))
      actions.append(.subscribe(arriving))
      restartReplacement(now: now, into: &actions)
    case .failed:
      connect(now: now, into: &actions)
    default:
      break
    }
    return finish(actions, now: now)
  }

  /// Watch `watch`'s tickers live beside the plan's channels (the markets list opened, or its
  /// rows changed), or none (`TickerWatch()`: the list closed). On an open connection the
  /// tickers no longer watched are unsubscribed and the new ones subscribed; the plan's own
  /// subscriptions (the book, the followed symbol's ticker) are not touched. Otherwise the next
  /// connection subscribes them with the rest.
  public mutating func watchTickers(_ watch: TickerWatch, now: MonotonicTime) -> [ConnectionAction] {
    guard watch != tickerWatch else { return [] }
    if case .stopped = phase { return [] }
    let old = subscriptions
    tickerWatch = watch
    // Every subscription that stays keeps its bookkeeping (the book its partial).
    subscriptions = makeSubscriptions(since: now).map { $0.keeping(old) }
    guard case .open = phase else { return finish([], now: now) }
    let before = Set(old.map(\.topic))
    let after = Set(topics)
    let leaving = old.map(\.topic).filter { !after.contains($0) }
    let arriving = topics.filter { !before.contains($0) }
    var actions: [ConnectionAction] = []
    if !leaving.isEmpty { actions.append(.unsubscribe(leaving)) }
    if !arriving.isEmpty { actions.append(.subscribe(arriving)) }
    restartReplacement(now: now, into: &actions)
    return finish(actions, now: now)
  }

  /// The venue said it will close the connection soon (Binance's `serverShutdown`): replace it
  /// now, make-before-break as at the end of its lifetime, within half the lifetime margin.
  public mutating func shutdownNotice(now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase, replaceBy == nil else { return [] }
    var actions: [ConnectionAction] = []
    replace(because: "server shutdown notice", now: now, into: &actions)
    return finish(actions, now: now)
  }

  /// The replacement connection (`connectReplacement`) is open: its frames are held until it
  /// catches up.
  public mutating func replacementConnected(now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase, case .connecting? = replacement else { return [] }
    replacement = .open
    // The venue counts every upgrade against the budget, a replacement's too.
    limiter.record(now)
    return finish([], now: now)
  }

  /// The replacement connection failed to open or closed before it caught up: it is tried
  /// again shortly, until the open connection must be replaced anyway.
  public mutating func replacementLost(reason: String, now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase, isReplacing else { return [] }
    replacement = .waiting(until: now + config.backoffBase)
    return finish([], now: now)
  }

  /// The replacement's held frames continue the open connection's streams (the I/O layer's
  /// `ConnectionSplice` says so): switch to it. The tables keep their partials and the status
  /// stays as it is: nothing on screen is reset.
  public mutating func replacementCaughtUp(now: MonotonicTime) -> [ConnectionAction] {
    guard case .open = phase, case .open? = replacement else { return [] }
    replacement = nil
    replaceBy = nil
    connectionsOpened += 1
    lastMessageAt = now
    lastReceivingAt = nil
    pingOutstandingSince = nil
    pingSentAt = nil
    pingRoundTrip = nil
    silent = false
    rolloverAt = config.connectionLifetime.map { now + ($0 - lifetimeMargin) }
    return finish([.switchToReplacement], now: now)
  }

  /// The user asked to reconnect: skip any backoff wait (the hourly budget still applies). An open
  /// connection is closed and replaced; after an error or the end of a replay, a fresh attempt.
  /// With the budget spent, an open connection is kept (closing it would leave nothing until a
  /// slot frees) and a wait goes on as it was: `status.connectionLimitUntil` says until when.
  public mutating func reconnectNow(now: MonotonicTime) -> [ConnectionAction] {
    var actions: [ConnectionAction] = []
    switch phase {
    case .connecting, .stopped:
      return []
    case .open where !limiter.allows(at: now):
      return []
    case .open:
      actions.append(.close(code: 1000, reason: "reconnect"))
      leaveConnection()
      connect(now: now, into: &actions)
    case .idle, .waiting, .failed, .ended:
      connect(now: now, into: &actions)
    }
    return finish(actions, now: now)
  }

  /// Stop for good: close any connection (1000) and ignore every later input.
  public mutating func stop(now: MonotonicTime) -> [ConnectionAction] {
    var actions: [ConnectionAction] = []
    switch phase {
    case .stopped:
      return []
    case .connecting, .open:
      actions.append(.close(code: 1000, reason: "stopped"))
    case .idle, .waiting, .failed, .ended:
      break
    }
    phase = .stopped
    leaveConnection()
    return finish(actions, now: now)
  }

  // MARK: - Internals

  /// The machine's own view of the connection; `state` adds the per-table detail.
  private enum Phase: Sendable {
    case idle
    case connecting(since: MonotonicTime)
    case open
    case waiting(until: MonotonicTime, wait: ConnectionState.Wait)
    case failed(FeedFailure)
    case ended(String)
    case stopped
  }

  /// Where the make-before-break replacement stands.
  private enum Replacement: Sendable {
    /// `connectReplacement` is under way.
    case connecting
    /// Open, its frames held until they continue the open connection's.
    case open
    /// It failed; tried again at `until`.
    case waiting(until: MonotonicTime)
  }

  /// Why a table waits for a partial.
  private enum Awaiting: Sendable {
    /// The first partial on this connection or symbol.
    case initial
    /// A resync requested by the book owner.
    case resync
    /// Resubscribed because it went silent.
    case stale
  }

  /// One subscription's bookkeeping on the open connection.
  private struct Entry: Sendable {
    var topic: Subscription
    /// Whether the stale watchdog watches this table.
    var isWatched: Bool
    /// Whether the feed needs the table (book, trades) or can go on without it (auxiliary).
    var isRequired: Bool
    /// Whether it is one of the markets list's tickers (`tickerWatch`), not the plan's.
    var isWatchedTicker = false
    /// Why an auxiliary table is given up on (refused, or its partial never came), else nil.
    var unavailable: String?
    var acknowledged = false
    /// Why the table waits for a partial, or nil when it has one.
    var awaiting: Awaiting? = .initial
    /// When the table started waiting for its partial, or last saw bytes of a message still
    /// arriving (see `receiving(now:)`).
    var awaitingSince: MonotonicTime
    var lastDataAt: MonotonicTime?

    /// This fresh entry with the bookkeeping of its topic's in `old`, if any: a topic kept across
    /// a change keeps its partial and acknowledgement, and takes its new role (a watched ticker
    /// that became the followed symbol's is the plan's now, and the other way round).
    func keeping(_ old: [Entry]) -> Entry {
      guard var kept = old.first(where: { $0.topic == topic }) else { return self }
      (kept.isWatched, kept.isRequired, kept.isWatchedTicker) = (isWatched, isRequired, isWatchedTicker)
      return kept
    }

    /// Whether the table has had no data for at least `limit` seconds at `now`.
    func silent(for limit: Double, at now: MonotonicTime) -> Bool {
      guard let lastDataAt else { return false }
      return now >= lastDataAt + limit
    }
  }

  /// The connected states: silent while the heartbeat goes unanswered; else, from the tables'
  /// progress, any required table still waiting for its first partial → syncing; else
  /// resyncing, stale or live. An auxiliary table waiting for its first partial, or given up
  /// on, holds nothing back.
  private var openState: ConnectionState {
    if silent { return .silent(since: lastMessageAt) }
    var resyncing: [Subscription] = []
    var stale: [Subscription] = []
    for subscription in subscriptions where subscription.unavailable == nil {
      switch subscription.awaiting {
      case .initial: if subscription.isRequired { return .syncing }
      case .resync: resyncing.append(subscription.topic)
      case .stale: stale.append(subscription.topic)
      case nil: break
      }
    }
    if !resyncing.isEmpty { return .resyncing(resyncing) }
    if !stale.isEmpty { return .stale(stale) }
    return .live
  }

  /// Fresh bookkeeping for the current symbol's subscriptions.
  private func makeSubscriptions(since now: MonotonicTime) -> [Entry] {
    let planned = plan.subscriptions(symbol: symbol)
    return planned.map {
      let required = !config.auxiliaryChannels.contains($0.channel)
      return Entry(
        topic: $0, isWatched: config.staleWatchedChannels.contains($0.channel), isRequired: required,
        // A channel without an image is whole from its subscription.
        awaiting: !required && config.imagelessChannels.contains($0.channel) ? nil : .initial,
        awaitingSince: now)
    }
      + tickerWatch.subscriptions(besides: planned).map {
        Entry(topic: $0, isWatched: false, isRequired: false, isWatchedTicker: true, awaitingSince: now)
      }
  }

  /// The auxiliary subscription an error refuses: the one the venue's wire read from it (a
  /// refused channel of every symbol matches whichever symbol it was asked for). A refusal
  /// naming no symbol falls on one still without data before one whose data flows: with the
  /// markets list's tickers watched, it refuses one of theirs, not the header's live ticker.
  private func auxiliaryIndex(refusedBy error: VenueError) -> Int? {
    guard let refused = error.refused else { return nil }
    func matches(_ entry: Entry) -> Bool {
      entry.topic == refused || (entry.topic.channel == refused.channel && refused.symbol == nil)
    }
    guard
      let index = subscriptions.firstIndex(where: { matches($0) && $0.lastDataAt == nil })
        ?? subscriptions.firstIndex(where: matches),
      !subscriptions[index].isRequired
    else { return nil }
    return index
  }

  /// Whether `topic`'s snapshot waits for a REST limit to end (its timeout waits with it).
  private func isHeld(_ topic: Subscription) -> Bool {
    restLimit != nil && snapshotsHeld.contains(topic)
  }

  /// Any frame is a sign of life, answers an outstanding ping and ends a silence.
  private mutating func noteMessage(_ now: MonotonicTime) {
    lastMessageAt = now
    pingOutstandingSince = nil
    silent = false
  }

  /// Forgets the connection's heartbeat state (the tables are reset on the next `connected`).
  private mutating func leaveConnection() {
    rolloverAt = nil
    replaceBy = nil
    silent = false
    pingOutstandingSince = nil
    pingSentAt = nil
    pingRoundTrip = nil
  }

  /// Whether a connection is open (any table state).
  private var isOpen: Bool {
    if case .open = phase { return true }
    return false
  }

  /// A replacement under way was opened for the old subscriptions: it is closed and opened
  /// again for the new ones.
  private mutating func restartReplacement(now: MonotonicTime, into actions: inout [ConnectionAction]) {
    guard isReplacing else { return }
    actions.append(.closeReplacement(reason: "subscriptions changed"))
    replacement = .waiting(until: now)
  }

  /// The margin before a lifetime's end at which a connection is replaced: ten minutes, or a
  /// tenth of a short lifetime.
  private var lifetimeMargin: Double {
    guard let lifetime = config.connectionLifetime else { return config.lifetimeMargin }
    return min(config.lifetimeMargin, lifetime / 10)
  }

  /// Replaces the open connection before the venue ends it: make-before-break when the I/O
  /// layer can and the feed is LIVE (there is something on screen to keep), a replacement opened
  /// beside it that has half the margin to catch up; otherwise a plain reconnect.
  private mutating func replace(
    because why: String, now: MonotonicTime, into actions: inout [ConnectionAction]
  ) {
    rolloverAt = nil
    replacingBecause = why
    guard config.replaceBeforeBreak, case .live = state else {
      reconnect(because: why, now: now, into: &actions)
      return
    }
    replaceBy = now + lifetimeMargin / 2
    replacement = .connecting
    actions.append(.connectReplacement(url: url))
  }

  /// Closes the open connection and connects again at once: no failure, no backoff.
  private mutating func reconnect(
    because why: String, now: MonotonicTime, into actions: inout [ConnectionAction]
  ) {
    actions.append(.close(code: 1000, reason: why))
    leaveConnection()
    connect(now: now, into: &actions)
  }

  /// Opens a connection if the hourly budget allows, else waits for the next free slot (and
  /// says that the budget is what it waits for). The budget is spent by `connected`, not here.
  private mutating func connect(now: MonotonicTime, into actions: inout [ConnectionAction]) {
    let allowed = limiter.earliestAttempt(notBefore: now)
    guard allowed <= now else {
      phase = .waiting(until: allowed, wait: .hourlyLimit)
      return
    }
    phase = .connecting(since: now)
    actions.append(.connect(url: url))
  }

  /// Records a failure and schedules the next attempt: backoff, stretched to the server's
  /// `retryAfter` and to the hourly budget when those are longer.
  private mutating func scheduleRetry(
    now: MonotonicTime, error: String, wait: ConnectionState.Wait, retryAfter: Double?
  ) {
    // A failure right after a long LIVE spell starts the backoff over even if no tick came.
    if let since = liveSince, now >= since + config.backoffResetAfter { attempt = 0 }
    var delay = config.backoff.delay(retry: attempt, using: &random)
    attempt += 1
    if let retryAfter, retryAfter.isFinite {
      delay = max(delay, min(retryAfter, config.maxRetryAfter))
    }
    var until = now + delay
    var wait = wait
    let allowed = limiter.earliestAttempt(notBefore: until)
    if allowed > until {
      until = allowed
      wait = .hourlyLimit
    }
    lastError = error
    phase = .waiting(until: until, wait: wait)
    leaveConnection()
  }

  /// The open connection's timers: lifetime, heartbeat, partial timeout, stale tables.
  private mutating func checkTimers(now: MonotonicTime, into actions: inout [ConnectionAction]) {
    if let by = replaceBy, now >= by {
      // The replacement did not catch up in time: replace the connection the plain way before
      // the venue ends it.
      if isReplacing { actions.append(.closeReplacement(reason: "not caught up")) }
      replacement = nil
      replaceBy = nil
      reconnect(because: replacingBecause, now: now, into: &actions)
      return
    }
    if case .waiting(let until)? = replacement, now >= until {
      let allowed = limiter.earliestAttempt(notBefore: now)
      if allowed > now {
        replacement = .waiting(until: allowed)
      } else {
        replacement = .connecting
        actions.append(.connectReplacement(url: url))
      }
    }
    if let at = rolloverAt, now >= at {
      // The venue would end the connection soon: replace it now (no failure, no backoff),
      // unless the hourly budget is spent: then when a slot frees.
      let allowed = limiter.earliestAttempt(notBefore: now)
      if allowed > now {
        rolloverAt = allowed
      } else {
        replace(because: "connection lifetime", now: now, into: &actions)
        if case .connecting = phase { return }
      }
    }
    if let since = pingOutstandingSince {
      if now >= since + config.pongTimeout {
        actions.append(.close(code: 1000, reason: "no pong"))
        let error = "no pong within \(Self.format(config.pongTimeout)) s"
        scheduleRetry(now: now, error: error, wait: .backoff, retryAfter: nil)
        return
      }
      if now >= since + config.silentAfter { silent = true }
    } else if now >= lastMessageAt + config.heartbeatIdle {
      actions.append(.ping)
      pingOutstandingSince = now
      pingSentAt = now
    }
    if let limit = config.auxiliaryPartialTimeout {
      for index in subscriptions.indices {
        let subscription = subscriptions[index]
        guard !subscription.isRequired, subscription.awaiting != nil, subscription.unavailable == nil,
          now >= subscription.awaitingSince + limit
        else { continue }
        subscriptions[index].unavailable = "no partial within \(Self.format(limit)) s"
      }
    }
    if let limit = config.partialTimeout,
      let late = subscriptions.first(where: {
        $0.isRequired && $0.awaiting != nil && now >= $0.awaitingSince + limit && !isHeld($0.topic)
      })
    {
      actions.append(.close(code: 1000, reason: "no partial"))
      let error =
        "no \(late.topic.channel) snapshot for \(late.topic.symbol?.description ?? "every symbol") within \(Self.format(limit)) s"
      scheduleRetry(now: now, error: error, wait: .backoff, retryAfter: nil)
      return
    }
    resubscribeStaleTables(now: now, into: &actions)
  }

  /// Resubscribes every watched table that has been silent for `staleTableAfter` while another
  /// table had data within that time; and when no table at all has had data for that long (a
  /// server that answers pings and sends nothing else), every table that holds a partial: the
  /// pongs say the connection is up, not that the data is current.
  private mutating func resubscribeStaleTables(now: MonotonicTime, into actions: inout [ConnectionAction]) {
    guard let limit = config.staleTableAfter else { return }
    let flowing = subscriptions.contains { $0.lastDataAt.map { now < $0 + limit } ?? false }
    // A big message arriving slowly holds back every frame behind it: that is not silence.
    if !flowing, let bytes = lastReceivingAt, now < bytes + limit { return }
    var stale: [Subscription] = []
    for index in subscriptions.indices {
      let subscription = subscriptions[index]
      guard flowing ? subscription.isWatched : true, subscription.awaiting == nil,
        subscription.unavailable == nil, subscription.silent(for: limit, at: now)
      else { continue }
      subscriptions[index].awaiting = .stale
      subscriptions[index].awaitingSince = now
      stale.append(subscription.topic)
    }
    guard !stale.isEmpty else { return }
    actions.append(.unsubscribe(stale))
    actions.append(.resetTables(stale))
    actions.append(.subscribe(stale))
  }

  /// The earliest time something is due, given that everything due at `now` was handled.
  private func nextDeadline(now: MonotonicTime) -> MonotonicTime? {
    let connection = connectionDeadline(now: now)
    guard let limit = restLimit?.until else { return connection }
    return connection.map { min($0, limit) } ?? limit
  }

  /// The earliest time something of the connection is due.
  private func connectionDeadline(now: MonotonicTime) -> MonotonicTime? {
    switch phase {
    case .connecting(let since):
      return since + config.connectTimeout
    case .waiting(let until, _):
      return until
    case .open:
      var next = lastMessageAt + config.heartbeatIdle
      if let at = rolloverAt { next = min(next, at) }
      if let by = replaceBy { next = min(next, by) }
      if case .waiting(let until)? = replacement { next = min(next, until) }
      if let since = pingOutstandingSince {
        next = since + config.pongTimeout
        if !silent { next = min(next, since + config.silentAfter) }
      }
      for subscription in subscriptions {
        if subscription.awaiting != nil {
          let limit = subscription.isRequired ? config.partialTimeout : config.auxiliaryPartialTimeout
          if let limit, subscription.unavailable == nil, !isHeld(subscription.topic) {
            next = min(next, subscription.awaitingSince + limit)
          }
        } else if subscription.isWatched, let limit = config.staleTableAfter,
          let last = subscription.lastDataAt, last + limit > now
        {
          next = min(next, last + limit)
        }
      }
      // When every table has been silent that long, each that holds a partial is stale.
      if let limit = config.staleTableAfter,
        subscriptions.contains(where: { $0.awaiting == nil && $0.unavailable == nil })
      {
        var newest = lastReceivingAt
        for subscription in subscriptions {
          if let last = subscription.lastDataAt, newest.map({ last > $0 }) ?? true { newest = last }
        }
        if let newest, newest + limit > now { next = min(next, newest + limit) }
      }
      if attempt > 0, let since = liveSince { next = min(next, since + config.backoffResetAfter) }
      return next
    case .idle, .failed, .ended, .stopped:
      return nil
    }
  }

  /// Ends every input: LIVE bookkeeping, then the status (if it changed), then a wake (if one is
  /// needed earlier than the pending one).
  private mutating func finish(_ actions: [ConnectionAction], now: MonotonicTime) -> [ConnectionAction] {
    var actions = actions
    if replacement != nil, !isOpen {
      // The connection it was to replace is gone (closed, stopped, reconnected): so is it.
      if isReplacing { actions.insert(.closeReplacement(reason: "connection gone"), at: 0) }
      replacement = nil
      replaceBy = nil
    }
    if case .live = state {
      if liveSince == nil {
        liveSince = now
        lastError = nil
      }
      if attempt > 0, let since = liveSince, now >= since + config.backoffResetAfter { attempt = 0 }
    } else {
      liveSince = nil
    }
    let status = status
    if status != lastEmitted {
      lastEmitted = status
      actions.append(.emit(status))
    }
    if let next = nextDeadline(now: now), pendingWake.map({ next < $0 }) ?? true {
      pendingWake = next
      actions.append(.scheduleWake(at: next))
    }
    return actions
  }

  /// Seconds for a message: `5` rather than `5.0`.
  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
  }
}
