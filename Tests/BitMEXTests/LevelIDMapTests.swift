import MarketModel
import TestSupport
import Testing
import VenueCore

@testable import BitMEX

/// The home slot `LevelIDMap` gives `key` in a table of `capacity` slots (a copy of its
/// multiplicative hash), used to build keys that collide on purpose. If the hash changes,
/// the tests below still check correctness, only with fewer collisions.
private func home(_ key: Int64, capacity: Int) -> Int {
  let shift = UInt64(64 - capacity.trailingZeroBitCount)
  return Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
}

/// The first `count` positive keys whose home slot is `slot` in a table of `capacity` slots.
private func keys(homeSlot slot: Int, count: Int, capacity: Int = 128, from start: Int64 = 1) -> [Int64] {
  var out: [Int64] = []
  var k = start
  while out.count < count {
    if home(k, capacity: capacity) == slot { out.append(k) }
    k += 1
  }
  return out
}

/// Every permutation of `items` (small arrays only).
private func permutations<T>(_ items: [T]) -> [[T]] {
  guard items.count > 1 else { return [items] }
  var out: [[T]] = []
  for (i, first) in items.enumerated() {
    var rest = items
    rest.remove(at: i)
    for tail in permutations(rest) { out.append([first] + tail) }
  }
  return out
}

/// Checks that `index` holds exactly `model`, probing `absent` keys too.
private func check(
  _ index: LevelIDMap, _ model: [Int64: FixedDecimal], absent: [Int64] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(index.count == model.count, sourceLocation: sourceLocation)
  for (key, price) in model {
    #expect(index.price(of: key) == price, "key \(key)", sourceLocation: sourceLocation)
  }
  for key in absent where model[key] == nil {
    #expect(index.price(of: key) == nil, "key \(key)", sourceLocation: sourceLocation)
  }
}

@Suite struct LevelIDMapTests {
  @Test func emptyIndex() {
    let index = LevelIDMap()
    #expect(index.count == 0)
    for key: Int64 in [0, 1, -1, 42, Int64.max, 62_400_580_205] {
      #expect(index.price(of: key) == nil)
    }
  }

  @Test func insertLookupUpdateRemove() {
    var index = LevelIDMap()
    #expect(index.insert(62_400_580_205, price: 98_459.9) == true)
    #expect(index.insert(8_796_766_500, price: 32_346) == true)
    #expect(index.insert(0, price: 1) == true)
    #expect(index.insert(Int64.max, price: 2) == true)
    #expect(index.insert(-5, price: 3) == true)
    #expect(index.count == 5)
    // A present key: insert refuses and keeps the old price.
    #expect(index.insert(62_400_580_205, price: 1) == false)
    #expect(index.price(of: 62_400_580_205) == 98_459.9)
    #expect(index.count == 5)
    index.update(8_796_766_500, price: 32_346.5)
    #expect(index.price(of: 8_796_766_500) == 32_346.5)
    // Updating an absent key changes nothing.
    index.update(7, price: 9)
    #expect(index.price(of: 7) == nil)
    #expect(index.count == 5)
    #expect(index.remove(8_796_766_500) == 32_346.5)
    #expect(index.remove(8_796_766_500) == nil)
    #expect(index.price(of: 8_796_766_500) == nil)
    #expect(index.remove(12_345) == nil)
    #expect(index.count == 4)
    check(index, [62_400_580_205: 98_459.9, 0: 1, Int64.max: 2, -5: 3])
  }

  static let sizes: [(minimumCapacity: Int, keys: Int)] = [
    (1, 10_000), (64, 5_000), (0, 1), (3, 33), (1_000, 2_000),
  ]

