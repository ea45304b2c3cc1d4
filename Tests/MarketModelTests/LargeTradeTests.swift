import TestSupport
import Testing

@testable import MarketModel

/// The large-trade threshold the trades pane draws bold: a quickselect against a sort.
@Suite struct LargeTradeTests {
  @Test(arguments: [UInt64(11), 12, 13])
  func nthSmallestMatchesSorting(seed: UInt64) {
    var random = SimRandom(seed: seed)
    for count in [1, 2, 3, 20, 57, 1_000] {
      for spread in [1, 5, 1_000_000] {
        let values = (0..<count).map { _ in Int64(random.below(spread)) }
        for k in Set([0, count / 2, count * 95 / 100, count - 1]) {
          var scratch = values
          #expect(
            TradeTape.nthSmallest(&scratch, k) == values.sorted()[k], "seed \(seed): \(count) \(spread) \(k)")
        }
      }
    }
    var ascending = (0..<1_000).map(Int64.init)
    #expect(TradeTape.nthSmallest(&ascending, 950) == 950)
    var descending = (0..<1_000).reversed().map(Int64.init)
    #expect(TradeTape.nthSmallest(&descending, 950) == 950)
  }

  @Test func theThresholdIsThe95thPercentileOnceTwentyTradesAreIn() {
    var tape = TradeTape(capacity: 100)
    for i in 1...19 {
      tape.append(Trade(timeMs: Int64(i), symbol: "XBTUSD", side: .buy, size: Int64(i), price: 1))
    }
    #expect(tape.largeTradeSize == nil)
    tape.append(Trade(timeMs: 20, symbol: "XBTUSD", side: .sell, size: 20, price: 1))
    // Sizes 1…20: index 19 of the sorted sizes (20 × 95 / 100) is 20.
    #expect(tape.largeTradeSize == 20)
  }
}
