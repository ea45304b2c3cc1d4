import MarketModel
import TestSupport
import Testing

@testable import Screen

/// `TapeView.highlightBits` (the trades pane's memo key, at every frame) says exactly what the
/// prints in view say: the fast walk over the trades and the prints made by `rowsInView` agree.
@Suite struct TapeHighlightBitsTests {
  /// The bits as the prints in view give them: what the fast walk must equal.
  static func slowBits<T>(_ view: TapeView<T>, rows: Int) -> UInt64 {
    var bits: UInt64 = 0
    for (bit, print) in view.rowsInView(height: min(rows, 64)).enumerated() where view.isHighlighted(print) {
      bits |= 1 << UInt64(bit)
    }
    return bits
  }

  @Test(arguments: [UInt64(1), 2, 3, 42, 2026])
  func theWalkAgreesWithThePrints(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    for round in 0..<200 {
      // Newest first, times going back by 0–40 ms: runs of one time and side fold into one print.
      var time: Int64 = 1_800_000_000_000
      var trades: [Trade] = []
      for _ in 0..<rng.between(0, 120) {
        let side: Side? = rng.chance(0.05) ? nil : (rng.chance(0.5) ? .buy : .sell)
        trades.append(
          Trade(timeMs: time, symbol: "XBTUSD", side: side, size: Int64(rng.between(1, 500)), price: 50_000))
        if rng.chance(0.6) { time -= Int64(rng.between(1, 40)) }
      }
      let newest = trades.first?.timeMs ?? time
      var view = TapeView(
        trades: trades, priceDecimals: 1, nowMs: newest + Int64(rng.between(0, 300)),
        highlightMs: rng.chance(0.1) ? 0 : 200)
      view.aggregate = rng.chance(0.5)
      // Liquidations among the trades (newest first), some at a trade's very time.
      if rng.chance(0.5) {
        var at = newest + Int64(rng.between(-20, 20))
        for _ in 0..<rng.between(1, 8) {
          view.liquidations.append(
            .init(timeMs: at, side: rng.chance(0.5) ? .buy : .sell, price: 50_000, size: 7))
          at -= Int64(rng.between(0, 60))
        }
      }
      let rows = rng.between(0, 70)
      #expect(view.walksForHighlights)
      #expect(
        view.walkedHighlightBits(rows: rows) == Self.slowBits(view, rows: rows),
        "seed \(seed), round \(round), \(trades.count) trades, \(view.liquidations.count) liquidations, aggregate \(view.aggregate), \(rows) rows"
      )
    }
  }

  @Test func aFoldedOrderIsOneRowAndItsFreshnessEndsOnTime() {
    let t: Int64 = 1_800_000_000_000
    let trades = [
      Trade(timeMs: t, symbol: "XBTUSD", side: .buy, size: 1, price: 50_000),
      Trade(timeMs: t, symbol: "XBTUSD", side: .buy, size: 2, price: 50_000.5),
      Trade(timeMs: t - 50, symbol: "XBTUSD", side: .sell, size: 3, price: 50_000),
    ]
    var view = TapeView(trades: trades, priceDecimals: 1, nowMs: t + 100, highlightMs: 200)
    view.aggregate = true
    #expect(view.walksForHighlights)
    #expect(view.highlightBits(rows: 10) == 0b11)
    view.nowMs = t + 60
    view.aggregate = false
    #expect(view.highlightBits(rows: 10) == 0b111)
    view.nowMs = t + 199
    #expect(view.highlightBits(rows: 10) == 0b011)
    view.nowMs = t + 200
    #expect(view.highlightBits(rows: 10) == 0)
    // Scrolled or filtered, the prints in view are made: the walk does not know them.
    view.scroll = 1
    #expect(!view.walksForHighlights)
    view.scroll = 0
    view.filter = TapeFilter(.size(2))
    #expect(!view.walksForHighlights)
  }
}
