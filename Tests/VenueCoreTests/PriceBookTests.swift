import TestSupport
import Testing
import VenueCore

@Suite struct PriceBookTests {
  func book(
    _ levels: [LevelChange] = [bid("100.0", "1"), bid("99.5", "2"), ask("100.5", "3"), ask("101.0", "4")]
  )
    -> PriceBook
  {
    var b = PriceBook(priceScale: 1, sizeScale: 2)
    #expect(b.replace(with: levels[...]) == nil)
    return b
  }

  @Test func aSnapshotIsSortedBestFirstWhateverItsOrder() {
    let b = book([ask("101.0", "4"), bid("99.5", "2"), ask("100.5", "3"), bid("100.0", "1"), bid("98", "0")])
    #expect(b.sides().bids == ["100.0×1.00", "99.5×2.00"])
    #expect(b.sides().asks == ["100.5×3.00", "101.0×4.00"])
    #expect(b.bids.totalSize == 300)
    #expect(b.best(.ask)?.price == FixedDecimal("100.5"))
  }

  @Test func deltasSetAbsoluteSizesAndZeroDeletes() {
    var b = book()
    #expect(b.apply([bid("100.0", "5"), ask("100.5", "0"), ask("100.7", "1.25")]) == nil)
    #expect(b.sides().bids == ["100.0×5.00", "99.5×2.00"])
    #expect(b.sides().asks == ["100.7×1.25", "101.0×4.00"])
    #expect(b.asks.totalSize == 525)
  }

