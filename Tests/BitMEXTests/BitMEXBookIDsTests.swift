import MarketModel
import TestSupport
import Testing
import VenueCore

@testable import BitMEX

// MARK: Helpers

private let sym: Symbol = "XBTUSD"

private func bid(_ id: Int64, _ price: FixedDecimal?, _ size: Int64?, _ symbol: Symbol = sym) -> BookRow {
  BookRow(symbol: symbol, id: id, side: .buy, size: size, price: price)
}

private func ask(_ id: Int64, _ price: FixedDecimal?, _ size: Int64?, _ symbol: Symbol = sym) -> BookRow {
  BookRow(symbol: symbol, id: id, side: .sell, size: size, price: price)
}

private let base: [BookRow] = [
  bid(11, 100, 10), bid(12, 99.5, 20), bid(13, 99, 30),
  ask(21, 100.5, 15), ask(22, 101, 25), ask(23, 101.5, 35),
]

/// BitMEX's book as the dashboard keeps it: the adapter's id map (`BitMEXBookIDs`) hands price
/// levels to the partial rule (`PartialSync`), which drives the one book engine (`PriceBook`).
/// A fault of the map is the rule's to answer (`refuse`), as `MarketState` does.
struct BitMEXBook {
  var ids = BitMEXBookIDs()
  var policy: PartialSync
  var book = PriceBook(priceScale: 2, sizeScale: 0)
  var levels: [LevelChange] = []

  init(depthLimit: Int? = nil) {
    policy = PartialSync(depthLimit: depthLimit)
  }

  /// Applies one message; returns the fault it made, if any.
  mutating func apply(_ action: TableAction, _ rows: [BookRow], table: BookTable = .full) -> BookSyncFault? {
    levels.removeAll()
    let update: BookUpdate = action == .partial ? .snapshot() : .delta()
    if let fault = ids.map(table, action, sym, rows[...], into: &levels) {
      return policy.refuse(update, fault, book: &book).fault
    }
    return policy.receive(update, levels[...], book: &book).fault
  }

  /// Whether the id map and the book agree: every id maps to a held level, and every held
  /// level has exactly one id.
  func agrees(table: BookTable = .full, ids byID: [BookRow]) -> Bool {
    // A book that goes by price keeps no id.
    guard ids.keepsIDs(table, sym) else {
      return ids.count(table, sym, .buy) == 0 && ids.count(table, sym, .sell) == 0
    }
    var seen: [BookSide: Set<Int64>] = [.bid: [], .ask: []]
    var asked = Set<[Int64]>()
    for row in byID where asked.insert([row.id, row.side == .buy ? 0 : 1]).inserted {
      guard let price = ids.price(table, sym, id: row.id, side: row.side) else { continue }
      guard let ticks = price.mantissa(atScale: book.priceScale), book[row.side.bookSide].size(at: ticks) > 0,
        seen[row.side.bookSide]!.insert(ticks).inserted
      else { return false }
    }
    return ids.count(table, sym, .buy) == book.bids.count && ids.count(table, sym, .sell) == book.asks.count
  }
}

/// One message and the fault it must make.
struct BitMEXStep: Sendable {
  var action: TableAction
  var rows: [BookRow]
  var fault: BookSyncFault?

  init(_ action: TableAction, _ rows: [BookRow], fault: BookSyncFault? = nil) {
    self.action = action
    self.rows = rows
    self.fault = fault
  }
}

/// Messages and the book they must leave, best first ("price×size" at scale 2).
struct BitMEXScript: Sendable, CustomTestStringConvertible {
  var name: String
  var steps: [BitMEXStep]
  var bids: [String]
  var asks: [String]
  var live = true
  var depthLimit: Int?

  var testDescription: String { name }
}

private let baseBids = ["100.00×10", "99.50×20", "99.00×30"]
private let baseAsks = ["100.50×15", "101.00×25", "101.50×35"]

