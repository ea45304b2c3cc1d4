import MarketModel
import Testing

// A trade with only what a test cares about; `id` 0 means "no match id".
private func trade(
  _ timeMs: Int64, _ price: Double, size: Int64 = 1, side: Side? = .buy, id: UInt64 = 0,
  tick: TickDirection? = nil
) -> Trade {
  Trade(
    timeMs: timeMs, symbol: "XBTUSD", side: side, size: size, price: price, tickDirection: tick,
    matchID: MatchID(high: 0, low: id))
}

@Suite struct TradeTapeTests {
  @Test func emptyTape() {
    let tape = TradeTape()
    #expect(tape.capacity == 1_000)
    #expect(tape.isEmpty)
    #expect(tape.count == 0)
    #expect(tape.newest == nil)
    #expect(tape.lastPrice == nil)
    #expect(tape.lastTickDirection == nil)
    #expect(tape.stats(since: 0) == TapeStats(buyVolume: 0, sellVolume: 0, tradeCount: 0, vwap: nil))
  }

  @Test func newestFirstOrder() {
    var tape = TradeTape(capacity: 10)
    for (i, price) in [100.0, 101, 102].enumerated() {
      #expect(tape.append(trade(Int64(i), price, id: UInt64(i + 1))) == true)
    }
    #expect(tape.count == 3)
    #expect(tape[0].price == 102)
    #expect(tape[1].price == 101)
    #expect(tape[2].price == 100)
    #expect(tape.newest?.price == 102)
    #expect(tape.lastPrice == 102)
    #expect(tape.map(\.price) == [102, 101, 100])
    var seen: [Double] = []
    tape.forEach { seen.append($0.price) }
    #expect(seen == [102, 101, 100])
  }

  static let evictionCases: [(appended: Int, expected: [Double])] = [
    (1, [1]), (3, [3, 2, 1]), (4, [4, 3, 2]), (7, [7, 6, 5]),
  ]

  @Test(arguments: evictionCases)
  func ringEvictsOldestFirst(appended: Int, expected: [Double]) {
    var tape = TradeTape(capacity: 3)
    for i in 1...appended { tape.append(trade(Int64(i), Double(i), id: UInt64(i))) }
    #expect(tape.count == expected.count)
    #expect(Array(tape).map(\.price) == expected)
    #expect(tape.newest?.price == Double(appended))
  }

  @Test func duplicateMatchIDIsRejected() {
    var tape = TradeTape(capacity: 10)
    #expect(tape.append(trade(1, 100, id: 7)) == true)
    #expect(tape.append(trade(2, 101, id: 8)) == true)
    // The same print again (REST backfill overlapping the live feed).
    #expect(tape.append(trade(1, 100, id: 7)) == false)
    #expect(tape.count == 2)
    #expect(tape.newest?.price == 101)
    #expect(tape.contains(matchID: MatchID(high: 0, low: 7)))
    #expect(tape.contains(matchID: MatchID(high: 0, low: 9)) == false)
  }

  @Test func matchIDUsesBothHalves() {
    var tape = TradeTape(capacity: 10)
    let a = Trade(
      timeMs: 1, symbol: "XBTUSD", side: .buy, size: 1, price: 1, matchID: MatchID(high: 1, low: 2))
    let b = Trade(
      timeMs: 1, symbol: "XBTUSD", side: .buy, size: 1, price: 1, matchID: MatchID(high: 2, low: 1))
    #expect(tape.append(a) == true)
    #expect(tape.append(b) == true)
    #expect(tape.append(a) == false)
    #expect(tape.count == 2)
  }

  @Test func evictedIDsAreForgotten() {
    var tape = TradeTape(capacity: 2)
    tape.append(trade(1, 100, id: 1))
    tape.append(trade(2, 101, id: 2))
    tape.append(trade(3, 102, id: 3))  // evicts id 1
    #expect(tape.contains(matchID: MatchID(high: 0, low: 1)) == false)
    #expect(tape.contains(matchID: MatchID(high: 0, low: 2)))
    #expect(tape.append(trade(2, 101, id: 2)) == false)  // still held
    #expect(tape.append(trade(1, 100, id: 1)) == true)  // forgotten, so accepted again; evicts id 2
    #expect(tape.map(\.matchID.low) == [1, 3])
    #expect(tape.append(trade(2, 101, id: 2)) == true)
    #expect(tape.map(\.matchID.low) == [2, 1])
  }

