import BitMEX
import MarketModel
import TestSupport
import Testing

@testable import Session

// Every test drives the machine with times made up by hand (seconds as literals). The default
// generator is `FixedRandom` (jitter fraction 0.5), so retry n waits exactly half its window:
// 0.25 s, 0.5 s, 1 s, 2 s, … 15 s.

private let url = "wss://ws.bitmex.com/realtime"
private let book = Subscription(.book, "XBTUSD", depth: 25)
private let trade = Subscription(.trades, "XBTUSD")
private let instrument = Subscription(.ticker)
private let liquidation = Subscription(.liquidations)
private let xbt = [book, trade, instrument, liquidation]
private let plan = BitMEXWire.plan(book: .top25)
private let eth = plan.subscriptions(symbol: "ETHUSD")

/// An error frame as BitMEX's wire reads it (the machine reads no venue's words).
private func venue(_ error: ServerError) -> VenueError { BitMEXWire.venueError(error) }

/// A status as the machine emits it (no traffic figures).
private func status(
  _ state: ConnectionState, symbol: String = "XBTUSD", attempt: Int = 0, reconnects: Int = 0,
  lastError: String? = nil, rtt: Double? = nil
) -> FeedStatus {
  var nextRetryAt: MonotonicTime?
  if case .reconnecting(_, let at, _, _) = state { nextRetryAt = at }
  return FeedStatus(
    state: state, symbol: symbol, attempt: attempt, reconnects: reconnects, nextRetryAt: nextRetryAt,
    lastError: lastError, pingRoundTrip: rtt)
}

/// The status of a machine waiting to reconnect.
private func reconnecting(
  _ attempt: Int, at: MonotonicTime, _ error: String, _ wait: ConnectionState.Wait = .backoff,
  symbol: String = "XBTUSD"
) -> FeedStatus {
  status(
    .reconnecting(attempt: attempt, nextTryAt: at, lastError: error, wait: wait), symbol: symbol,
    attempt: attempt, lastError: error)
}

private func machine(
  config: FeedConfig = FeedConfig(), random: some RandomNumberGenerator & Sendable = FixedRandom()
) -> ConnectionMachine {
  ConnectionMachine(url: url, symbol: "XBTUSD", plan: plan, config: config, random: random)
}

/// A machine made LIVE: started at 0, connected at 1, every partial at 2.5. Its pending wake is
/// at 6 (the heartbeat as of the connection).
private func liveMachine(config: FeedConfig = FeedConfig()) -> ConnectionMachine {
  var machine = machine(config: config)
  _ = machine.start(now: 0)
  _ = machine.connected(now: 1)
  for topic in xbt { _ = machine.partialReceived(topic, now: 2.5) }
  #expect(machine.state == .live)
  #expect(machine.pendingWake == 6)
  return machine
}

/// A configuration whose heartbeat and watchdogs stay out of the way of a long test.
private func quietConfig() -> FeedConfig {
  var config = FeedConfig()
  config.heartbeatIdle = 100
  config.pongTimeout = 100
  config.staleTableAfter = nil
  config.partialTimeout = nil
  return config
}

@Suite struct ConnectionMachineTests {
  // MARK: Connecting, syncing, live

  @Test func startConnectsOnce() {
    var machine = machine()
    #expect(machine.state == .idle)
    #expect(machine.start(now: 0) == [.connect(url: url), .emit(status(.connecting)), .scheduleWake(at: 10)])
    #expect(machine.start(now: 1) == [])
    #expect(machine.state == .connecting)
  }

