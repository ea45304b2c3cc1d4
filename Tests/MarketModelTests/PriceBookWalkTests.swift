import MarketModel
import TestSupport
import Testing

/// `PriceBook`'s own walk of its levels (`forEachLevel`) says what reading `level` one by one
/// says: the same levels, best first, the same limit and the same early stop.
@Suite struct PriceBookWalkTests {
  @Test(arguments: [UInt64(1), 2, 3, 4, 5])
  func theWalkIsTheLevelsOneByOne(seed: UInt64) throws {
    var random = SimRandom(seed: seed)
    let scale = UInt8(random.next() % 4)
    var changes: [LevelChange] = []
    let bids = Int(random.next() % 40)
    let asks = Int(random.next() % 40)
    for n in 0..<bids {
      changes.append(
        LevelChange(
          side: .bid, price: FixedDecimal(mantissa: 100_000 - Int64(n) * 3, scale: scale),
          size: FixedDecimal(mantissa: 1 + Int64(random.next() % 1_000), scale: 0)))
    }
    for n in 0..<asks {
      changes.append(
        LevelChange(
          side: .ask, price: FixedDecimal(mantissa: 100_001 + Int64(n) * 2, scale: scale),
          size: FixedDecimal(mantissa: 1 + Int64(random.next() % 1_000), scale: 0)))
    }
    var book = PriceBook(priceScale: scale, sizeScale: 0)
    try #require(book.replace(with: changes[...]) == nil, "seed \(seed)")
    for side in [Side.buy, .sell] {
      for limit in [-1, 0, 1, 7, 39, 40, 1_000] {
        var walked: [PriceLevel] = []
        book.forEachLevel(side, limit: limit) {
          walked.append($0)
          return true
        }
        let expected = (0..<max(0, min(limit, book.count(side)))).compactMap { book.level(side, $0) }
        #expect(walked == expected, "seed \(seed), \(side), limit \(limit)")
      }
      // Returning false stops the walk after that level.
      var seen = 0
      book.forEachLevel(side) { _ in
        seen += 1
        return seen < 3
      }
      #expect(seen == min(3, book.count(side)), "seed \(seed), \(side)")
    }
  }
}
