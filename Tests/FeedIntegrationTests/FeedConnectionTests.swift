import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// The real libcurl feed against ExchangeSim on loopback: how the connection survives drops,
/// stalls, rate limits and maintenance, and when it must not retry (design.md, "Connection
/// behaviour").
@Suite struct FeedConnectionTests {
  /// A dropped TCP connection (no close frame) is reconnected after a short backoff; the new
  /// connection resets the tables and its fresh partial rebuilds exactly the simulator's book.
  @Test func dropReconnectsAndAFreshPartialRebuildsTheBook() throws {
    try Integration.withSim(Integration.simConfig(seed: 201)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      #expect(feed.bookPartials == 1)

      sim.dropConnections()
      feed.waitUntil("a new connection, a fresh partial, LIVE") {
        sim.stats.upgradesAccepted == 2 && $0.bookPartials == 2 && $0.isLive
      }
      #expect(sim.stats.sessionsDropped == 1)
      #expect(feed.tablesResets == 2)
      // One failure so far: the LIVE status still counts it (reset after a long LIVE spell).
      #expect(feed.status?.attempt == 1)
      #expect(feed.status?.reconnects == 1)
      #expect(!feed.saw { if case .error = $0 { true } else { false } })

      sim.pauseMarket()
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
      let theirs = sim.bookSnapshot(symbol: "XBTUSD", depth: 25)
      #expect(feed.book().bids == theirs.bids)
      #expect(feed.book().asks == theirs.asks)
      #expect(feed.state.faultCount == 0)
      #expect(sim.stats.upgradesAccepted == 2)
    }
  }

