import MarketModel
import TestSupport
import Testing

/// The wall watch: walls added, pulled and eaten (told apart by the tape), the automatic
/// threshold, and what it leaves alone (a partial's walls, a wall the price moved away from).
@Suite struct WallWatchTests {
  static let symbol: Symbol = "XBTUSD"

  /// A book of ten levels a side around 100 (ids are price × 10), each `size` but those in `sizes`.
  static func book(
    size: Int64 = 100, _ sizes: [Double: Int64] = [:], without: Set<Double> = [], more: [(Double, Int64)] = []
  ) -> PriceBook {
    var bids: [(Double, Int64)] = more
    var asks: [(Double, Int64)] = []
    for n in 0..<10 {
      let (bid, ask) = (99.5 - Double(n) * 0.5, 100.5 + Double(n) * 0.5)
      if !without.contains(bid) { bids.append((bid, sizes[bid] ?? size)) }
      if !without.contains(ask) { asks.append((ask, sizes[ask] ?? size)) }
    }
    return PriceBook.contracts(bids: bids, asks: asks)
  }

  static func trade(_ side: Side, _ price: Double, _ size: Int64) -> Trade {
    Trade(timeMs: 0, symbol: symbol, side: side, size: size, price: price)
  }

  @Test func aWallAddedThenPulled() {
    var watch = WallWatch(graceMs: 1_000, fixedThreshold: 1_000)
    watch.observe(book: Self.book(), nowMs: 0)
    watch.observe(book: Self.book([98.5: 5_000]), nowMs: 1_000)
    #expect(watch.events.map(\.change) == [.added])
    let added = watch.events[0]
    #expect(added.side == .buy && added.price == 98.5 && added.size == 5_000 && added.restedMs == nil)
    #expect(abs((added.distanceBps ?? 0) - 150) < 1e-6)  // 1.5 below a mid of 100
    #expect(watch.isWall(.buy, price: 98.5))
    #expect(watch.restingPrices == [98.5])
    // It grows, then goes with no trade at its price: pulled, once the grace is over.
    watch.observe(book: Self.book([98.5: 7_000]), nowMs: 5_000)
    watch.observe(book: Self.book(without: [98.5]), nowMs: 13_000)
    #expect(watch.events.count == 1)
    #expect(!watch.isWall(.buy, price: 98.5))
    #expect(watch.restingPrices.isEmpty)
    watch.settle(nowMs: 14_000)
    let pulled = watch.events[0]
    #expect(
      pulled.change == .pulled && pulled.size == 7_000 && pulled.restedMs == 12_000 && pulled.timeMs == 13_000
    )
  }

  @Test func aWallTradedAtItsPriceIsEaten() {
    var watch = WallWatch(graceMs: 1_000, fixedThreshold: 1_000)
    watch.observe(book: Self.book(), nowMs: 0)
    watch.observe(book: Self.book([101.0: 4_000]), nowMs: 1_000)
    // Buyers take it: the book's delta comes first, the trades after it (another table).
    watch.observe(book: Self.book(without: [100.5, 101.0]), nowMs: 2_000)
    watch.observe(trade: Self.trade(.buy, 100.5, 100))
    watch.observe(trade: Self.trade(.buy, 101.0, 3_000))
    // A sell at that price is not buyers eating an ask.
    watch.observe(trade: Self.trade(.sell, 101.0, 5_000))
    watch.observe(book: Self.book(without: [100.5, 101.0]), nowMs: 3_500)
    #expect(watch.events.map(\.change) == [.eaten, .added])
    #expect(watch.events[0].side == .sell && watch.events[0].restedMs == 1_000)
  }

  @Test func aWallTradedThroughIsEaten() {
    var watch = WallWatch(graceMs: 1_000, fixedThreshold: 1_000)
    watch.observe(book: Self.book([99.0: 2_000]), nowMs: 0)
    watch.observe(trade: Self.trade(.sell, 98.5, 1))
    watch.observe(book: Self.book(without: [99.0]), nowMs: 100)
    watch.settle(nowMs: 1_100)
    // The partial's wall was not news; its going is.
    #expect(watch.events.map(\.change) == [.eaten])
  }

  @Test func aWallThePriceMovedAwayFromIsRememberedThenDroppedQuietly() {
    var watch = WallWatch(depth: 5, graceMs: 1_000, fixedThreshold: 1_000)
    watch.observe(book: Self.book(), nowMs: 0)
    watch.observe(book: Self.book([97.5: 3_000]), nowMs: 1_000)
    #expect(watch.events.count == 1)
    // Five new better bids push it past the five levels watched.
    let book = Self.book([97.5: 3_000], more: [(99.6, 10), (99.7, 10), (99.8, 10), (99.9, 10), (100, 10)])
    watch.observe(book: book, nowMs: 2_000)
    watch.settle(nowMs: 10_000)
    #expect(watch.events.count == 1)
    // Remembered while away: back in view, it is the same wall, not a new one.
    watch.observe(book: Self.book([97.5: 3_000]), nowMs: 20_000)
    #expect(watch.events.count == 1)
    watch.observe(book: book, nowMs: 30_000)
    watch.observe(book: book, nowMs: 30_000 + WallWatch.rememberAwayMs + 1)
    #expect(watch.events.count == 1)
    #expect(!watch.isWall(.buy, price: 97.5))
  }

  @Test func theAutomaticThresholdIsTheTopPercentOfRecentSizes() throws {
    var watch = WallWatch(depth: 10)
    #expect(watch.threshold == nil)
    // 20 levels a second: 200 sizes after ten seconds, one of them 64 times the others.
    for second in 0..<10 {
      watch.observe(
        book: Self.book(size: 100, second == 3 ? [99.0: 6_400, 101.0: 6_400] : [:]),
        nowMs: Int64(second) * 1_000)
    }
    let threshold = try #require(watch.threshold)
    #expect(threshold > 100 && threshold <= 6_400)
    // A fixed threshold wins.
    watch.fixedThreshold = 50
    #expect(watch.threshold == 50)
  }

  @Test func theRingKeepsTheNewest() {
    var watch = WallWatch(graceMs: 0, capacity: 3, fixedThreshold: 1_000)
    watch.observe(book: Self.book(), nowMs: 0)
    for k in 1...5 {
      watch.observe(book: Self.book([98.0: 1_000 + Int64(k)]), nowMs: Int64(k) * 10)
      watch.observe(book: Self.book(), nowMs: Int64(k) * 10 + 5)
    }
    watch.settle(nowMs: 100)
    #expect(watch.recorded == 10)
    #expect(watch.events.count == 3)
    #expect(watch.events.map(\.timeMs) == [55, 50, 45])
  }
}

/// `--wall-size SYMBOL=CONTRACTS`: the user's per-symbol thresholds.
@Suite struct WallThresholdSpecTests {
  @Test func readsSymbolEqualsContracts() throws {
    let sizes = try WallWatch.thresholds(["XBTUSD=250000", "ETHUSD=5000", "XBTUSD=300000"]).get()
    #expect(sizes == ["XBTUSD": 300_000, "ETHUSD": 5_000])
  }

  @Test(arguments: ["XBTUSD", "=5", "XBTUSD=", "XBTUSD=0", "XBTUSD=-3", "XBTUSD=1.5", "XBTUSD=5=6"])
  func refusesWhatDoesNotRead(spec: String) {
    guard case .failure(let error) = WallWatch.thresholds([spec]) else {
      Issue.record("\(spec) was taken")
      return
    }
    #expect(error.spec == spec)
  }
}
