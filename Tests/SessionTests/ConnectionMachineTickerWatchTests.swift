import MarketModel
import TestSupport
import Testing

@testable import Session

// The markets list's live tickers (`ConnectionMachine.watchTickers`), on a Kraken-like plan (the
// followed pair's book, trades and ticker), driven with times made up by hand.

private let url = "wss://ws.kraken.com/v2"
private let plan = SubscriptionPlan(bookDepth: 25, perSymbol: [.book, .trades, .ticker])
private let book = Subscription(.book, "BTC/USD", depth: 25)
private let trades = Subscription(.trades, "BTC/USD")
private let ticker = Subscription(.ticker, "BTC/USD")
private let btc = [book, trades, ticker]
private let eth = Subscription(.ticker, "ETH/USD")
private let sol = Subscription(.ticker, "SOL/USD")

/// A machine made LIVE: started at 0, connected at 1, every partial at 2.
private func liveMachine() -> ConnectionMachine {
  var machine = ConnectionMachine(url: url, symbol: "BTC/USD", plan: plan, random: FixedRandom())
  _ = machine.start(now: 0)
  _ = machine.connected(now: 1)
  for topic in btc { _ = machine.partialReceived(topic, now: 2) }
  #expect(machine.state == .live)
  return machine
}

private func subscribes(_ actions: [ConnectionAction]) -> [[Subscription]] {
  actions.compactMap { if case .subscribe(let s) = $0 { s } else { nil } }
}

private func unsubscribes(_ actions: [ConnectionAction]) -> [[Subscription]] {
  actions.compactMap { if case .unsubscribe(let s) = $0 { s } else { nil } }
}

@Suite struct ConnectionMachineTickerWatchTests {
  /// Watching tickers on a live connection subscribes only the new ones (the followed pair's own
  /// ticker is the plan's), touches neither the book nor its partial, and LIVE stays.
  @Test func watchingSubscribesTheOtherTickersOnly() {
    var machine = liveMachine()
    let actions = machine.watchTickers(TickerWatch(["ETH/USD", "BTC/USD", "SOL/USD", "ETH/USD"]), now: 3)
    #expect(subscribes(actions) == [[eth, sol]])
    #expect(unsubscribes(actions).isEmpty)
    #expect(!actions.contains { if case .resetTables = $0 { true } else { false } })
    #expect(machine.topics == btc + [eth, sol])
    #expect(machine.state == .live)
    #expect(machine.isAcknowledged(book))
    // The same watch again asks nothing.
    #expect(machine.watchTickers(TickerWatch(["ETH/USD", "BTC/USD", "SOL/USD"]), now: 3.5).isEmpty)
  }

  /// A changed watch unsubscribes what left and subscribes what came; an empty one (the list
  /// closed) unsubscribes every watched ticker and leaves the plan's subscriptions as they were.
  @Test func aChangedOrEmptyWatchUnsubscribesWhatLeft() {
    var machine = liveMachine()
    _ = machine.watchTickers(TickerWatch(["ETH/USD", "SOL/USD"]), now: 3)
    _ = machine.partialReceived(eth, now: 3.1)
    let changed = machine.watchTickers(TickerWatch(["ETH/USD", "XRP/USD"]), now: 4)
    #expect(unsubscribes(changed) == [[sol]])
    #expect(subscribes(changed) == [[Subscription(.ticker, "XRP/USD")]])
    #expect(machine.lastData(for: eth) == 3.1, "a ticker still watched keeps its bookkeeping")
    let closed = machine.watchTickers(TickerWatch(), now: 5)
    #expect(unsubscribes(closed) == [[eth, Subscription(.ticker, "XRP/USD")]])
    #expect(subscribes(closed).isEmpty)
    #expect(machine.topics == btc)
    #expect(machine.state == .live)
  }

  /// Every new connection subscribes the watched tickers with the plan's; LIVE comes with the
  /// book and trades, whether or not the watched tickers have come.
  @Test func aReconnectResubscribesTheWatchedTickers() {
    var machine = liveMachine()
    _ = machine.watchTickers(TickerWatch(["ETH/USD"]), now: 3)
    _ = machine.closed(code: 1006, reason: "", now: 4)
    _ = machine.tick(now: 4.25)
    let actions = machine.connected(now: 5)
    #expect(subscribes(actions) == [btc + [eth]])
    _ = machine.partialReceived(book, now: 6)
    _ = machine.partialReceived(trades, now: 6)
    #expect(machine.state == .live)
    #expect(!machine.isAcknowledged(eth))
  }