  @Test func aDeleteOfAnUnknownLevelIsANoOpOrAFaultByTheVenuesRule() {
    var b = book()
    #expect(b.apply([ask("105", "0")], missing: .ignore) == nil)
    #expect(
      b.apply([bid("100.0", "9"), ask("105", "0")], missing: .fault)
        == .unknownLevel(side: .ask, price: FixedDecimal("105")!))
    // All or nothing: the bid change before the fault was taken back.
    #expect(b.sides().bids == ["100.0×1.00", "99.5×2.00"])
  }

  /// BitMEX's rows say what they expect of the level: an insert makes a new one, an update or
  /// delete names a held one. A change that breaks its word is a fault, and the message is
  /// taken back whole (the changes before it included, and the breaking change itself).
  @Test func aChangeThatBreaksWhatItExpectsOfTheLevelIsAFault() {
    var b = book()
    let before = b.sides()
    let held = LevelChange(
      side: .bid, price: FixedDecimal("100.0")!, size: FixedDecimal("7")!, prior: .absent)
    #expect(
      b.apply([ask("101.0", "9"), held], missing: .ignore)
        == .duplicateLevel(side: .bid, price: FixedDecimal("100.0")!))
    #expect(b.sides() == before)
    let missing = LevelChange(side: .ask, price: FixedDecimal("102")!, size: .zero, prior: .held)
    #expect(
      b.apply([bid("99.5", "3"), missing], missing: .ignore)
        == .unknownLevel(side: .ask, price: FixedDecimal("102")!))
    #expect(b.sides() == before)
    // A change's own word wins over the book's rule: a new level under `missing: .fault`.
    let new = LevelChange(side: .ask, price: FixedDecimal("102")!, size: FixedDecimal("1")!, prior: .absent)
    #expect(b.apply([new], missing: .fault) == nil)
    #expect(b.sides().asks == ["100.5×3.00", "101.0×4.00", "102.0×1.00"])
  }

  /// A snapshot whose levels say they are new (one per id) must not give a price twice; other
  /// venues' snapshots keep one of the sizes, as before.
  @Test func aSnapshotOfNewLevelsRefusesAPriceGivenTwice() {
    var b = PriceBook(priceScale: 1, sizeScale: 0)
    let twice = [
      LevelChange(side: .bid, price: FixedDecimal("100")!, size: FixedDecimal("1")!, prior: .absent),
      LevelChange(side: .ask, price: FixedDecimal("101")!, size: FixedDecimal("1")!, prior: .absent),
      LevelChange(side: .bid, price: FixedDecimal("100.0")!, size: FixedDecimal("2")!, prior: .absent),
    ]
    #expect(b.replace(with: twice[...]) == .duplicateLevel(side: .bid, price: FixedDecimal("100")!))
    #expect(b.isEmpty)
    #expect(b.replace(with: [bid("100", "1"), ask("101", "1"), bid("100.0", "2")]) == nil)
    #expect(b.count(.buy) == 1)
  }

  @Test func aCrossingMessageIsTakenBackWhole() {
    var b = book()
    let before = b.sides()
    let fault = b.apply([bid("99.5", "0"), bid("100.5", "1")])
    #expect(fault == .crossed(bid: FixedDecimal("100.5")!, ask: FixedDecimal("100.5")!))
    #expect(b.sides() == before)
  }

  @Test func aCrossedSnapshotLeavesTheBookEmpty() {
    var b = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(b.replace(with: [bid("101", "1"), ask("100", "1")]) != nil)
    #expect(b.isEmpty)
  }

  @Test func valuesFinerThanTheBookOrNotPositiveAreFaults() {
    var b = book()
    #expect(b.apply([bid("100.05", "1")]) == .precision(FixedDecimal("100.05")!))
    #expect(b.apply([bid("99", "0.001")]) == .precision(FixedDecimal("0.001")!))
    #expect(b.apply([bid("0", "1")]) == .badPrice(side: .bid, price: FixedDecimal("0")!))
    #expect(
      b.apply([bid("99", "-1")])
        == .badSize(side: .bid, price: FixedDecimal("99")!, size: FixedDecimal("-1")!))
    // Trailing zeros are not finer: 100.50 is 100.5.
    #expect(b.apply([ask("100.50", "7")]) == nil)
    #expect(b.size(at: FixedDecimal("100.5")!, side: .ask) == FixedDecimal("7")!)
  }

  @Test func sizesThatAddUpPastInt64AreRefused() {
    var b = PriceBook(priceScale: 0, sizeScale: 0)
    #expect(b.replace(with: [bid("1", "9223372036854775807")]) == nil)
    #expect(b.apply([bid("2", "1")]) == .sizeOverflow(side: .bid))
    #expect(b.bids.count == 1)
    #expect(b.replace(with: [bid("1", "9223372036854775807"), bid("2", "1")]) == .sizeOverflow(side: .bid))
    #expect(b.isEmpty)
  }

  @Test func truncatingKeepsTheBestLevels() {
    var b = book([
      bid("100", "1"), bid("99", "1"), bid("98", "1"), ask("101", "1"), ask("102", "2"), ask("103", "3"),
    ])
    b.truncate(to: 2)
    #expect(b.sides().bids == ["100.0×1.00", "99.0×1.00"])
    #expect(b.sides().asks == ["101.0×1.00", "102.0×2.00"])
    #expect(b.asks.totalSize == 300)
  }

  @Test func aDepthLimitRefusesAMessageThatGoesDeeper() {
    var b = book()
    #expect(b.apply([bid("98", "1")], depthLimit: 2) == .tooDeep(side: .bid, levels: 3, limit: 2))
    #expect(b.bids.count == 2)
  }

  /// Random messages against a dictionary model: the book always equals the model after an
  /// applied message, and is unchanged after a refused one.
  /// A price looked up finds its level on either side, and one that is not held (zero,
  /// negative, the extremes of `Int64`, between, beyond) finds none.
  @Test func aLookupFindsHeldPricesAndNothingElse() {
    let b = book([
      bid("100.0", "1"), bid("99.5", "2"), bid("0.1", "5"), ask("100.5", "3"), ask("101.0", "4"),
      ask("922337203685477580.7", "6"),
    ])
    for side in BookSide.allCases {
      for level in b[side].levels {
        #expect(b[side].size(at: level.price) == level.size, "\(side) \(level.price)")
      }
      for price: Int64 in [.min, -1_000, -1, 0, 2, 996, 1_002, 1_003, 1_004, 1_006, .max - 1] {
        #expect(b[side].size(at: price) == 0, "\(side) \(price)")
      }
    }
    #expect(b.asks.size(at: .max) == 600 && b.bids.size(at: 1) == 500)
  }

  @Test func followsAModelUnderRandomMessages() {
    let seed = SimRandom.seed(0xB00C, "price-book")
    var rng = SimRandom(seed: seed)
    var b = PriceBook(priceScale: 0, sizeScale: 0)
    var model: [BookSide: [Int64: Int64]] = [.bid: [:], .ask: [:]]
    for step in 0..<1_500 {
      var changes: [LevelChange] = []
      for _ in 0..<rng.between(1, 6) {
        let side: BookSide = rng.chance(0.5) ? .bid : .ask
        // Bids 1…100, asks 90…200: some messages cross.
        let price = side == .bid ? rng.between(1, 100) : rng.between(90, 200)
        let size = rng.chance(0.3) ? 0 : rng.between(1, 50)
        changes.append(
          LevelChange(
            side: side, price: FixedDecimal(mantissa: Int64(price), scale: 0),
            size: FixedDecimal(mantissa: Int64(size), scale: 0)))
      }
      var next = model
      for c in changes {
        next[c.side]![c.price.mantissa] = c.size.isZero ? nil : c.size.mantissa
      }
      let crossed = (next[.bid]!.keys.max() ?? 0) >= (next[.ask]!.keys.min() ?? .max)
      let fault = b.apply(changes[...])
      #expect((fault != nil) == crossed, "seed \(seed) step \(step)")
      if !crossed { model = next }
      let bids = model[.bid]!.sorted { $0.key > $1.key }.map { "\($0.key)×\($0.value)" }
      let asks = model[.ask]!.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }
      #expect(b.sides().bids == bids && b.sides().asks == asks, "seed \(seed) step \(step)")
      if b.sides().bids != bids { return }
    }
  }
}