  @Test func connectedSubscribesResetsTablesAndSyncs() {
    var machine = machine()
    _ = machine.start(now: 0)
    #expect(
      machine.connected(now: 1) == [
        .resetTables(xbt), .subscribe(xbt), .emit(status(.syncing)), .scheduleWake(at: 6),
      ])
    #expect(machine.topics == xbt)
  }

  /// LIVE once the required tables (book, trades) have their partial: the auxiliary ones
  /// (instrument, liquidations) hold nothing back.
  @Test func livesOnceEveryRequiredTableHasItsPartial() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    #expect(machine.subscribed(book, now: 1.5) == [])
    #expect(machine.isAcknowledged(book))
    #expect(!machine.isAcknowledged(trade))
    #expect(machine.partialReceived(book, now: 2) == [])
    #expect(machine.partialReceived(instrument, now: 2.05) == [])
    #expect(machine.partialReceived(Subscription(.trades, "ETHUSD"), now: 2.1) == [])
    #expect(machine.state == .syncing)
    #expect(machine.partialReceived(trade, now: 2.25) == [.emit(status(.live))])
    #expect(machine.partialReceived(liquidation, now: 2.5) == [])
    #expect(machine.isAcknowledged(instrument))
    #expect(machine.lastData(for: trade) == 2.25)
  }

  @Test func connectTimeoutAbandonsTheAttemptAndBacksOff() {
    var machine = machine()
    _ = machine.start(now: 0)
    #expect(machine.tick(now: 9.5) == [])
    #expect(
      machine.tick(now: 10) == [
        .close(code: 1000, reason: "connect timeout"),
        .emit(reconnecting(1, at: 10.25, "no connection within 10 s")), .scheduleWake(at: 10.25),
      ])
    // The abandoned attempt can no longer report success.
    #expect(machine.connected(now: 10.1) == [])
    #expect(
      machine.tick(now: 10.25) == [
        .connect(url: url), .emit(status(.connecting, attempt: 1, lastError: "no connection within 10 s")),
        .scheduleWake(at: 20.25),
      ])
  }

  // MARK: Heartbeat

  @Test func pingAfterFiveQuietSecondsThenReconnectWithoutPong() {
    var machine = liveMachine()
    #expect(machine.tick(now: 6) == [.scheduleWake(at: 7.5)])
    #expect(machine.tick(now: 7.4) == [])
    #expect(machine.tick(now: 7.5) == [.ping, .scheduleWake(at: 8.5)])
    #expect(machine.tick(now: 8.5) == [.emit(status(.silent(since: 2.5))), .scheduleWake(at: 12.5)])
    #expect(machine.tick(now: 12.4) == [])
    #expect(
      machine.tick(now: 12.5) == [
        .close(code: 1000, reason: "no pong"), .emit(reconnecting(1, at: 12.75, "no pong within 5 s")),
        .scheduleWake(at: 12.75),
      ])
    // Our own close needs no report; a late one changes nothing.
    #expect(machine.closed(code: 1006, reason: "", now: 12.6) == [])
    #expect(
      machine.tick(now: 12.75) == [
        .connect(url: url), .emit(status(.connecting, attempt: 1, lastError: "no pong within 5 s")),
        .scheduleWake(at: 22.75),
      ])
  }

  @Test func pongAnswersThePingAndGivesTheRoundTrip() {
    var machine = liveMachine()
    _ = machine.tick(now: 6)
    #expect(machine.tick(now: 7.5) == [.ping, .scheduleWake(at: 8.5)])
    #expect(machine.pong(now: 7.75) == [.emit(status(.live, rtt: 0.25))])
    // A pong within `silentAfter` never shows STALE.
    #expect(machine.tick(now: 8.5) == [.scheduleWake(at: 12.75)])
    #expect(machine.state == .live)
    #expect(machine.tick(now: 12.75) == [.ping, .scheduleWake(at: 13.75)])
  }

  /// Issue 11: a stalled server (no data, no pong) left the badge green LIVE for ~10 s. The ping
  /// unanswered for `silentAfter` (1 s; a pong takes milliseconds) makes the state STALE, with
  /// the time of the last frame, long before the pong timeout reconnects.
  @Test func aStalledServerIsShownStaleBeforeThePongTimeout() {
    var machine = liveMachine()
    _ = machine.tick(now: 6)
    _ = machine.tick(now: 7.5)
    #expect(machine.tick(now: 8.4) == [])
    #expect(machine.state == .live)
    #expect(machine.tick(now: 8.5) == [.emit(status(.silent(since: 2.5))), .scheduleWake(at: 12.5)])
    #expect(machine.state.label == "STALE")
    #expect(machine.state.isConnected)
    // Nothing more to say until the pong deadline.
    #expect(machine.tick(now: 10) == [])
    #expect(machine.tick(now: 12.5).first == .close(code: 1000, reason: "no pong"))
  }

  /// Any frame ends the silence: a late pong (with its round trip), a table message, or any
  /// other frame.
  @Test(arguments: ["pong", "book", "frame"])
  func theNextFrameEndsTheSilence(frame: String) {
    var machine = liveMachine()
    _ = machine.tick(now: 6)
    _ = machine.tick(now: 7.5)
    _ = machine.tick(now: 8.5)
    #expect(machine.state == .silent(since: 2.5))
    let actions: [ConnectionAction]
    switch frame {
    case "pong": actions = machine.pong(now: 9.5)
    case "book": actions = machine.message(topic: book, now: 9.5)
    default: actions = machine.message(now: 9.5)
    }
    #expect(actions.first == .emit(status(.live, rtt: frame == "pong" ? 2 : nil)))
    #expect(machine.state == .live)
    // The next silence is timed from this frame.
    #expect(machine.tick(now: 12.5) == [.scheduleWake(at: 14.5)])
    #expect(machine.tick(now: 14.5) == [.ping, .scheduleWake(at: 15.5)])
  }

  /// A table that waits for its partial is silent too when nothing at all arrives: STALE says
  /// more than SYNCING. A partial arriving slowly (`receiving`) is not silence.
  @Test func silenceShowsWhileSyncingButNotWhileAPartialArrives() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    _ = machine.tick(now: 6)
    #expect(machine.tick(now: 7).first == .emit(status(.silent(since: 1))))
    #expect(machine.receiving(now: 7.5).first == .emit(status(.syncing)))
    _ = machine.tick(now: 12.5)
    #expect(machine.state == .syncing)
  }

  @Test func anyMessageAnswersThePing() {
    var machine = liveMachine()
    _ = machine.tick(now: 6)
    _ = machine.tick(now: 7.5)
    #expect(machine.message(now: 9) == [])
    #expect(machine.tick(now: 12.5) == [.scheduleWake(at: 14)])
    #expect(machine.state == .live)
  }

  @Test func steadyDataNeverPings() {
    var machine = liveMachine()
    var actions: [ConnectionAction] = []
    for step in 0..<200 {
      let now = MonotonicTime(seconds: 3 + Double(step) * 0.25)
      actions += machine.message(topic: xbt[step % 3], now: now)
      if let wake = machine.pendingWake, wake <= now { actions += machine.tick(now: now) }
    }
    #expect(!actions.contains(.ping))
    #expect(actions.allSatisfy { if case .scheduleWake = $0 { true } else { false } })
  }

  // MARK: Backoff

  @Test(arguments: [1, 42, 0xDEAD_BEEF] as [UInt64])
  func backoffStaysInsideItsWindow(seed: UInt64) {
    var machine = machine(random: SimRandom(seed: seed))
    var mirror = SimRandom(seed: seed)
    var now: MonotonicTime = 0
    _ = machine.start(now: now)
    for retry in 0..<14 {
      now = now + 1
      _ = machine.upgradeFailed(status: nil, retryAfter: nil, reason: "Connection refused", now: now)
      guard case .reconnecting(let attempt, let next, let error, let wait) = machine.state else {
        Issue.record("not reconnecting after failure \(retry): \(machine.state)")
        return
      }
      #expect(attempt == retry + 1)
      #expect(error == "Connection refused")
      #expect(wait == .backoff)
      let delay = next - now
      #expect(delay >= 0)
      #expect(delay <= min(30, 0.5 * Double(1 << retry)))
      #expect(abs(delay - Backoff().delay(retry: retry, using: &mirror)) < 1e-6)
      #expect(machine.tick(now: next).first == .connect(url: url))
      now = next
    }
  }

  /// Three failures (retries wait 0.25, 0.5, 1 s), then a connection that is LIVE from 4.
  private func liveAfterThreeFailures() -> ConnectionMachine {
    var machine = machine(config: quietConfig())
    _ = machine.start(now: 0)
    for (failure, retryAt) in [(0.0, 0.25), (0.25, 0.75), (0.75, 1.75)] as [(MonotonicTime, MonotonicTime)] {
      _ = machine.upgradeFailed(status: nil, retryAfter: nil, reason: "refused", now: failure)
      #expect(machine.status.nextRetryAt == retryAt)
      _ = machine.tick(now: retryAt)
    }
    _ = machine.connected(now: 2)
    for topic in xbt { _ = machine.partialReceived(topic, now: 4) }
    #expect(machine.state == .live)
    #expect(machine.attempt == 3)
    return machine
  }

  @Test func backoffResetsAfterSixtySecondsLive() {
    var machine = liveAfterThreeFailures()
    #expect(machine.tick(now: 11.75) == [.scheduleWake(at: 64)])
    #expect(machine.tick(now: 63.9) == [])
    #expect(machine.attempt == 3)
    #expect(machine.tick(now: 64) == [.emit(status(.live)), .scheduleWake(at: 104)])
    #expect(
      machine.closed(code: 1006, reason: "", now: 70) == [
        .emit(reconnecting(1, at: 70.25, "closed (1006)")), .scheduleWake(at: 70.25),
      ])
  }

  @Test func backoffResetsAtTheFailureEvenWithoutATick() {
    var machine = liveAfterThreeFailures()
    _ = machine.closed(code: nil, reason: "Connection reset by peer", now: 64)
    #expect(
      machine.state
        == .reconnecting(attempt: 1, nextTryAt: 64.25, lastError: "Connection reset by peer", wait: .backoff))
  }

  @Test func backoffKeepsGrowingWhenLiveWasShort() {
    var machine = liveAfterThreeFailures()
    _ = machine.closed(code: 1001, reason: "going away", now: 63)
    #expect(
      machine.state
        == .reconnecting(attempt: 4, nextTryAt: 65, lastError: "closed (1001): going away", wait: .backoff))
  }

  // MARK: Rate limits

  @Test(arguments: [
    (3.0 as Double?, 3.0), (0.1, 0.25), (nil, 0.25), (1e9, 3600.0), (-5, 0.25), (.nan, 0.25),
  ])
  func upgrade429WaitsForTheLongerOfRetryAfterAndBackoff(retryAfter: Double?, wait: Double) {
    var machine = machine()
    _ = machine.start(now: 0)
    let next = MonotonicTime(seconds: wait)
    // A wake is asked for only when it comes before the pending one (the connect timeout at 10).
    let wake: [ConnectionAction] = wait < 10 ? [.scheduleWake(at: next)] : []
    #expect(
      machine.upgradeFailed(status: 429, retryAfter: retryAfter, reason: "Too Many Requests", now: 0)
        == [.emit(reconnecting(1, at: next, "HTTP 429: Too Many Requests", .rateLimited))] + wake)
  }

  @Test func rateLimitFrameClosesAndHonoursMetaRetryAfter() {
    var machine = liveMachine()
    let error = ServerError(status: 429, message: "Rate limit exceeded, retry in 1 seconds.", retryAfter: 1)
    #expect(
      machine.serverError(venue(error), now: 3) == [
        .close(code: 1000, reason: "rate limited"),
        .emit(reconnecting(1, at: 4, "Rate limit exceeded, retry in 1 seconds.", .rateLimited)),
        .scheduleWake(at: 4),
      ])
  }

  /// Opens and loses `count` connections, one a second from `from`: each upgrade succeeds
  /// (it counts against the budget) and the server closes it at once.
  private func openAndLose(_ machine: inout ConnectionMachine, _ count: Int, from: Double) {
    for n in 0..<count {
      let now = MonotonicTime(seconds: from + Double(n))
      if n > 0 { #expect(machine.reconnectNow(now: now).first == .connect(url: url), "connection \(n)") }
      #expect(machine.connected(now: now).first == .resetTables(xbt))
      _ = machine.closed(code: 1006, reason: "", now: now + 0.5)
    }
  }

  @Test func theSixtyFirstConnectionInAnHourWaitsForAFreeSlot() {
    var machine = machine()
    _ = machine.start(now: 0)
    openAndLose(&machine, 59, from: 0)
    #expect(machine.status.connectionLimitUntil == nil)
    #expect(machine.reconnectNow(now: 59).first == .connect(url: url))
    _ = machine.connected(now: 59)
    // 60 connections opened (0…59): the budget has room again when the one at 0 leaves the hour.
    #expect(machine.status.connectionLimitUntil == 3600)
    #expect(
      machine.closed(code: 1006, reason: "", now: 60) == [
        .emit(
          FeedStatus(
            state: .reconnecting(
              attempt: 60, nextTryAt: 3600, lastError: "closed (1006)", wait: .hourlyLimit),
            symbol: "XBTUSD", attempt: 60, reconnects: 59, nextRetryAt: 3600, lastError: "closed (1006)",
            connectionLimitUntil: 3600))
      ])
    #expect(machine.state.label == "RECONNECTING")
    // `r` cannot skip this wait: nothing happens (the UI says why, from the status).
    #expect(machine.reconnectNow(now: 61) == [])
    // (The wake pending from an earlier deadline covers this one; it asks for the next.)
    #expect(machine.tick(now: 3599) == [.scheduleWake(at: 3600)])
    #expect(machine.tick(now: 3600).first == .connect(url: url))
  }

  /// Issue 11: against a closed port the guard reached `RECONNECTING 60 in 47m03s`. A TCP
  /// connect that fails never reaches the exchange: a hundred of them leave the budget whole.
  @Test func failedConnectsNeverSpendTheHourlyBudget() {
    var machine = machine(config: quietConfig())
    _ = machine.start(now: 0)
    var now: MonotonicTime = 0
    for failure in 0..<100 {
      _ = machine.upgradeFailed(status: nil, retryAfter: nil, reason: "Connection refused", now: now)
      guard case .reconnecting(_, let next, _, let wait) = machine.state else {
        Issue.record("not reconnecting after failure \(failure): \(machine.state)")
        return
      }
      #expect(wait == .backoff, "failure \(failure) waits for \(wait)")
      #expect(machine.tick(now: next).first == .connect(url: url), "failure \(failure)")
      now = next
    }
    #expect(machine.status.connectionLimitUntil == nil)
  }

  /// Issue 11: 70 presses of `r` against a closed port gave `in 59m45s`, after which `r` did
  /// nothing. Refused attempts cost nothing: the 70th press still connects.
  @Test(arguments: [nil, 503, 429] as [Int?])
  func reconnectPressesThatFailNeverSpendTheBudget(status: Int?) {
    var machine = machine(config: quietConfig())
    _ = machine.start(now: 0)
    for press in 0..<70 {
      let now = MonotonicTime(seconds: Double(press))
      _ = machine.upgradeFailed(status: status, retryAfter: nil, reason: "refused", now: now)
      #expect(machine.reconnectNow(now: now + 0.5).first == .connect(url: url), "press \(press)")
    }
    if case .reconnecting(_, _, _, .hourlyLimit) = machine.state {
      Issue.record("waiting for the hourly limit")
    }
  }

  @Test func reconnectWithTheBudgetSpentKeepsTheOpenConnection() {
    var config = quietConfig()
    config.maxAttemptsPerWindow = 2
    config.attemptWindow = 100
    var machine = machine(config: config)
    _ = machine.start(now: 0)
    openAndLose(&machine, 1, from: 0)
    #expect(machine.reconnectNow(now: 2).first == .connect(url: url))
    _ = machine.connected(now: 2)
    for topic in xbt { _ = machine.partialReceived(topic, now: 3) }
    #expect(machine.state == .live)
    #expect(machine.status.connectionLimitUntil == 100)
    // Closing the working connection would leave nothing until 100: `r` keeps it.
    #expect(machine.reconnectNow(now: 4) == [])
    #expect(machine.state == .live)
    #expect(machine.reconnectNow(now: 100).first == .close(code: 1000, reason: "reconnect"))
  }

  @Test func aSmallBudgetAlsoBindsTheBackoff() {
    var config = FeedConfig()
    config.maxAttemptsPerWindow = 2
    config.attemptWindow = 100
    var machine = machine(config: config)
    _ = machine.start(now: 0)
    openAndLose(&machine, 2, from: 0)
    #expect(
      machine.state
        == .reconnecting(attempt: 2, nextTryAt: 100, lastError: "closed (1006)", wait: .hourlyLimit))
    #expect(machine.state.label == "RECONNECTING")
  }

  /// After an error (an unknown symbol), `r` with the budget spent says that it waits for the
  /// budget instead of doing nothing.
  @Test func reconnectAfterAnErrorWithTheBudgetSpentWaitsForTheHourlyLimit() {
    var config = quietConfig()
    config.maxAttemptsPerWindow = 1
    config.attemptWindow = 100
    var machine = machine(config: config)
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    _ = machine.serverError(venue(ServerError(status: 400, message: "Unknown or expired symbol.")), now: 2)
    #expect(machine.state == .error(FeedFailure(.unknownSymbol, "Unknown or expired symbol.")))
    let actions = machine.reconnectNow(now: 3)
    #expect(!actions.contains(.connect(url: url)))
    #expect(
      machine.state
        == .reconnecting(
          attempt: 0, nextTryAt: 101, lastError: "Unknown or expired symbol.", wait: .hourlyLimit))
    #expect(actions.contains { if case .emit = $0 { true } else { false } })
  }

  // MARK: Errors that stop, errors that retry

  @Test(arguments: ["Unknown or expired symbol.", "Unknown table: tradeBin5dm"])
  func fatalServerErrorStopsWithTheServersWords(message: String) {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    let error = ServerError(status: 400, message: message, requestArgs: ["orderBookL2_25:XBTUSD"])
    let failure = FeedFailure(message.hasPrefix("Unknown table") ? .unknownTable : .unknownSymbol, message)
    #expect(
      machine.serverError(venue(error), now: 1.2) == [
        .close(code: 1000, reason: "server error"), .emit(status(.error(failure), lastError: message)),
      ])
    var later: [ConnectionAction] = []
    for second in stride(from: 2.0, through: 7200, by: 1) {
      later += machine.tick(now: MonotonicTime(seconds: second))
    }
    later += machine.closed(code: 1006, reason: "", now: 7201)
    #expect(later == [])
    #expect(machine.state == .error(failure))
  }

  /// A server without the liquidation table (issue 24, finding 2): the refusal makes that
  /// table unavailable with the server's words; the connection stays, goes LIVE on the book and
  /// trades, and never reconnects for it.
  @Test func aRefusedAuxiliaryTableIsUnavailableAndTheFeedGoesLive() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    let words = "Unknown table: liquidation"
    let refusal = ServerError(
      status: 400, message: words, requestArgs: xbt.compactMap(BitMEXWire.topic).map(\.description))
    var refused = status(.syncing)
    refused.unavailable = [liquidation: words]
    #expect(machine.serverError(venue(refusal), now: 1.1) == [.emit(refused)])
    _ = machine.partialReceived(book, now: 1.2)
    _ = machine.partialReceived(instrument, now: 1.2)
    var live = status(.live)
    live.unavailable = [liquidation: words]
    #expect(machine.partialReceived(trade, now: 1.3) == [.emit(live)])
    var later: [ConnectionAction] = []
    for second in 2...120 {
      let now = MonotonicTime(seconds: Double(second))
      later += machine.message(topic: book, now: now) + machine.message(topic: trade, now: now)
      later += machine.tick(now: now)
    }
    #expect(!later.contains { if case .close = $0 { true } else { false } })
    #expect(machine.state == .live)
    #expect(machine.status.unavailable == [liquidation: words])
    #expect(machine.connectionsOpened == 1)
  }

  /// A failed subscription of one auxiliary topic (`success: false`) is a refusal of it too.
  @Test func aFailedAuxiliarySubscriptionIsUnavailable() {
    var machine = liveMachine()
    let failed = ServerError(status: 400, message: "not for you", requestArgs: ["instrument"])
    _ = machine.serverError(venue(failed), now: 3)
    #expect(machine.state == .live)
    #expect(machine.status.unavailable == [instrument: "not for you"])
    #expect(machine.status.lastError == nil)
  }

  /// The book and the trades stay required: a refusal of either still stops in ERROR.
  @Test func aRefusedRequiredTableIsStillAnError() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    let words = "Unknown table: trade"
    let actions = machine.serverError(venue(ServerError(status: 400, message: words)), now: 1.1)
    #expect(actions.first == .close(code: 1000, reason: "server error"))
    #expect(machine.state == .error(FeedFailure(.unknownTable, words)))
  }

  /// An auxiliary table whose partial never comes (issue 24, finding 2): LIVE does not wait for
  /// it; after `auxiliaryPartialTimeout` it is unavailable, without a reconnect; a partial that
  /// comes after all makes it available again.
  @Test func aMissingAuxiliaryPartialIsGivenUpOnWithoutHoldingLiveBack() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    _ = machine.partialReceived(book, now: 1.5)
    _ = machine.partialReceived(liquidation, now: 1.5)
    #expect(machine.partialReceived(trade, now: 2).contains(.emit(status(.live))))
    var actions: [ConnectionAction] = []
    for tenth in 21...109 {
      let now = MonotonicTime(seconds: Double(tenth) / 10)
      actions += machine.message(topic: book, now: now) + machine.pong(now: now) + machine.tick(now: now)
    }
    #expect(machine.status.unavailable.isEmpty)
    #expect(machine.pendingWake == 11, "the instrument's limit runs from the subscription at 1")
    var given = status(.live)
    given.unavailable = [instrument: "no partial within 10 s"]
    #expect(machine.tick(now: 11).contains(.emit(given)))
    for second in 12...100 {
      let now = MonotonicTime(seconds: Double(second))
      actions += machine.message(topic: book, now: now) + machine.tick(now: now)
    }
    #expect(!actions.contains { if case .close = $0 { true } else { false } })
    #expect(machine.state == .live)
    #expect(machine.partialReceived(instrument, now: 101) == [.emit(status(.live))])
  }

  @Test(arguments: [401, 403, 404])
  func unauthorizedForbiddenOrNotFoundIsAnError(code: Int) {
    var machine = machine()
    _ = machine.start(now: 0)
    let words = "HTTP \(code): Nope"
    #expect(
      machine.upgradeFailed(status: code, retryAfter: 5, reason: "Nope", now: 1) == [
        .emit(status(.error(FeedFailure(.refused(status: code), words)), lastError: words))
      ])
    #expect(machine.tick(now: 10) == [])
    #expect(machine.tick(now: 1000) == [])
  }

  @Test(arguments: [502, 503])
  func maintenanceIsRetriedWithBackoff(code: Int) {
    var machine = machine()
    _ = machine.start(now: 0)
    let words = "HTTP \(code): Service Unavailable"
    #expect(
      machine.upgradeFailed(status: code, retryAfter: nil, reason: "Service Unavailable", now: 1) == [
        .emit(reconnecting(1, at: 1.25, words, .maintenance)), .scheduleWake(at: 1.25),
      ])
    #expect(machine.state.label == "MAINTENANCE")
    #expect(
      machine.tick(now: 1.25) == [
        .connect(url: url), .emit(status(.connecting, attempt: 1, lastError: words)),
        .scheduleWake(at: 11.25),
      ])
  }

  @Test(arguments: [500, 400, nil] as [Int?])
  func otherUpgradeFailuresBackOff(code: Int?) {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.upgradeFailed(status: code, retryAfter: nil, reason: "boom", now: 1)
    let words = code.map { "HTTP \($0): boom" } ?? "boom"
    #expect(machine.state == .reconnecting(attempt: 1, nextTryAt: 1.25, lastError: words, wait: .backoff))
  }

  @Test func harmlessServerErrorsKeepTheConnection() {
    var machine = liveMachine()
    let duplicate = ServerError(
      status: 400, message: "You are already subscribed to this topic: trade:XBTUSD")
    #expect(machine.serverError(venue(duplicate), now: 3) == [])
    let decode = ServerError(status: 400, message: "Failed to decode incoming data")
    #expect(
      machine.serverError(venue(decode), now: 4) == [
        .emit(status(.live, lastError: "Failed to decode incoming data"))
      ])
  }

  // MARK: Reconnecting

  @Test func everyReconnectResubscribesAndResetsTables() {
    var machine = liveMachine()
    #expect(
      machine.closed(code: 1006, reason: "", now: 3) == [
        .emit(reconnecting(1, at: 3.25, "closed (1006)")), .scheduleWake(at: 3.25),
      ])
    #expect(
      machine.tick(now: 3.25) == [
        .connect(url: url), .emit(status(.connecting, attempt: 1, lastError: "closed (1006)")),
        .scheduleWake(at: 13.25),
      ])
    #expect(
      machine.connected(now: 4) == [
        .resetTables(xbt), .subscribe(xbt),
        .emit(status(.syncing, attempt: 1, reconnects: 1, lastError: "closed (1006)")),
        .scheduleWake(at: 9),
      ])
    #expect(!machine.isAcknowledged(book))
    _ = machine.partialReceived(book, now: 5)
    _ = machine.partialReceived(instrument, now: 5)
    _ = machine.partialReceived(liquidation, now: 5)
    #expect(machine.partialReceived(trade, now: 5) == [.emit(status(.live, attempt: 1, reconnects: 1))])
    #expect(machine.connectionsOpened == 2)
  }

  @Test func aServerCloseEndsTheFeedWhenReconnectingIsOff() {
    var config = FeedConfig()
    config.reconnectAfterClose = false
    var machine = liveMachine(config: config)
    #expect(
      machine.closed(code: 1000, reason: "", now: 3) == [
        .emit(status(.ended("closed (1000)"), lastError: "closed (1000)"))
      ])
    #expect(machine.tick(now: 10) == [])
    #expect(
      machine.reconnectNow(now: 11) == [
        .connect(url: url), .emit(status(.connecting, lastError: "closed (1000)")), .scheduleWake(at: 21),
      ])
  }

  @Test func reconnectNowSkipsTheWait() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.upgradeFailed(status: 429, retryAfter: 600, reason: "", now: 1)
    #expect(machine.status.nextRetryAt == 601)
    // The connect timeout (12) is later than the wake still pending from the start (10).
    #expect(
      machine.reconnectNow(now: 2) == [
        .connect(url: url), .emit(status(.connecting, attempt: 1, lastError: "HTTP 429")),
      ])
    #expect(machine.reconnectNow(now: 3) == [])
  }

  @Test func reconnectNowReplacesAnOpenConnection() {
    var machine = liveMachine()
    #expect(
      machine.reconnectNow(now: 3) == [
        .close(code: 1000, reason: "reconnect"), .connect(url: url), .emit(status(.connecting)),
      ])
    #expect(machine.tick(now: 6) == [.scheduleWake(at: 13)])
    #expect(machine.connected(now: 4).first == .resetTables(xbt))
  }

  // MARK: Resync, stale tables, partial timeout

  @Test func resyncUnsubscribesAndSubscribesUntilTheFreshPartial() {
    var machine = liveMachine()
    #expect(
      machine.resync(book, now: 3) == [
        .unsubscribe([book]), .subscribe([book]), .emit(status(.resyncing([book]))),
      ])
    #expect(machine.resync(book, now: 3.5) == [])
    #expect(machine.message(topic: book, now: 4) == [])
    #expect(machine.state == .resyncing([book]))
    #expect(machine.partialReceived(book, now: 5) == [.emit(status(.live))])
  }

  @Test func resyncIsIgnoredWithoutAConnectionOrForAForeignTopic() {
    var machine = machine()
    #expect(machine.resync(book, now: 0) == [])
    _ = machine.start(now: 0)
    #expect(machine.resync(book, now: 0.5) == [])
    var live = liveMachine()
    #expect(live.resync(Subscription(.trades, "ETHUSD"), now: 3) == [])
  }

  @Test func aSilentBookIsResubscribedWhileTradesFlow() {
    var machine = liveMachine()
    for second in 3...32 {
      #expect(machine.message(topic: trade, now: MonotonicTime(seconds: Double(second))) == [])
    }
    #expect(
      machine.tick(now: 32.5) == [
        .unsubscribe([book]), .resetTables([book]), .subscribe([book]), .emit(status(.stale([book]))),
        .scheduleWake(at: 37),
      ])
    #expect(machine.partialReceived(book, now: 34) == [.emit(status(.live))])
  }

  /// A server that answers every ping and sends nothing else (issue 24, finding 9): the pongs
  /// say the connection is up, not that the data is current. Once every table has been silent
  /// for the stale limit, each is STALE and resubscribed; without fresh partials the book's
  /// partial timeout then reconnects.
  @Test func pongsAloneDoNotKeepTheFeedLive() {
    var machine = liveMachine()
    // A pong every second (as if pinged), and nothing else.
    for second in 3...32 {
      _ = machine.pong(now: MonotonicTime(seconds: Double(second)))
      #expect(machine.state == .live)
    }
    #expect(machine.tick(now: 32.4) == [.scheduleWake(at: 32.5)], "due when every table has been silent 30 s")
    let expected: [ConnectionAction] = [
      .unsubscribe(xbt), .resetTables(xbt), .subscribe(xbt),
      .emit(status(.stale(xbt))),
    ]
    #expect(Array(machine.tick(now: 32.5).prefix(4)) == expected)
    #expect(machine.state.label == "STALE")
    // Still only pongs: the book's partial does not come back, so a new connection.
    var actions: [ConnectionAction] = []
    for second in 33...62 { actions += machine.pong(now: MonotonicTime(seconds: Double(second))) }
    #expect(!actions.contains(.close(code: 1000, reason: "no partial")))
    #expect(machine.tick(now: 62.5).first == .close(code: 1000, reason: "no partial"))
  }

  /// Frames of no table (acks, pongs, a welcome) are no data: a book that nothing else outlasts
  /// goes stale with every other table, where it used to wait for another table to flow.
  @Test func aQuietBookIsStaleWhenNothingElseFlowsEither() {
    var machine = liveMachine()
    for second in 3...40 {
      #expect(machine.message(now: MonotonicTime(seconds: Double(second))) == [])
    }
    #expect(machine.state == .live)
    #expect(machine.tick(now: 40).contains(.resetTables(xbt)))
    #expect(machine.state == .stale(xbt))
  }

  @Test func quietTradesAreNeverStale() {
    var machine = liveMachine()
    var actions: [ConnectionAction] = []
    for second in 3...200 {
      actions += machine.message(topic: book, now: MonotonicTime(seconds: Double(second)))
    }
    actions += machine.tick(now: 200)
    #expect(machine.state == .live)
    #expect(actions == [.scheduleWake(at: 205)])
  }

  @Test func aMissingPartialReconnects() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    for second in 2...30 {
      _ = machine.message(now: MonotonicTime(seconds: Double(second)))
    }
    _ = machine.partialReceived(trade, now: 30)
    _ = machine.partialReceived(instrument, now: 30)
    _ = machine.partialReceived(liquidation, now: 30)
    let error = "no book snapshot for XBTUSD within 30 s"
    #expect(
      machine.tick(now: 31) == [
        .close(code: 1000, reason: "no partial"), .emit(reconnecting(1, at: 31.25, error)),
        .scheduleWake(at: 31.25),
      ])
  }

  @Test func aPartialStillArrivingIsNeverAbandoned() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    _ = machine.partialReceived(trade, now: 2)
    _ = machine.partialReceived(instrument, now: 2)
    _ = machine.partialReceived(liquidation, now: 2)
    // The book's partial trickles in for 60 s: bytes of it arrive every second.
    var actions: [ConnectionAction] = []
    for second in 3...60 {
      actions += machine.receiving(now: MonotonicTime(seconds: Double(second)))
      actions += machine.tick(now: MonotonicTime(seconds: Double(second) + 0.5))
    }
    #expect(!actions.contains(.close(code: 1000, reason: "no partial")))
    _ = machine.partialReceived(book, now: 61)
    #expect(machine.state == .live)
  }

  @Test func aPartialThatStopsArrivingTimesOutFromItsLastBytes() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    _ = machine.partialReceived(trade, now: 2)
    _ = machine.partialReceived(instrument, now: 2)
    _ = machine.receiving(now: 20)
    for second in 21...49 {
      _ = machine.message(now: MonotonicTime(seconds: Double(second)))
    }
    #expect(machine.tick(now: 49.5).allSatisfy { $0 != .close(code: 1000, reason: "no partial") })
    #expect(machine.tick(now: 50).first == .close(code: 1000, reason: "no partial"))
  }

  // MARK: Switching symbol

  @Test func switchingSymbolOnALiveConnection() {
    var machine = liveMachine()
    #expect(machine.switchSymbol(to: "XBTUSD", now: 3) == [])
    #expect(
      machine.switchSymbol(to: "ETHUSD", now: 3) == [
        .unsubscribe([book, trade]),
        .resetTables(Array(eth.prefix(2))),
        .subscribe(Array(eth.prefix(2))),
        .emit(status(.syncing, symbol: "ETHUSD")),
      ])
    #expect(machine.topics == eth)
    #expect(machine.partialReceived(book, now: 3.5) == [])
    _ = machine.partialReceived(eth[0], now: 4)
    // The all-symbols instrument table kept its partial: the book and the tape are all it waits for.
    #expect(machine.partialReceived(eth[1], now: 4) == [.emit(status(.live, symbol: "ETHUSD"))])
  }

  /// The bare `instrument` subscription (every symbol) is neither unsubscribed nor subscribed again
  /// on a symbol switch, however many switches: only the focused symbol's book and tape change.
  @Test func switchingSymbolKeepsTheAllSymbolsInstrumentSubscription() {
    var machine = liveMachine()
    var sent: [[Subscription]] = []
    for (i, symbol) in ["ETHUSD", "SOLUSDT", "XBTUSD"].enumerated() {
      for action in machine.switchSymbol(to: symbol, now: MonotonicTime(seconds: 3 + Double(i))) {
        if case .subscribe(let topics) = action { sent.append(topics) }
        if case .unsubscribe(let topics) = action { sent.append(topics) }
        if case .resetTables(let topics) = action { #expect(!topics.contains(instrument)) }
      }
    }
    #expect(sent.count == 6)
    #expect(sent.allSatisfy { !$0.contains(instrument) })
  }

  @Test func switchingSymbolWhileDisconnectedChangesTheNextSubscription() {
    var machine = liveMachine()
    _ = machine.closed(code: nil, reason: "reset", now: 3)
    #expect(
      machine.switchSymbol(to: "ETHUSD", now: 3.1) == [
        .emit(reconnecting(1, at: 3.25, "reset", symbol: "ETHUSD"))
      ])
    _ = machine.tick(now: 3.25)
    #expect(machine.connected(now: 4).prefix(2) == [.resetTables(eth), .subscribe(eth)])
  }

  @Test func switchingSymbolAfterAnUnknownSymbolTriesAgain() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.connected(now: 1)
    _ = machine.serverError(venue(ServerError(status: 400, message: "Unknown or expired symbol.")), now: 2)
    #expect(
      machine.switchSymbol(to: "ETHUSD", now: 3) == [
        .connect(url: url),
        .emit(status(.connecting, symbol: "ETHUSD", lastError: "Unknown or expired symbol.")),
      ])
    #expect(machine.pendingWake == 6)
  }

  // MARK: Stop

  @Test func stopClosesAndEndsEverything() {
    var machine = liveMachine()
    #expect(machine.stop(now: 3) == [.close(code: 1000, reason: "stopped"), .emit(status(.stopped))])
    var later: [ConnectionAction] = []
    later += machine.stop(now: 4)
    later += machine.tick(now: 6)
    later += machine.tick(now: 100)
    later += machine.message(topic: book, now: 5)
    later += machine.pong(now: 5)
    later += machine.closed(code: 1000, reason: "", now: 5)
    later += machine.reconnectNow(now: 7)
    later += machine.start(now: 8)
    later += machine.connected(now: 9)
    later += machine.switchSymbol(to: "ETHUSD", now: 10)
    later += machine.resync(book, now: 11)
    #expect(later == [])
    #expect(machine.state == .stopped)
  }

  @Test func stopWhileWaitingHasNothingToClose() {
    var machine = machine()
    _ = machine.start(now: 0)
    _ = machine.upgradeFailed(status: 503, retryAfter: nil, reason: "", now: 1)
    #expect(machine.stop(now: 1.1) == [.emit(status(.stopped, attempt: 1, lastError: "HTTP 503"))])
    #expect(machine.tick(now: 1.25) == [])
  }

  // MARK: Time

  @Test func monotonicTimeIsExactInNanoseconds() {
    let start: MonotonicTime = 12.5
    #expect(start.nanoseconds == 12_500_000_000)
    #expect(start + 0.25 == 12.75)
    #expect((start + 0.25) - start == 0.25)
    #expect(MonotonicTime(nanoseconds: .max) + 1 == MonotonicTime(nanoseconds: .max))
    #expect(MonotonicTime(seconds: .infinity) == MonotonicTime(nanoseconds: .max))
    #expect(MonotonicTime(seconds: .nan) == 0)
  }
}