  /// A watch asked while disconnected waits for the next connection.
  @Test func aWatchWhileDisconnectedIsSubscribedByTheNextConnection() {
    var machine = ConnectionMachine(url: url, symbol: "BTC/USD", plan: plan, random: FixedRandom())
    _ = machine.start(now: 0)
    #expect(subscribes(machine.watchTickers(TickerWatch(["SOL/USD"]), now: 0.5)).isEmpty)
    #expect(subscribes(machine.connected(now: 1)) == [btc + [sol]])
  }

  /// A refused watched ticker degrades alone: the feed stays LIVE, the header's ticker is not
  /// called unavailable, and a watched ticker that never comes is given up on silently too.
  @Test func aRefusedWatchedTickerDegradesAlone() {
    var machine = liveMachine()
    _ = machine.watchTickers(TickerWatch(["ETH/USD", "SOL/USD"]), now: 3)
    _ = machine.serverError(
      VenueError(.unknownChannel, "Currency pair not supported", refused: eth), now: 3.5)
    #expect(machine.state == .live)
    #expect(machine.status.unavailable.isEmpty)
    #expect(machine.status.lastError == nil)
    var actions: [ConnectionAction] = []
    for second in 4...40 {
      let now = MonotonicTime(seconds: Double(second))
      actions += machine.message(topic: book, now: now) + machine.message(topic: trades, now: now)
      actions += machine.partialReceived(ticker, now: now) + machine.tick(now: now)
    }
    #expect(!actions.contains { if case .close = $0 { true } else { false } })
    #expect(machine.state == .live)
    #expect(machine.status.unavailable.isEmpty, "SOL/USD's missing ticker is not the header's")
    // The header's own ticker refused still says so.
    _ = machine.serverError(VenueError(.unknownChannel, "no ticker", refused: ticker), now: 41)
    #expect(machine.status.unavailable == [ticker: "no ticker"])
  }

  /// A refusal naming only the channel (Kraken's, of one pair of a list) while the header's
  /// ticker has its data falls on a watched ticker still waiting: the header's is not called
  /// unavailable.
  @Test func aRefusalWithoutItsSymbolSparesTheHeadersLiveTicker() {
    var machine = liveMachine()
    _ = machine.watchTickers(TickerWatch(["ETH/USD", "SOL/USD"]), now: 3)
    _ = machine.partialReceived(eth, now: 3.2)
    _ = machine.serverError(
      VenueError(.unknownChannel, "Currency pair not supported", refused: Subscription(.ticker)), now: 3.5)
    #expect(machine.state == .live)
    #expect(machine.status.unavailable.isEmpty)
    // Its data coming after all makes it available: nothing was lost.
    _ = machine.partialReceived(sol, now: 4)
    #expect(machine.status.unavailable.isEmpty)
  }

  /// A symbol switch keeps the watched tickers subscribed; the old pair's ticker, when watched,
  /// stays.
  @Test func aSymbolSwitchKeepsTheWatchedTickers() {
    var machine = liveMachine()
    _ = machine.watchTickers(TickerWatch(["ETH/USD", "BTC/USD"]), now: 3)
    let actions = machine.switchSymbol(to: "ETH/USD", now: 4)
    let ethBook = Subscription(.book, "ETH/USD", depth: 25)
    let ethTrades = Subscription(.trades, "ETH/USD")
    #expect(unsubscribes(actions) == [[book, trades]])
    #expect(subscribes(actions) == [[ethBook, ethTrades]])
    #expect(Set(machine.topics) == [ethBook, ethTrades, eth, ticker])
    // ETH/USD's ticker is the header's now, BTC/USD's a watched one: a refusal of each says so.
    _ = machine.serverError(VenueError(.unknownChannel, "gone", refused: ticker), now: 5)
    #expect(machine.status.unavailable.isEmpty)
    _ = machine.serverError(VenueError(.unknownChannel, "no ticker", refused: eth), now: 6)
    #expect(machine.status.unavailable == [eth: "no ticker"])
  }
}