  /// Growing from a small table many times over keeps every key.
  @Test(arguments: sizes)
  func growthKeepsEveryKey(minimumCapacity: Int, keys count: Int) {
    var index = LevelIDMap(minimumCapacity: minimumCapacity)
    var model: [Int64: FixedDecimal] = [:]
    for k in 0..<count {
      // Both sequential-looking (old era) and scattered (new era) ids.
      let key = k.isMultiple(of: 2) ? Int64(8_796_000_000 + k) : Int64(k) &* 0x1234_5678_9AB
      #expect(index.insert(key, price: FixedDecimal(mantissa: Int64(k) * 5, scale: 1)) == true)
      model[key] = FixedDecimal(mantissa: Int64(k) * 5, scale: 1)
    }
    check(index, model, absent: [-1, 8_795_999_999, Int64(count) &* 0x1234_5678_9AB + 1])
  }

  @Test func removeAllEmptiesAndTheIndexIsReusable() {
    var index = LevelIDMap()
    for k in 1...500 { _ = index.insert(Int64(k), price: FixedDecimal(mantissa: Int64(k), scale: 0)) }
    index.removeAll()
    #expect(index.count == 0)
    for k in 1...500 { #expect(index.price(of: Int64(k)) == nil) }
    #expect(index.remove(1) == nil)
    // Removing all from an empty index is fine too.
    index.removeAll()
    #expect(index.count == 0)
    for k in 250...300 {
      #expect(index.insert(Int64(k), price: FixedDecimal(mantissa: -Int64(k), scale: 0)) == true)
    }
    var model: [Int64: FixedDecimal] = [:]
    for k in 250...300 { model[Int64(k)] = FixedDecimal(mantissa: -Int64(k), scale: 0) }
    check(index, model, absent: [1, 249, 301])
  }

  static let reserveCases: [(before: Int, reserve: Int, after: Int)] = [
    (0, 10_000, 10_000), (100, 5_000, 3_000), (1_000, 10, 500), (40, 40, 200), (0, 0, 10),
  ]

  /// Reserving (more or less than is held) keeps the entries and changes no answer.
  @Test(arguments: reserveCases)
  func reserveKeepsEntries(before: Int, reserve: Int, after: Int) {
    var index = LevelIDMap()
    var model: [Int64: FixedDecimal] = [:]
    for k in 0..<before {
      let key = Int64(k) * 7_919
      _ = index.insert(key, price: FixedDecimal(mantissa: Int64(k), scale: 0))
      model[key] = FixedDecimal(mantissa: Int64(k), scale: 0)
    }
    index.reserve(reserve)
    check(index, model)
    for k in before..<(before + after) {
      let key = Int64(k) * 7_919
      #expect(index.insert(key, price: FixedDecimal(mantissa: Int64(k), scale: 0)) == true)
      model[key] = FixedDecimal(mantissa: Int64(k), scale: 0)
    }
    check(index, model, absent: [1, 7_918, Int64(before + after) * 7_919])
  }

  // MARK: Collisions and backward-shift deletion

  /// Keys that share one home slot form one probe run; removing any of them, in any order,
  /// must leave the others reachable (a backward shift that moves too much or too little
  /// loses keys).
  @Test func everyRemovalOrderOfACollidingRun() {
    // 4 keys homed at slot 10 and 2 at slot 11 interleave into one run 10…15.
    let run = keys(homeSlot: 10, count: 4) + keys(homeSlot: 11, count: 2)
    for order in permutations(run) {
      var index = LevelIDMap()
      var model: [Int64: FixedDecimal] = [:]
      for key in run {
        #expect(index.insert(key, price: FixedDecimal(mantissa: key, scale: 0)) == true)
        model[key] = FixedDecimal(mantissa: key, scale: 0)
      }
      for key in order {
        #expect(index.remove(key) == FixedDecimal(mantissa: key, scale: 0))
        model[key] = nil
        check(index, model, absent: run)
      }
      #expect(index.count == 0)
    }
  }

  /// A run that wraps from the last slot to the first, with keys homed on both sides of
  /// the seam.
  @Test func collidingRunWrapsAroundTheEnd() {
    let tail = keys(homeSlot: 126, count: 3)
    let last = keys(homeSlot: 127, count: 3)
    let first = keys(homeSlot: 0, count: 2)
    let run = tail + last + first
    for order in permutations(Array(run.prefix(5))) + [run, run.reversed()] {
      var index = LevelIDMap()
      var model: [Int64: FixedDecimal] = [:]
      for key in run {
        #expect(index.insert(key, price: FixedDecimal(mantissa: key * 25, scale: 2)) == true)
        model[key] = FixedDecimal(mantissa: key * 25, scale: 2)
      }
      check(index, model)
      for key in order {
        #expect(index.remove(key) == FixedDecimal(mantissa: key * 25, scale: 2))
        model[key] = nil
        check(index, model, absent: run)
      }
      // Put them back in a different order: still all reachable.
      for key in order.reversed() {
        #expect(index.insert(key, price: FixedDecimal(mantissa: key, scale: 0)) == true)
        model[key] = FixedDecimal(mantissa: key, scale: 0)
      }
      check(index, model, absent: run)
    }
  }

  /// A removal in a run followed by an update and a lookup of a later member.
  @Test func updateAfterRemovalInARun() {
    let run = keys(homeSlot: 40, count: 5)
    var index = LevelIDMap()
    for key in run { _ = index.insert(key, price: 1) }
    #expect(index.remove(run[0]) == 1)
    #expect(index.remove(run[2]) == 1)
    index.update(run[4], price: 99)
    index.update(run[2], price: 77)  // gone: no effect
    #expect(index.price(of: run[4]) == 99)
    #expect(index.price(of: run[2]) == nil)
    #expect(index.price(of: run[1]) == 1)
    #expect(index.price(of: run[3]) == 1)
    #expect(index.count == 3)
    #expect(index.insert(run[4], price: 5) == false)
    #expect(index.insert(run[2], price: 5) == true)
    check(index, [run[1]: 1, run[2]: 5, run[3]: 1, run[4]: 99], absent: [run[0]])
  }

  // MARK: Random operations against a Dictionary

  static let randomCases: [(seed: UInt64, keySpace: Int64, operations: Int)] = [
    // A small key space: most operations hit present keys, runs collide a lot.
    (1, 64, 50_000),
    (2, 300, 50_000),
    // A large key space: mostly fresh keys, the table grows and shrinks in use.
    (3, 1 << 40, 50_000),
    // Keys that all share the low bits, as scaled prices would.
    (4, 4_096, 50_000),
  ]

  /// The table marks an empty slot with `Int64.min`; that id, from a malformed row, is a key
  /// like any other (it was taken for an empty slot: found where absent, never inserted).
  @Test func theEmptySlotsMarkIsAKeyLikeAnyOther() {
    var index = LevelIDMap()
    #expect(index.price(of: .min) == nil)
    #expect(index.remove(.min) == nil)
    #expect(index.insert(.min, price: 5) == true)
    #expect(index.insert(.min, price: 6) == false)
    #expect(index.insert(1, price: 7) == true)
    check(index, [.min: 5, 1: 7])
    index.update(.min, price: 8)
    index.reserve(10_000)
    check(index, [.min: 8, 1: 7])
    #expect(index.remove(.min) == 8)
    check(index, [1: 7], absent: [.min])
    _ = index.insert(.min, price: 9)
    index.removeAll()
    check(index, [:], absent: [.min, 1])
  }

  @Test(arguments: randomCases)
  func randomOperationsMatchADictionary(seed: UInt64, keySpace: Int64, operations: Int) {
    var rng = SimRandom(seed: seed)
    var index = LevelIDMap(minimumCapacity: 1)
    var model: [Int64: FixedDecimal] = [:]
    var present: [Int64] = []
    let scale: Int64 = seed == 4 ? 1 << 20 : 1
    func randomKey() -> Int64 {
      if !present.isEmpty && Bool.random(using: &rng) {
        return present[Int.random(in: 0..<present.count, using: &rng)]
      }
      return Int64.random(in: 0..<keySpace, using: &rng) * scale
    }
    for step in 0..<operations {
      let key = randomKey()
      let price = FixedDecimal(mantissa: Int64(Int.random(in: 0..<1_000_000, using: &rng)), scale: 1)
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<40:
        let inserted = index.insert(key, price: price)
        #expect(inserted == (model[key] == nil), "step \(step)")
        if inserted {
          model[key] = price
          present.append(key)
        }
      case 40..<70:
        let removed = index.remove(key)
        #expect(removed == model[key], "step \(step)")
        if model.removeValue(forKey: key) != nil {
          present.removeAll { $0 == key }
        }
      case 70..<80:
        index.update(key, price: price)
        if model[key] != nil { model[key] = price }
      case 80..<99:
        #expect(index.price(of: key) == model[key], "step \(step)")
      default:
        if Int.random(in: 0..<20, using: &rng) == 0 {
          index.removeAll()
          model.removeAll()
          present.removeAll()
        } else {
          index.reserve(Int.random(in: 0..<4_096, using: &rng))
        }
      }
      #expect(index.count == model.count, "step \(step)")
      if step % 1_000 == 0 { check(index, model) }
    }
    check(index, model)
  }