@Suite struct BitMEXBookIDsTests {
  /// `OrderBookTests`' scripts said of the id-keyed book, said of the adapter's map and the one
  /// book engine. A fault resyncs: the book keeps its last good levels and is not live.
  static let scripts: [BitMEXScript] = [
    BitMEXScript(
      name: "partial builds the book", steps: [BitMEXStep(.partial, base)], bids: baseBids, asks: baseAsks),
    BitMEXScript(
      name: "a second partial replaces, dropping levels and ids only the first had",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.partial, [bid(11, 100, 1), bid(14, 98, 2), ask(24, 102, 3)]),
      ],
      bids: ["100.00×1", "98.00×2"], asks: ["102.00×3"]),
    BitMEXScript(
      name: "an empty partial empties the book",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.partial, [])], bids: [], asks: []),
    BitMEXScript(
      name: "insert adds levels on both sides",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.insert, [bid(14, 99.75, 5), ask(24, 100.75, 6)])],
      bids: ["100.00×10", "99.75×5", "99.50×20", "99.00×30"],
      asks: ["100.50×15", "100.75×6", "101.00×25", "101.50×35"]),
    BitMEXScript(
      name: "update with price sets the size",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.update, [bid(12, 99.5, 222), ask(21, 100.5, 111)])],
      bids: ["100.00×10", "99.50×222", "99.00×30"], asks: ["100.50×111", "101.00×25", "101.50×35"]),
    BitMEXScript(
      name: "update without price uses the mapped price (pre-2023 rows)",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.update, [bid(13, nil, 7), ask(23, nil, 8)])],
      bids: ["100.00×10", "99.50×20", "99.00×7"], asks: ["100.50×15", "101.00×25", "101.50×8"]),
    BitMEXScript(
      name: "delete without price uses the mapped price (pre-2023 rows)",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(11, nil, nil), ask(22, nil, nil)])],
      bids: ["99.50×20", "99.00×30"], asks: ["100.50×15", "101.50×35"]),
    BitMEXScript(
      name: "delete with price (2023+ rows)",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(12, 99.5, nil), ask(21, 100.5, nil)])],
      bids: ["100.00×10", "99.00×30"], asks: ["101.00×25", "101.50×35"]),
    BitMEXScript(
      name: "after a delete with its price the book goes by price: rows name their levels by price",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(12, 99.5, nil)]),
        BitMEXStep(.update, [bid(11, 100, 7), ask(77, 101, 26)]),
        BitMEXStep(.insert, [bid(78, 99.75, 2)]),
        BitMEXStep(.delete, [ask(79, 101.5, nil)]),
      ],
      bids: ["100.00×7", "99.75×2", "99.00×30"], asks: ["100.50×15", "101.00×26"]),
    BitMEXScript(
      name: "going by price, an update of a price not held is an unknown level",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(12, 99.5, nil)]),
        BitMEXStep(.update, [bid(11, 98.25, 7)], fault: .unknownLevel(side: .bid, price: 98.25)),
      ],
      bids: ["100.00×10", "99.00×30"], asks: baseAsks, live: false),
    BitMEXScript(
      name: "going by price, a row without its price faults and the book keeps its ids from then on",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(12, 99.5, nil)]),
        BitMEXStep(.update, [bid(11, nil, 5)], fault: .unknownID(side: .bid, id: 11)),
        BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(12, 99.5, nil)]),
        BitMEXStep(.update, [bid(11, nil, 6)]),
      ],
      bids: ["100.00×6", "99.00×30"], asks: baseAsks),
    BitMEXScript(
      name: "update with a different price moves the level, and the map follows",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.update, [bid(11, 98.5, 10), ask(21, 102, 16)]),
        BitMEXStep(.update, [bid(11, nil, 44)]),
        BitMEXStep(.delete, [ask(21, nil, nil)]),
      ],
      bids: ["99.50×20", "99.00×30", "98.50×44"], asks: ["101.00×25", "101.50×35"]),
    BitMEXScript(
      name: "delete then insert again of the same id",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(11, nil, nil)]),
        BitMEXStep(.insert, [bid(11, 99.25, 3)]),
      ],
      bids: ["99.50×20", "99.25×3", "99.00×30"], asks: baseAsks),
    BitMEXScript(
      name: "the same id on both sides is two levels",
      steps: [
        BitMEXStep(.partial, [bid(7, 50, 1), ask(7, 51, 2)]), BitMEXStep(.delete, [bid(7, nil, nil)]),
      ],
      bids: [], asks: ["51.00×2"]),
    BitMEXScript(
      name: "update of an unknown id faults",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.update, [bid(99, nil, 5)], fault: .unknownID(side: .bid, id: 99)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "update of an unknown id with a price still faults",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.update, [ask(99, 103, 5)], fault: .unknownID(side: .ask, id: 99)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "update of an id known only on the other side faults",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.update, [ask(11, nil, 5)], fault: .unknownID(side: .ask, id: 11)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "delete of a level already deleted faults",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.delete, [bid(13, nil, nil)]),
        BitMEXStep(.delete, [bid(13, nil, nil)], fault: .unknownID(side: .bid, id: 13)),
      ],
      bids: ["100.00×10", "99.50×20"], asks: baseAsks, live: false),
    BitMEXScript(
      name: "insert of an existing id faults and changes nothing",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.insert, [bid(12, 99.25, 1)], fault: .duplicateID(side: .bid, id: 12)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "insert of a new id at a held price faults (one level per price)",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(
          .insert, [bid(14, 98, 1), bid(15, 99.5, 1)], fault: .duplicateLevel(side: .bid, price: 99.5)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "a message that faults is taken back whole",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(
          .update, [bid(11, nil, 1), bid(99, nil, 2), bid(12, nil, 3)], fault: .unknownID(side: .bid, id: 99)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "a duplicate id inside a partial faults and leaves no book",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(
          .partial, [bid(1, 10, 1), bid(2, 9, 2), bid(1, 8, 3), ask(3, 11, 4)],
          fault: .duplicateID(side: .bid, id: 1)),
      ],
      bids: [], asks: [], live: false),
    BitMEXScript(
      name: "a crossing message is a fault and is taken back",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.insert, [bid(14, 100.5, 9)], fault: .crossed(bid: 100.5, ask: 100.5)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "a message crossing midway but not at its end is fine",
      steps: [BitMEXStep(.partial, base), BitMEXStep(.update, [ask(21, 99.8, 15), bid(11, 99.7, 10)])],
      bids: ["99.70×10", "99.50×20", "99.00×30"], asks: ["99.80×15", "101.00×25", "101.50×35"]),
    BitMEXScript(
      name: "a crossed partial faults and leaves no book",
      steps: [
        BitMEXStep(.partial, [bid(1, 101, 1), ask(2, 100.5, 2)], fault: .crossed(bid: 101, ask: 100.5))
      ],
      bids: [], asks: [], live: false),
    BitMEXScript(
      name: "rows of another symbol are not this book's",
      steps: [
        BitMEXStep(.partial, base + [ask(24, 100.5, 7, "ETHUSD"), bid(11, 99, 1, "ETHUSD")]),
        BitMEXStep(.update, [ask(21, nil, 999, "ETHUSD"), bid(11, nil, 5), bid(77, nil, 1, "ETHUSD")]),
      ],
      bids: ["100.00×5", "99.50×20", "99.00×30"], asks: baseAsks),
    BitMEXScript(
      name: "sizes of 0 or none on a partial, insert or update are faults (a level of size 0 is not there)",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(
          .update, [bid(11, nil, 7), bid(12, nil, 0)], fault: .badSize(side: .bid, price: 99.5, size: 0)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "a price ≤ 0 is a fault",
      steps: [
        BitMEXStep(.partial, base),
        BitMEXStep(.insert, [bid(14, -98, 1)], fault: .badPrice(side: .bid, price: -98)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "a price finer than the book keeps is a fault, never rounded",
      steps: [
        BitMEXStep(.partial, base), BitMEXStep(.insert, [bid(14, 99.125, 1)], fault: .precision(99.125)),
      ],
      bids: baseBids, asks: baseAsks, live: false),
    BitMEXScript(
      name: "a depth-limited book: an insert past the depth faults and is taken back",
      steps: [
        BitMEXStep(.partial, [bid(1, 100, 1), bid(2, 99.5, 1), ask(3, 100.5, 1)]),
        BitMEXStep(.insert, [bid(9, 98, 1)], fault: .tooDeep(side: .bid, levels: 3, limit: 2)),
      ],
      bids: ["100.00×1", "99.50×1"], asks: ["100.50×1"], live: false, depthLimit: 2),
    BitMEXScript(
      name: "deltas before the partial are dropped; a fresh partial after a fault is live again",
      steps: [
        BitMEXStep(.update, [bid(11, nil, 5)]),
        BitMEXStep(.partial, base),
        BitMEXStep(.delete, [ask(98, nil, nil)], fault: .unknownID(side: .ask, id: 98)),
        BitMEXStep(.update, [bid(11, nil, 5)]),
        BitMEXStep(.partial, base),
        BitMEXStep(.update, [bid(11, nil, 6)]),
      ],
      bids: ["100.00×6", "99.50×20", "99.00×30"], asks: baseAsks),
  ]

  @Test(arguments: scripts)
  func script(_ script: BitMEXScript) {
    var b = BitMEXBook(depthLimit: script.depthLimit)
    var every: [BookRow] = []
    for (n, step) in script.steps.enumerated() {
      #expect(b.apply(step.action, step.rows) == step.fault, "step \(n + 1)")
      every += step.rows
      if b.policy.state.isLive {
        #expect(b.agrees(ids: every), "step \(n + 1): the id map disagrees with the live book")
      }
    }
    #expect(b.book.sides().bids == script.bids)
    #expect(b.book.sides().asks == script.asks)
    #expect(b.policy.state.isLive == script.live)
  }

  /// A message the map refuses is taken back from the map whole: the ids it moved, deleted and
  /// inserted are as before, so price-less rows find the levels where they were.
  @Test func aRefusedMessageLeavesTheMapAsItWas() throws {
    var ids = BitMEXBookIDs()
    var levels: [LevelChange] = []
    #expect(ids.map(.full, .partial, sym, base[...], into: &levels) == nil)
    levels.removeAll()
    let moved: [BookRow] = [
      bid(11, 98.5, 1), bid(12, nil, 2), bid(11, 97, 3), ask(21, 101.25, 4), ask(77, nil, 5),
    ]
    #expect(ids.map(.full, .update, sym, moved[...], into: &levels) == .unknownID(side: .ask, id: 77))
    #expect(levels.isEmpty)
    let deleted: [BookRow] = [bid(11, nil, nil), bid(12, 99.5, nil), bid(99, nil, nil)]
    #expect(ids.map(.full, .delete, sym, deleted[...], into: &levels) == .unknownID(side: .bid, id: 99))
    let inserted: [BookRow] = [ask(30, 102, 1), ask(31, 103, 2), ask(30, 104, 3)]
    #expect(ids.map(.full, .insert, sym, inserted[...], into: &levels) == .duplicateID(side: .ask, id: 30))
    #expect(levels.isEmpty)
    for row in base {
      #expect(ids.price(.full, sym, id: row.id, side: row.side) == row.price, "\(row.id)")
    }
    #expect(ids.price(.full, sym, id: 30, side: .sell) == nil)
    #expect(ids.count(.full, sym, .buy) == 3 && ids.count(.full, sym, .sell) == 3)
    #expect(ids.map(.full, .update, sym, [bid(11, nil, 5)], into: &levels) == nil)
    #expect(levels == [LevelChange(side: .bid, price: 100, size: 5, prior: .held)])
  }

  /// A message whose rows cannot be mapped names its fault, which the batch keeps (not the
  /// event: every event would be larger for it); a batch emptied or taken back to a mark drops it.
  @Test func aMessageThatCannotBeMappedNamesItsFaultInTheBatch() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try decoder.decode(
      Array(
        #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":11,"side":"Buy","size":10,"price":100},{"symbol":"XBTUSD","id":21,"side":"Sell","size":15,"price":100.5}]}"#
          .utf8), into: &batch)
    #expect(batch.bookFaults.isEmpty)
    batch.removeAll()
    let mark = batch.mark
    try decoder.decode(
      Array(
        #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":77,"side":"Sell","size":5}]}"#
          .utf8), into: &batch)
    try decoder.decode(
      Array(
        #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":11,"side":"Buy","size":5}]}"#
          .utf8), into: &batch)
    guard batch.events.count == 2, case .book(let refused) = batch.events[0],
      case .book(let mapped) = batch.events[1]
    else {
      Issue.record("not two book messages: \(batch.events)")
      return
    }
    #expect(refused.levels.isEmpty && batch.fault(of: refused) == .unknownID(side: .ask, id: 77))
    #expect(mapped.faultIndex == nil && batch.fault(of: mapped) == nil && mapped.levels.count == 1)
    #expect(batch.bookFaults == [.unknownID(side: .ask, id: 77)])
    var taken = batch
    taken.rollBack(to: mark)
    #expect(taken.events.isEmpty && taken.bookFaults.isEmpty)
    batch.removeAll()
    #expect(batch.bookFaults.isEmpty)
  }

  /// A batch decoded without mapping and mapped afterwards (`map(_:)`, what the replay that
  /// shares its decoding does) is the batch the decoder maps as it decodes: messages for one
  /// book mapped where they are, an all-symbols partial split into one message per book (and
  /// every message after it still mapped), a message naming no rows kept, a fault in its place.
  @Test func aBatchMappedAfterwardsIsTheBatchMappedWhileDecoding() throws {
    let frames = [
      #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":11,"side":"Buy","size":10,"price":100},{"symbol":"XBTUSD","id":21,"side":"Sell","size":15,"price":100.5}]}"#,
      #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":11,"side":"Buy","size":5}]}"#,
      #"{"table":"orderBookL2_25","action":"update","data":[]}"#,
      #"{"table":"trade","action":"insert","data":[]}"#,
      #"{"table":"orderBookL2","action":"partial","data":[{"symbol":"ETHUSD","id":31,"side":"Buy","size":3,"price":2000},{"symbol":"XBTUSD","id":41,"side":"Sell","size":4,"price":101},{"symbol":"ETHUSD","id":32,"side":"Sell","size":6,"price":2001}]}"#,
      #"{"table":"orderBookL2_25","action":"delete","data":[{"symbol":"XBTUSD","id":21,"side":"Sell"}]}"#,
      #"{"table":"orderBookL2","action":"insert","data":[{"symbol":"ETHUSD","id":33,"side":"Buy","size":1,"price":1999}]}"#,
      #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":77,"side":"Sell","size":5}]}"#,
    ]
    // Every split of the frames into two batches: the in-place path alone, and the laid-out
    // path from the all-symbols partial on, with the map carried from one batch to the next.
    for split in 0...frames.count {
      var whileDecoding = BitMEXDecoder()
      var afterwards = BitMEXDecoder(mapsBooks: false)
      var ids = BitMEXBookIDs()
      for part in [frames[..<split], frames[split...]] {
        var expected = MarketBatch()
        var batch = MarketBatch()
        for frame in part {
          try whileDecoding.decode(Array(frame.utf8), into: &expected)
          try afterwards.decode(Array(frame.utf8), into: &batch)
        }
        ids.map(&batch)
        #expect(batch.events == expected.events, "split at \(split)")
        #expect(batch.bookLevels == expected.bookLevels, "split at \(split)")
        #expect(batch.bookFaults == expected.bookFaults, "split at \(split)")
      }
    }
  }

  /// The levels a message becomes: an insert's are new, an update's and a delete's held, a move
  /// is the old price deleted and the new one added.
  @Test func rowsBecomePriceLevelsThatSayWhatTheyExpect() {
    var ids = BitMEXBookIDs()
    var levels: [LevelChange] = []
    _ = ids.map(.top25, .partial, sym, base[...], into: &levels)
    #expect(levels.count == 6 && levels.allSatisfy { $0.prior == .absent })
    levels.removeAll()
    _ = ids.map(.top25, .insert, sym, [ask(24, 102, 1)], into: &levels)
    _ = ids.map(.top25, .update, sym, [bid(12, 98.75, 4)], into: &levels)
    _ = ids.map(.top25, .delete, sym, [ask(22, nil, nil)], into: &levels)
    #expect(
      levels == [
        LevelChange(side: .ask, price: 102, size: 1, prior: .absent),
        LevelChange(side: .bid, price: 99.5, size: 0, prior: .held),
        LevelChange(side: .bid, price: 98.75, size: 4, prior: .absent),
        LevelChange(side: .ask, price: 101, size: 0, prior: .held),
      ])
    // Books are kept per table: the full table's ids are not the top-25's.
    #expect(ids.map(.full, .update, sym, [bid(11, nil, 1)], into: &levels) == .unknownID(side: .bid, id: 11))
  }

  /// Random inserts, updates (with, without and with a new price), deletes and faulting messages
  /// (an unknown id, a crossing insert), on up to 500 levels a side, against a plain dictionary:
  /// after every message the book is the model's, and the id map agrees with it while the book
  /// is live. A fault resyncs as the dashboard does: a fresh partial of the model's levels.
  /// Deletes come without their price, as before BitMEX's 2023 change (with it, the book would
  /// go by price: `randomPricedMessagesMatchADictionaryModel`).
  @Test(arguments: [UInt64(1), 2, 3])
  func randomMessagesMatchADictionaryModel(seed: UInt64) {
    struct Key: Hashable {
      var id: Int64
      var side: Side
    }
    var rng = SimRandom(seed: seed)
    var b = BitMEXBook()
    var model: [Key: (ticks: Int64, size: Int64)] = [:]
    var keys: [Key] = []
    var nextID: Int64 = 1
    var nextTicks: [Side: Int64] = [.buy: 100_000, .sell: 120_000]
    var every: [BookRow] = []
    func price(_ ticks: Int64) -> FixedDecimal { FixedDecimal(mantissa: ticks, scale: 1) }
    func fresh(_ side: Side) -> Int64 {
      // Unique per side, bids below 12,000 and asks from 12,000: never crossed.
      nextTicks[side]! +=
        side == .buy ? -Int64.random(in: 1...3, using: &rng) : Int64.random(in: 1...3, using: &rng)
      return nextTicks[side]!
    }
    func expected(_ side: Side) -> [String] {
      model.filter { $0.key.side == side }.map(\.value)
        .sorted { side == .buy ? $0.ticks > $1.ticks : $0.ticks < $1.ticks }
        .map { "\(price($0.ticks).rescaled(to: 2)!)×\($0.size)" }
    }
    func resync() {
      let rows = keys.map { k in
        BookRow(symbol: sym, id: k.id, side: k.side, size: model[k]!.size, price: price(model[k]!.ticks))
      }
      #expect(b.apply(.partial, rows) == nil, "seed \(seed)")
    }
    resync()
    for step in 0..<4_000 {
      var rows: [BookRow] = []
      var action = TableAction.insert
      var faults = false
      let roll = Int.random(in: 0..<100, using: &rng)
      let side: Side = Bool.random(using: &rng) ? .buy : .sell
      let pick = keys.isEmpty ? nil : keys[Int.random(in: 0..<keys.count, using: &rng)]
      switch roll {
      case 0..<35 where keys.count < 1_000:
        let key = Key(id: nextID, side: side)
        nextID += 1
        let level = (ticks: fresh(side), size: Int64.random(in: 1...1_000, using: &rng))
        rows = [BookRow(symbol: sym, id: key.id, side: side, size: level.size, price: price(level.ticks))]
        model[key] = level
        keys.append(key)
      case 35..<60 where pick != nil:
        action = .update
        let key = pick!
        let size = Int64.random(in: 1...1_000, using: &rng)
        let moves = Int.random(in: 0..<4, using: &rng)
        let ticks = moves == 0 ? fresh(key.side) : model[key]!.ticks
        let given: FixedDecimal? = moves == 0 || moves == 1 ? price(ticks) : nil
        rows = [BookRow(symbol: sym, id: key.id, side: key.side, size: size, price: given)]
        model[key] = (ticks, size)
      case 60..<85 where pick != nil:
        action = .delete
        let key = pick!
        rows = [BookRow(symbol: sym, id: key.id, side: key.side, size: nil, price: nil)]
        model[key] = nil
        keys.removeAll { $0 == key }
      case 85..<92:
        action = .update
        rows = [BookRow(symbol: sym, id: 1_000_000 + Int64(step), side: side, size: 5, price: nil)]
        faults = true
      case 92..<96:
        // A crossing insert: an ask at the best bid.
        guard let best = model.filter({ $0.key.side == .buy }).map(\.value.ticks).max() else { continue }
        rows = [BookRow(symbol: sym, id: nextID, side: .sell, size: 1, price: price(best))]
        nextID += 1
        faults = true
      default:
        continue
      }
      let fault = b.apply(action, rows)
      every += rows
      #expect((fault != nil) == faults, "seed \(seed) step \(step): \(String(describing: fault))")
      if fault != nil {
        #expect(!b.policy.state.isLive)
        resync()
      }
      #expect(b.policy.state.isLive, "seed \(seed) step \(step)")
      #expect(b.book.sides().bids == expected(.buy), "seed \(seed) step \(step)")
      #expect(b.book.sides().asks == expected(.sell), "seed \(seed) step \(step)")
      if step % 50 == 0 { #expect(b.agrees(ids: every), "seed \(seed) step \(step)") }
    }
    #expect(b.agrees(ids: every), "seed \(seed)")
  }

  /// The 2023 scheme: every row gives its price, ids are arbitrary and never move. Random
  /// inserts, updates and deletes, and faulting messages (an update or delete of a price not
  /// held, a crossing insert), against a dictionary keyed by price. The book goes by price from
  /// its first delete and keeps no id; after every message it is the model's, and a fault
  /// resyncs with a fresh partial, after which the book again goes by price at its first delete.
  @Test(arguments: [UInt64(1), 2, 3])
  func randomPricedMessagesMatchADictionaryModel(seed: UInt64) {
    struct Key: Hashable {
      var ticks: Int64
      var side: Side
    }
    var rng = SimRandom(seed: seed)
    var b = BitMEXBook()
    var model: [Key: (id: Int64, size: Int64)] = [:]
    // The held levels in the order they came (a dictionary's own order changes from run to run).
    var keys: [Key] = []
    var nextID: Int64 = 62_400_000_000
    func price(_ ticks: Int64) -> FixedDecimal { FixedDecimal(mantissa: ticks, scale: 1) }
    func expected(_ side: Side) -> [String] {
      model.filter { $0.key.side == side }.sorted {
        side == .buy ? $0.key.ticks > $1.key.ticks : $0.key.ticks < $1.key.ticks
      }
      .map { "\(price($0.key.ticks).rescaled(to: 2)!)×\($0.value.size)" }
    }
    func resync() {
      let rows = model.map { k, v in
        BookRow(symbol: sym, id: v.id, side: k.side, size: v.size, price: price(k.ticks))
      }
      #expect(b.apply(.partial, rows) == nil, "seed \(seed)")
    }
    func free(_ side: Side) -> Int64 {
      // Bids below 12,000.0 and asks from 12,000.0: never crossed.
      while true {
        let ticks =
          side == .buy
          ? Int64.random(in: 100_000..<120_000, using: &rng)
          : Int64.random(in: 120_000..<140_000, using: &rng)
        if model[Key(ticks: ticks, side: side)] == nil { return ticks }
      }
    }
    resync()
    var wentByPrice = 0
    for step in 0..<4_000 {
      var rows: [BookRow] = []
      var action = TableAction.insert
      var faults = false
      let side: Side = Bool.random(using: &rng) ? .buy : .sell
      let held = keys.filter { $0.side == side }.randomElement(using: &rng)
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<35 where model.count < 1_000:
        let key = Key(ticks: free(side), side: side)
        nextID += Int64.random(in: 1...1_000, using: &rng)
        model[key] = (nextID, Int64.random(in: 1...1_000, using: &rng))
        keys.append(key)
        rows = [BookRow(symbol: sym, id: nextID, side: side, size: model[key]!.size, price: price(key.ticks))]
      case 35..<60 where held != nil:
        action = .update
        let size = Int64.random(in: 1...1_000, using: &rng)
        model[held!]!.size = size
        rows = [BookRow(symbol: sym, id: model[held!]!.id, side: side, size: size, price: price(held!.ticks))]
      case 60..<85 where held != nil:
        action = .delete
        rows = [BookRow(symbol: sym, id: model[held!]!.id, side: side, size: nil, price: price(held!.ticks))]
        model[held!] = nil
        keys.removeAll { $0 == held! }
      case 85..<92:
        // A level the book does not hold (a missed insert).
        action = Bool.random(using: &rng) ? .update : .delete
        rows = [
          BookRow(symbol: sym, id: 7, side: side, size: action == .update ? 5 : nil, price: price(free(side)))
        ]
        faults = true
      case 92..<96:
        // A crossing insert: an ask at the best bid.
        guard let best = model.keys.filter({ $0.side == .buy }).map(\.ticks).max() else { continue }
        rows = [BookRow(symbol: sym, id: 8, side: .sell, size: 1, price: price(best))]
        faults = true
      default:
        continue
      }
      let fault = b.apply(action, rows)
      #expect((fault != nil) == faults, "seed \(seed) step \(step): \(String(describing: fault))")
      if fault != nil {
        #expect(!b.policy.state.isLive)
        resync()
      }
      if !b.ids.keepsIDs(.full, sym) {
        wentByPrice += 1
        #expect(b.ids.count(.full, sym, .buy) == 0 && b.ids.count(.full, sym, .sell) == 0)
      }
      #expect(b.policy.state.isLive, "seed \(seed) step \(step)")
      #expect(b.book.sides().bids == expected(.buy), "seed \(seed) step \(step)")
      #expect(b.book.sides().asks == expected(.sell), "seed \(seed) step \(step)")
    }
    #expect(
      wentByPrice > 3_000, "seed \(seed): the book went by price after \(wentByPrice) of 4,000 messages")
  }
}
