import MarketModel
import TestSupport
import Testing

/// A book of `bids` and `asks` (price, size), kept by the book engine.
func heatBook(bids: [(Double, Int64)], asks: [(Double, Int64)]) -> PriceBook {
  PriceBook.contracts(bids: bids, asks: asks)
}

/// Levels as given, best first, without a book engine: for prices no engine holds (a `Double`
/// past any decimal's range), which the map must still place without a trap.
struct LevelList: BookLevels {
  var bids: [PriceLevel]
  var asks: [PriceLevel]

  func count(_ side: Side) -> Int { side == .buy ? bids.count : asks.count }
  func level(_ side: Side, _ n: Int) -> PriceLevel? {
    let levels = side == .buy ? bids : asks
    return levels.indices.contains(n) ? levels[n] : nil
  }
  var sizeScale: UInt8 { 0 }
}

@Suite struct LiquidityHeatmapTests {
  static let t0: Int64 = 1_700_006_400_000

  @Test func levelsLandInTheirBandsAroundTheMid() {
    var map = LiquidityHeatmap(columns: 4, rows: 8)
    let book = heatBook(
      bids: [(99.5, 10), (99, 20), (97, 5), (90, 999)], asks: [(100.5, 30), (101, 7), (101.5, 1)])
    map.update(book: book, step: 1, timeMs: Self.t0, lastTrade: (100.5, Self.t0 - 5_000))
    // Mid 100 → centre 100 in row 4; rows cover 96…103; a level half a band off goes away
    // from the centre (99.5 to 99, 100.5 to 101), 90 is outside.
    #expect(map.centre(back: 0) == 100)
    #expect(map.size(back: 0, price: 100) == 0)
    #expect(map.size(back: 0, price: 99) == 30)
    #expect(map.size(back: 0, price: 97) == 5)
    #expect(map.size(back: 0, price: 101) == 37)
    #expect(map.size(back: 0, price: 102) == 1)
    #expect(map.size(back: 0, price: 90) == 0)
    // The trade printed in an earlier moment: not this one's.
    #expect(map.tradedPrice(back: 0) == nil)
    map.update(book: book, step: 1, timeMs: Self.t0 + 300, lastTrade: (100.5, Self.t0 + 200))
    #expect(map.count == 1)
    #expect(map.tradedPrice(back: 0) == 100.5)
  }

  /// Prices at Double's ends (a server's 1e300 ask over a 9.2e18 bid) are bands beyond Int:
  /// outside the map, never a trap.
  @Test func pricesBeyondIntAreOutsideTheMap() {
    var map = LiquidityHeatmap(columns: 4, rows: 8)
    let book = LevelList(
      bids: [PriceLevel(price: 9.2e18, size: 7), PriceLevel(price: -1e300, size: 3)],
      asks: [PriceLevel(price: 1e300, size: 5)])
    map.update(book: book, step: 0.5, timeMs: Self.t0, lastTrade: (1e300, Self.t0))
    #expect(map.size(back: 0, price: 1e300) == 0)
    #expect(map.size(back: 0, price: -1e300) == 0)
  }

  /// A fixed ring: a day of moments later it holds `columns` of them in the same storage;
  /// skipped moments repeat the book; time going back or a new band starts again.
  @Test func theRingIsFixedAndFollowsTheMid() {
    var map = LiquidityHeatmap(columns: 16, rows: 10)
    let bytes = map.storageBytes
    var mid = 1_000.0
    for s in 0..<86_400 where s % 3 != 0 {
      mid = 1_000 + Double(s % 50)
      let book = heatBook(bids: [(mid - 0.5, Int64(s))], asks: [(mid + 0.5, 1)])
      map.update(book: book, step: 1, timeMs: Self.t0 + Int64(s) * 1_000, lastTrade: nil)
    }
    #expect(map.count == 16)
    #expect(map.storageBytes == bytes)
    #expect(map.newestMoment == (Self.t0 + 86_399 * 1_000) / 1_000)
    // Moment 86_397 was skipped (a multiple of 3): it repeats 86_396.
    #expect(map.centre(back: 2) == map.centre(back: 3))
    #expect(map.size(back: 2, price: map.centre(back: 2)!) == map.size(back: 3, price: map.centre(back: 3)!))
    // Each column keeps its own centre: the view follows the mid.
    #expect(map.centre(back: 0) != map.centre(back: 15))

    let book = heatBook(bids: [(99, 1)], asks: [(101, 1)])
    map.update(book: book, step: 1, timeMs: Self.t0, lastTrade: nil)
    #expect(map.count == 1, "time went back: start again")
    map.update(book: book, step: 1, timeMs: Self.t0 + 5_000, lastTrade: nil)
    #expect(map.count == 6)
    map.update(book: book, step: 2, timeMs: Self.t0 + 6_000, lastTrade: nil)
    #expect(map.count == 1, "a new band: start again")
    #expect(map.step == 2)
  }

  @Test func anEmptyOrOneSidedBookIsNotSampled() {
    var map = LiquidityHeatmap(columns: 4, rows: 4)
    map.update(book: PriceBook(priceScale: 1, sizeScale: 0), step: 1, timeMs: Self.t0, lastTrade: nil)
    map.update(book: heatBook(bids: [(1, 1)], asks: []), step: 1, timeMs: Self.t0, lastTrade: nil)
    map.update(book: heatBook(bids: [(1, 1)], asks: [(2, 1)]), step: 0, timeMs: Self.t0, lastTrade: nil)
    #expect(map.count == 0)
    #expect(map.newestMoment == nil)
  }
}