  /// A quiet connection is pinged (text `ping`, answered by `pong`); when the server goes silent,
  /// the unanswered ping makes the feed reconnect, and the new connection goes LIVE.
  @Test func stallIsDetectedByTheHeartbeatAndReconnected() throws {
    // A longer partial delay keeps SYNCING (which still shows the last error) easy to observe.
    try Integration.withSim(Integration.simConfig(seed: 202, partialDelay: 0.2)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }

      // No market data: after 0.3 s of silence the feed pings, and the simulator answers.
      sim.pauseMarket()
      feed.waitUntil("a text ping answered by pong") {
        sim.stats.textPings >= 1 && $0.status?.pingRoundTrip != nil
      }
      #expect(sim.stats.upgradesAccepted == 1)

      // Now the server says nothing at all, not even pong, yet keeps the TCP connection open.
      sim.stallConnections()
      feed.waitUntil("a reconnect after the unanswered ping, then LIVE") {
        sim.stats.upgradesAccepted == 2 && $0.bookPartials == 2 && $0.isLive
      }
      #expect(sim.stats.sessionsStalled == 1)
      #expect(feed.statuses.contains { $0.lastError?.hasPrefix("no pong within") == true })
      #expect(feed.status?.attempt == 1)
      feed.waitUntil("the client's book to equal the simulator's") { $0.bookMatches(sim, depth: 25) }
    }
  }

  /// Issue 11: a stalled server (no data, no pong, the TCP connection open) left the badge green
  /// LIVE until the pong timeout reconnected. Now the unanswered ping makes the status STALE
  /// (`.silent`, with the time of the last frame) well before the reconnect: here STALE 0.1 s
  /// after the ping, the reconnect 3 s after it. (With a 1 s pong timeout the half-second margin
  /// failed once in CI under the whole suite's load: a starved test thread saw STALE late.)
  @Test func aStalledServerIsShownStaleWellBeforeTheReconnect() throws {
    try Integration.withSim(Integration.simConfig(seed: 203)) { sim in
      var config = Integration.feedConfig()
      config.silentAfter = 0.1
      config.pongTimeout = 3
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD", config: config)
      defer { feed.stop() }
      feed.waitUntil("LIVE") { $0.isLive }
      sim.pauseMarket()
      feed.waitUntil("a text ping answered by pong") { _ in sim.stats.textPings >= 1 }
      // Answered pings never show STALE.
      #expect(!feed.saw { if case .silent = $0 { true } else { false } })

      sim.stallConnections()
      let stalled = MonotonicTime.now()
      feed.waitUntil(timeout: 3, "STALE after the unanswered ping") {
        if case .silent = $0.connectionState { true } else { false }
      }
      let staleAt = MonotonicTime.now()
      #expect(sim.stats.upgradesAccepted == 1, "reconnected before saying STALE")
      #expect(!feed.isLive)
      // The time of the last frame: a pong already on its way when the stall began may land a
      // moment after `stalled`, never after STALE was seen.
      if case .silent(let since) = feed.connectionState { #expect(since < staleAt) }
      feed.waitUntil(timeout: 10, "the reconnect after the pong timeout, then LIVE") {
        sim.stats.upgradesAccepted == 2 && $0.isLive
      }
      let liveAt = MonotonicTime.now()
      // The first status drained after STALE was seen that is STALE no more: RECONNECTING, or a
      // later one when the drains came too seldom to catch it (a drain keeps only the newest
      // status; under the whole suite's load RECONNECTING was once never seen).
      let leftStale = feed.statuses.indices.first { i in
        guard feed.statusTimes[i] >= staleAt else { return false }
        if case .silent = feed.statuses[i].state { return false }
        return true
      }
      let reconnectedAt = leftStale.map { feed.statusTimes[$0] } ?? liveAt
      // STALE came at least half a second before the reconnect (the ping waits 0.3 s of
      // silence, STALE 0.1 s later, the pong timeout 3 s after the ping).
      #expect(
        reconnectedAt - staleAt >= 0.5,
        "STALE \(staleAt - stalled) s after the stall, reconnect \(reconnectedAt - stalled) s")
      #expect(feed.statuses.contains { $0.lastError?.hasPrefix("no pong within") == true })
    }
  }

  /// Two upgrades refused with 429 and `Retry-After: 1`: the feed shows RECONNECTING
  /// (rate-limited), waits the full second each time instead of its 50 ms backoff, then goes LIVE.
  @Test func rateLimitedUpgradesWaitForRetryAfterThenGoLive() throws {
    var config = Integration.simConfig(seed: 203)
    config.faults.rejectUpgrades = SimFaults.UpgradeRejection(count: 2, status: 429, retryAfter: 1)
    try Integration.withSim(config) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      feed.waitUntil(timeout: 8, "LIVE after two 429s") { $0.isLive }
      let liveAfter = feed.elapsed
      #expect(sim.stats.upgradesRejected == 2)
      #expect(sim.stats.upgradesAccepted == 1)

      let limited = feed.statuses.indices.filter { i in
        if case .reconnecting(_, _, _, .rateLimited) = feed.statuses[i].state { true } else { false }
      }
      #expect(Set(limited.map { feed.statuses[$0].attempt }) == [1, 2])
      for attempt in 1...2 {
        // The first status of each wait (the feed re-sends it as its rates refresh).
        guard let i = limited.first(where: { feed.statuses[$0].attempt == attempt }) else { continue }
        let status = feed.statuses[i]
        #expect(status.state.label == "RECONNECTING")
        #expect(status.lastError?.contains("429") == true, "lastError: \(status.lastError ?? "nil")")
        // The next try is a second after the refusal, not the 50 ms backoff (capped at 0.2 s). The
        // status is timed when the test drained it, a moment after the refusal, or longer when the
        // whole suite loads the machine: the lower bound leaves half a second for that.
        let wait = (status.nextRetryAt ?? .now()) - feed.statusTimes[i]
        #expect(wait > 0.5 && wait <= 1.1, "attempt \(attempt) waits \(wait) s")
      }
      #expect(liveAfter >= 1.9, "LIVE after \(liveAfter) s: Retry-After not honoured")
    }
  }

  /// 503 on the upgrade is maintenance: the screen says MAINTENANCE and the feed keeps retrying
  /// with backoff; once the exchange is back, it goes LIVE.
  @Test func maintenanceIsRetriedWithBackoffUntilLive() throws {
    try Integration.withSim(Integration.simConfig(seed: 204)) { sim in
      sim.rejectUpgrades(count: 1_000, status: 503, retryAfter: nil)
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "XBTUSD")
      defer { feed.stop() }
      let isMaintenance: (ConnectionState) -> Bool = {
        if case .reconnecting(_, _, _, .maintenance) = $0 { true } else { false }
      }
      feed.waitUntil("MAINTENANCE and three refused attempts") {
        $0.saw(isMaintenance) && sim.stats.upgradesRejected >= 3
      }
      let maintenance = feed.statuses.filter { isMaintenance($0.state) }
      #expect(maintenance.allSatisfy { $0.state.label == "MAINTENANCE" })
      #expect(maintenance.allSatisfy { $0.lastError?.contains("503") == true })
      #expect(sim.stats.upgradesAccepted == 0)

      sim.rejectUpgrades(count: 0)
      feed.waitUntil("LIVE once the maintenance is over") { $0.isLive }
      #expect(sim.stats.upgradesAccepted == 1)
      #expect(!feed.saw { if case .error = $0 { true } else { false } })
    }
  }

  /// An unknown symbol is final: ERROR in the server's words, and no reconnect loop (the
  /// simulator sees exactly one connection however long we watch).
  @Test func unknownSymbolStopsInErrorWithoutAReconnectLoop() throws {
    try Integration.withSim(Integration.simConfig(seed: 205)) { sim in
      let feed = FeedHarness(url: sim.webSocketURL, symbol: "NOPEUSD")
      defer { feed.stop() }
      let isError: (FeedHarness) -> Bool = {
        if case .error = $0.connectionState { true } else { false }
      }
      feed.waitUntil("ERROR", isError)
      #expect(feed.connectionState == .error(FeedFailure(.unknownSymbol, "Unknown or expired symbol.")))
      #expect(feed.connectionState?.label == "ERROR")
      // Many backoff windows (at most 0.2 s each) pass without a new attempt.
      feed.holds(for: 0.8, "ERROR with a single connection") {
        isError($0) && sim.stats.connectionsAccepted == 1
      }
      #expect(sim.stats.connectionsAccepted == 1)
      #expect(sim.stats.upgradesAccepted == 1)
      #expect(sim.stats.subscribeRequests == 1)
      #expect(sim.stats.openSessions == 0)
      #expect(feed.bookPartials == 0)
    }
  }
}
