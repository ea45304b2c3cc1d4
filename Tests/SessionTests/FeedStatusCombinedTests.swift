import MarketModel
import Testing

@testable import Session

/// One status for a market on several connections: LIVE only when all are; else the one
/// furthest from LIVE, named.
@Suite struct FeedStatusCombinedTests {
  private static let book = Subscription(.book, "BTCUSDT")
  private static let trades = Subscription(.trades, "BTCUSDT")

  private static func status(_ state: ConnectionState, reconnects: Int = 0, rate: Double = 0) -> FeedStatus {
    FeedStatus(state: state, symbol: "BTCUSDT", reconnects: reconnects, messagesPerSecond: rate)
  }

  @Test func liveOnlyWhenEveryConnectionIsLive() throws {
    let both = try #require(
      FeedStatus.combined([("book", Self.status(.live, rate: 100)), ("trades", Self.status(.live, rate: 10))])
    )
    #expect(both.state == .live)
    #expect(both.messagesPerSecond == 110)
    let one = FeedStatus.combined([("book", Self.status(.live)), ("trades", Self.status(.syncing))])
    #expect(one?.state == .syncing)
    // A connection with no status yet is still connecting.
    #expect(FeedStatus.combined([("book", Self.status(.live)), ("trades", nil)])?.state == .connecting)
    #expect(FeedStatus.combined([("book", nil), ("trades", nil)]) == nil)
  }

  @Test func theConnectionDownIsNamed() throws {
    let down = ConnectionState.reconnecting(
      attempt: 1, nextTryAt: 5, lastError: "closed (1006)", wait: .backoff)
    var trades = Self.status(down, reconnects: 1)
    trades.lastError = "closed (1006)"
    let combined = try #require(
      FeedStatus.combined([
        ("book connection", Self.status(.live, reconnects: 2)), ("trades connection", trades),
      ]))
    #expect(
      combined.state
        == .reconnecting(
          attempt: 1, nextTryAt: 5, lastError: "trades connection: closed (1006)", wait: .backoff))
    #expect(combined.lastError == "trades connection: closed (1006)")
    #expect(combined.reconnects == 3)
  }

  @Test func staleTablesOfBothConnectionsAreListed() {
    let combined = FeedStatus.combined([
      ("book", Self.status(.stale([Self.book]))), ("trades", Self.status(.stale([Self.trades]))),
    ])
    #expect(combined?.state == .stale([Self.book, Self.trades]))
  }

  @Test func oneConnectionIsItsOwnStatus() {
    let alone = Self.status(.syncing, reconnects: 4)
    #expect(FeedStatus.combined([("book", alone)]) == alone)
  }

  @Test func restLimitWordsCountDown() {
    let limit = RESTLimit(.rateLimited, venue: "Binance", until: 100)
    #expect(limit.words(now: 58.2) == "Binance rate limit: retry in 42 s")
    #expect(
      RESTLimit(.banned, venue: "Binance", until: 100).words(now: 0) == "IP banned by Binance for 100 s")
    #expect(limit.words(now: 120) == "Binance rate limit: retry in 0 s")
    #expect(limit.shortWords(now: 58.2) == "rate limit: retry in 42 s")
    #expect(RESTLimit(.banned, venue: "Binance", until: 100).shortWords(now: 0) == "IP banned for 100 s")
  }
}