  /// `insertAll` (a partial's ids, a side at once) stores what one `insert` a row would: a run of
  /// colliding keys, the empty slots' mark, past the room the map had; rows of the other side, of
  /// another symbol or without a price are passed over; an id given twice on the side is returned.
  @Test func insertAllIsAnInsertForEachRowOfItsSide() {
    let colliding = keys(homeSlot: 9, count: 5)
    var rows: [BookRow] = []
    var model: [Int64: FixedDecimal] = [:]
    for (n, key) in (colliding + [Int64.min, 0, -7] + (1_000...1_200).map { Int64($0) }).enumerated() {
      let price = FixedDecimal(mantissa: Int64(n + 1), scale: 1)
      rows.append(BookRow(symbol: "XBTUSD", id: key, side: .buy, size: 1, price: price))
      model[key] = price
      // The same id on the other side, another symbol's, one without a price: none of them.
      rows.append(BookRow(symbol: "XBTUSD", id: key, side: .sell, size: 1, price: 99))
      rows.append(BookRow(symbol: "ETHUSD", id: key &+ 1, side: .buy, size: 1, price: 98))
    }
    rows.append(BookRow(symbol: "XBTUSD", id: 5_000, side: .buy, size: 1, price: nil))
    var index = LevelIDMap()
    let twice = rows.withUnsafeBufferPointer { index.insertAll($0, side: .buy, symbol: "XBTUSD") }
    #expect(twice == nil)
    check(index, model, absent: [5_000, 1_201, 1_000_001])
    // Reused after emptying, as at every partial; an id given twice is the fault.
    index.removeAll()
    let again = [
      BookRow(symbol: "XBTUSD", id: colliding[0], side: .buy, size: 1, price: 1),
      BookRow(symbol: "XBTUSD", id: colliding[1], side: .buy, size: 1, price: 2),
      BookRow(symbol: "XBTUSD", id: colliding[0], side: .buy, size: 1, price: 3),
    ]
    #expect(
      again.withUnsafeBufferPointer { index.insertAll($0, side: .buy, symbol: "XBTUSD") } == colliding[0])
    #expect(index.price(of: colliding[0]) == 1 && index.price(of: colliding[1]) == 2)
    let mark = [
      BookRow(symbol: "XBTUSD", id: .min, side: .buy, size: 1, price: 1),
      BookRow(symbol: "XBTUSD", id: .min, side: .buy, size: 1, price: 2),
    ]
    index.removeAll()
    #expect(mark.withUnsafeBufferPointer { index.insertAll($0, side: .buy, symbol: "XBTUSD") } == .min)
  }
}
