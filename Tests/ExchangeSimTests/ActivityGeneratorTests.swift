import MarketModel
import TestSupport
import Testing

@testable import ExchangeSim

/// The simulator's market activity (`SimConfig.activity`): walls that are placed and then pulled
/// or eaten, and liquidation orders that enter the `liquidation` table, fill and leave, read
/// through the app's own wall watch.
@Suite struct ActivityGeneratorTests {
  /// A minute and a half of XBTUSD at 20 ticks a second, with the wall watch looking at every tick.
  @Test(arguments: [UInt64(1), 7, 42])
  func ninetySecondsShowWallsPulledAndEatenAndALiquidation(seed: UInt64) {
    let start: Int64 = 1_700_000_000_000
    var g = MarketGenerator(instrument: .xbtusd, seed: seed, depth: 50, startMs: start, activity: true)
    // Ordinary levels stop at 50 median levels; a wall is 60.
    var watch = WallWatch(graceMs: 1_000, fixedThreshold: g.wallSize * 9 / 10)
    var liquidations: [SimLiquidation] = []
    for k in 0..<1_800 {
      let t = start + Int64(k) * 50
      let out = g.tick(timeMs: t, bookChance: 1, tradesPerTick: 0.15)
      liquidations += out.liquidations
      for trade in out.trades {
        watch.observe(
          trade: Trade(
            timeMs: trade.timeMs, symbol: "XBTUSD", side: trade.side, size: trade.size,
            price: g.scale.price(trade.ticks)))
      }
      let bids = g.book.top(.buy, .max).map { (g.scale.price($0.ticks), $0.size) }
      let asks = g.book.top(.sell, .max).map { (g.scale.price($0.ticks), $0.size) }
      watch.observe(book: PriceBook.contracts(bids: bids, asks: asks), nowMs: t)
    }
    let changes = watch.events.map(\.change)
    #expect(changes.contains(.added), "seed \(seed)")
    #expect(changes.contains(.pulled), "seed \(seed): \(changes)")
    #expect(changes.contains(.eaten), "seed \(seed): \(changes)")
    // A wall rests 6 to 14 s as planned (less when a liquidation or the tape takes it first).
    for e in watch.events where e.change != .added {
      #expect((0...15_000).contains(e.restedMs ?? -1), "seed \(seed): \(e) in \(watch.events)")
    }
    // A liquidation: in, filled in part, out; the same order all along.
    let actions = liquidations.map(\.action)
    #expect(Array(actions.prefix(3)) == [.insert, .update, .delete], "seed \(seed)")
    #expect(Set(liquidations.prefix(3).map(\.orderID)).count == 1)
    #expect(liquidations[1].leavesQty < liquidations[0].leavesQty)
  }

  @Test func offByDefault() {
    var g = MarketGenerator(instrument: .xbtusd, seed: 1, depth: 50, startMs: 0)
    var liquidations = 0
    var maxSize: Int64 = 0
    for k in 0..<1_200 {
      liquidations += g.tick(timeMs: Int64(k) * 50, bookChance: 1, tradesPerTick: 0.15).liquidations.count
      maxSize = max(maxSize, g.book.best(.buy).map(\.size) ?? 0)
    }
    #expect(liquidations == 0)
    #expect(g.book.top(.buy, 10).allSatisfy { $0.size < g.wallSize })
  }
}