  @Test func evictionKeepsIDSetBoundedOverManyWraps() {
    var tape = TradeTape(capacity: 1_000)
    for i in 1...2_500 { #expect(tape.append(trade(Int64(i), Double(i), id: UInt64(i))) == true) }
    #expect(tape.count == 1_000)
    #expect(tape.newest?.matchID.low == 2_500)
    #expect(tape[999].matchID.low == 1_501)
    // Held ids (1501...2500) are rejected; evicted ones (1...1500) are not remembered.
    #expect(tape.append(trade(0, 0, id: 1_501)) == false)
    #expect(tape.append(trade(0, 0, id: 2_500)) == false)
    #expect(tape.contains(matchID: MatchID(high: 0, low: 1_500)) == false)
    #expect(tape.append(trade(0, 0, id: 1_500)) == true)
  }

  @Test func allZeroMatchIDNeverDeduplicates() {
    var tape = TradeTape(capacity: 10)
    let anonymous = trade(5, 100)
    #expect(anonymous.matchID == .none)
    #expect(tape.append(anonymous) == true)
    #expect(tape.append(anonymous) == true)
    #expect(tape.append(anonymous) == true)
    #expect(tape.count == 3)
    #expect(tape.contains(matchID: .none) == false)
  }

  @Test func removeAllForgetsTradesAndIDs() {
    var tape = TradeTape(capacity: 3)
    for i in 1...5 { tape.append(trade(Int64(i), Double(i), id: UInt64(i))) }
    tape.removeAll()
    #expect(tape.isEmpty)
    #expect(tape.newest == nil)
    #expect(tape.append(trade(5, 5, id: 5)) == true)
    tape.append(trade(6, 6, id: 6))
    #expect(tape.map(\.price) == [6, 5])
  }

  @Test func capacityOne() {
    var tape = TradeTape(capacity: 1)
    #expect(tape.append(trade(1, 100, id: 1)) == true)
    #expect(tape.append(trade(2, 101, id: 2)) == true)
    #expect(tape.count == 1)
    #expect(tape[0].price == 101)
    #expect(tape.append(trade(1, 100, id: 1)) == true)
    #expect(tape.append(trade(1, 100, id: 1)) == false)
  }

  // Trades at 1000, 2000, 3000, 4000 ms (oldest first):
  //   buy 1 @ 100, sell 3 @ 102, buy 2 @ 103, index print (no side, size 0) @ 500.
  static let windowCases: [(since: Int64, expected: TapeStats)] = [
    (0, TapeStats(buyVolume: 3, sellVolume: 3, tradeCount: 4, vwap: 102)),
    (1000, TapeStats(buyVolume: 3, sellVolume: 3, tradeCount: 4, vwap: 102)),
    (1001, TapeStats(buyVolume: 2, sellVolume: 3, tradeCount: 3, vwap: 102.4)),
    (3000, TapeStats(buyVolume: 2, sellVolume: 0, tradeCount: 2, vwap: 103)),
    (4000, TapeStats(buyVolume: 0, sellVolume: 0, tradeCount: 1, vwap: nil)),
    (4001, TapeStats(buyVolume: 0, sellVolume: 0, tradeCount: 0, vwap: nil)),
  ]

  @Test(arguments: windowCases)
  func statsWindow(since: Int64, expected: TapeStats) {
    var tape = TradeTape(capacity: 10)
    tape.append(trade(1000, 100, size: 1, side: .buy, id: 1))
    tape.append(trade(2000, 102, size: 3, side: .sell, id: 2))
    tape.append(trade(3000, 103, size: 2, side: .buy, id: 3))
    tape.append(trade(4000, 500, size: 0, side: nil))
    #expect(tape.stats(since: since) == expected)
  }

  @Test func statsIgnoresArrivalOrderAndEvictedTrades() {
    var tape = TradeTape(capacity: 3)
    tape.append(trade(9000, 1, size: 50, side: .sell, id: 1))  // evicted below
    tape.append(trade(5000, 10, size: 1, side: .buy, id: 2))
    tape.append(trade(1000, 20, size: 1, side: .sell, id: 3))  // late backfill, older time
    tape.append(trade(6000, 30, size: 2, side: .sell, id: 4))
    let stats = tape.stats(since: 5000)
    #expect(stats == TapeStats(buyVolume: 1, sellVolume: 2, tradeCount: 2, vwap: 70.0 / 3))
    #expect(stats.totalVolume == 3)
    #expect(stats.netVolume == -1)
  }

  // Prices oldest first, each with the direction it was sent with (nil = none).
  static let tickCases: [(prices: [Double], sent: [TickDirection?], expected: TickDirection?)] = [
    ([100], [nil], nil),
    ([100], [.minusTick], .minusTick),
    ([100, 101], [nil, nil], .plusTick),
    ([101, 100], [nil, nil], .minusTick),
    ([100, 101, 101], [nil, nil, nil], .zeroPlusTick),
    ([101, 100, 100, 100], [nil, nil, nil, nil], .zeroMinusTick),
    ([100, 100], [nil, nil], nil),
    ([100, 100], [.minusTick, nil], .zeroMinusTick),
    ([100, 100, 100], [.zeroPlusTick, nil, nil], .zeroPlusTick),
    ([100, 101], [nil, .minusTick], .minusTick),  // what was sent wins
    ([99, 100, 100], [nil, nil, .zeroMinusTick], .zeroMinusTick),
  ]

  @Test(arguments: tickCases)
  func lastTickDirection(prices: [Double], sent: [TickDirection?], expected: TickDirection?) {
    var tape = TradeTape(capacity: 10)
    for (i, price) in prices.enumerated() {
      tape.append(trade(Int64(i), price, tick: sent[i]))
    }
    #expect(tape.lastTickDirection == expected)
  }

  @Test func tickDirectionOnlyLooksAtHeldTrades() {
    var tape = TradeTape(capacity: 2)
    tape.append(trade(1, 90))
    tape.append(trade(2, 100))
    tape.append(trade(3, 100))  // 90 is evicted: nothing tells the last change
    #expect(tape.lastTickDirection == nil)
    tape.append(trade(4, 99))
    #expect(tape.lastTickDirection == .minusTick)
  }
}
