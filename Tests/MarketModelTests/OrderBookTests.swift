import MarketModel
import TestSupport
import Testing

// MARK: Helpers

private let sym: Symbol = "XBTUSD"

private func bid(_ id: Int64, _ price: Double?, _ size: Int64?) -> BookRow {
  BookRow(symbol: sym, id: id, side: .buy, size: size, price: price)
}

private func ask(_ id: Int64, _ price: Double?, _ size: Int64?) -> BookRow {
  BookRow(symbol: sym, id: id, side: .sell, size: size, price: price)
}

private func lv(_ price: Double, _ size: Int64) -> PriceLevel {
  PriceLevel(price: price, size: size)
}

/// A book built from one partial that must apply cleanly.
private func book(_ rows: [BookRow]) throws -> OrderBook {
  var b = OrderBook(symbol: sym)
  let fault = b.replace(with: rows[...])
  try #require(fault == nil)
  return b
}

// MARK: Scripts of messages

/// One message applied to the book, with the fault `apply` must return and the fault
/// `crossing()` must report afterwards.
struct BookStep: Sendable {
  var action: TableAction
  var rows: [BookRow]
  var fault: BookFault?
  var crossed: BookFault?
  /// The table's depth (`orderBookL2_25`: 25), nil for a full book.
  var depthLimit: Int?

  init(
    _ action: TableAction, _ rows: [BookRow], fault: BookFault? = nil, crossed: BookFault? = nil,
    depthLimit: Int? = nil
  ) {
    self.action = action
    self.rows = rows
    self.fault = fault
    self.crossed = crossed
    self.depthLimit = depthLimit
  }
}

/// Messages and the book they must leave, best first on both sides.
struct BookScript: Sendable, CustomTestStringConvertible {
  var name: String
  var steps: [BookStep]
  var bids: [PriceLevel]
  var asks: [PriceLevel]

  var testDescription: String { name }
}

private func row(_ symbol: Symbol, _ id: Int64, _ side: Side, _ price: Double?, _ size: Int64?) -> BookRow {
  BookRow(symbol: symbol, id: id, side: side, size: size, price: price)
}

/// `n` bids one tick apart below 100 (ids 1000…) and `n` asks above 100.5 (ids 2000…).
private func ladder(_ n: Int) -> [BookRow] {
  var rows: [BookRow] = []
  for i in 0..<n {
    let step = Double(i) * 0.5
    rows += [bid(1000 + Int64(i), 100 - step, 1), ask(2000 + Int64(i), 100.5 + step, 1)]
  }
  return rows
}

/// The levels of `ladder(n)` on one side, best first.
private func ladderLevels(_ n: Int, bids: Bool) -> [PriceLevel] {
  var levels: [PriceLevel] = []
  for i in 0..<n {
    let step = Double(i) * 0.5
    levels.append(lv(bids ? 100 - step : 100.5 + step, 1))
  }
  return levels
}

private let base: [BookRow] = [
  bid(11, 100, 10), bid(12, 99.5, 20), bid(13, 99, 30),
  ask(21, 100.5, 15), ask(22, 101, 25), ask(23, 101.5, 35),
]

@Suite struct OrderBookTests {
  static let scripts: [BookScript] = [
    BookScript(
      name: "partial builds the book",
      steps: [BookStep(.partial, base)],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a second partial replaces, dropping levels only the first had",
      steps: [
        BookStep(.partial, base),
        BookStep(.partial, [bid(11, 100, 1), bid(14, 98, 2), ask(24, 102, 3)]),
      ],
      bids: [lv(100, 1), lv(98, 2)],
      asks: [lv(102, 3)]),
    BookScript(
      name: "an empty partial empties the book",
      steps: [BookStep(.partial, base), BookStep(.partial, [])],
      bids: [], asks: []),
    BookScript(
      name: "insert adds levels on both sides",
      steps: [BookStep(.partial, base), BookStep(.insert, [bid(14, 99.75, 5), ask(24, 100.75, 6)])],
      bids: [lv(100, 10), lv(99.75, 5), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(100.75, 6), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "insert of a new best level",
      steps: [BookStep(.partial, base), BookStep(.insert, [bid(14, 100.25, 5), ask(24, 100.4, 6)])],
      bids: [lv(100.25, 5), lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.4, 6), lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "update with price sets the size",
      steps: [BookStep(.partial, base), BookStep(.update, [bid(12, 99.5, 222), ask(21, 100.5, 111)])],
      bids: [lv(100, 10), lv(99.5, 222), lv(99, 30)],
      asks: [lv(100.5, 111), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "update without price uses the stored price (pre-2023 rows)",
      steps: [BookStep(.partial, base), BookStep(.update, [bid(13, nil, 7), ask(23, nil, 8)])],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 7)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 8)]),
    BookScript(
      name: "delete without price uses the stored price (pre-2023 rows)",
      steps: [BookStep(.partial, base), BookStep(.delete, [bid(11, nil, nil), ask(22, nil, nil)])],
      bids: [lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101.5, 35)]),
    BookScript(
      name: "delete with price (2023+ rows)",
      steps: [BookStep(.partial, base), BookStep(.delete, [bid(12, 99.5, nil), ask(21, 100.5, nil)])],
      bids: [lv(100, 10), lv(99, 30)],
      asks: [lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "update with a different price moves the level",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [bid(11, 98.5, 10), ask(21, 102, 16)]),
        // Then a price-less update and delete must find it at the new price.
        BookStep(.update, [bid(11, nil, 44)]),
        BookStep(.delete, [ask(21, nil, nil)]),
      ],
      bids: [lv(99.5, 20), lv(99, 30), lv(98.5, 44)],
      asks: [lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "delete then insert again of the same id",
      steps: [
        BookStep(.partial, base), BookStep(.delete, [bid(11, nil, nil)]),
        BookStep(.insert, [bid(11, 99.25, 3)]),
      ],
      bids: [lv(99.5, 20), lv(99.25, 3), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "the same id on both sides is two levels",
      steps: [BookStep(.partial, [bid(7, 50, 1), ask(7, 51, 2)]), BookStep(.delete, [bid(7, nil, nil)])],
      bids: [],
      asks: [lv(51, 2)]),
    BookScript(
      name: "update of an unknown level faults",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [bid(99, nil, 5)], fault: .unknownLevel(id: 99, side: .buy, action: .update)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "update of an unknown level with a price still faults",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [ask(99, 103, 5)], fault: .unknownLevel(id: 99, side: .sell, action: .update)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "update of an id known only on the other side faults",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [ask(11, nil, 5)], fault: .unknownLevel(id: 11, side: .sell, action: .update)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "delete of an unknown level faults",
      steps: [
        BookStep(.partial, base),
        BookStep(.delete, [ask(98, nil, nil)], fault: .unknownLevel(id: 98, side: .sell, action: .delete)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "delete of a level already deleted faults",
      steps: [
        BookStep(.partial, base),
        BookStep(.delete, [bid(13, nil, nil)]),
        BookStep(.delete, [bid(13, nil, nil)], fault: .unknownLevel(id: 13, side: .buy, action: .delete)),
      ],
      bids: [lv(100, 10), lv(99.5, 20)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "insert of an existing level faults and changes nothing",
      steps: [
        BookStep(.partial, base),
        BookStep(.insert, [bid(12, 99.25, 1)], fault: .duplicateLevel(id: 12, side: .buy)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a message that faults is taken back whole",
      steps: [
        BookStep(.partial, base),
        BookStep(
          .update, [bid(11, nil, 1), bid(99, nil, 2), bid(12, nil, 3)],
          fault: .unknownLevel(id: 99, side: .buy, action: .update)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a duplicate row inside a partial faults; the first row stands",
      steps: [
        BookStep(
          .partial, [bid(1, 10, 1), bid(2, 9, 2), bid(1, 8, 3), ask(3, 11, 4), ask(3, 12, 5)],
          fault: .duplicateLevel(id: 1, side: .buy))
      ],
      bids: [lv(10, 1), lv(9, 2)],
      asks: [lv(11, 4)]),
    BookScript(
      name: "a faulting message with moves, deletes and re-inserts is taken back whole",
      steps: [
        BookStep(.partial, base),
        BookStep(
          .update, [bid(11, 98.5, 1), bid(12, nil, 2), bid(11, 97, 3), ask(21, 101.25, 4), ask(77, nil, 5)],
          fault: .unknownLevel(id: 77, side: .sell, action: .update)),
        BookStep(
          .delete, [bid(11, nil, nil), bid(12, 99.5, nil), bid(99, nil, nil)],
          fault: .unknownLevel(id: 99, side: .buy, action: .delete)),
        BookStep(
          .insert, [ask(30, 102, 1), ask(31, 103, 2), ask(30, 104, 3)],
          fault: .duplicateLevel(id: 30, side: .sell)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "after a rollback, price-less rows still find the levels at their old prices",
      steps: [
        BookStep(.partial, base),
        BookStep(
          .update, [bid(11, 98.5, 1), bid(66, nil, 1)],
          fault: .unknownLevel(id: 66, side: .buy, action: .update)),
        BookStep(.update, [bid(11, nil, 5)]),
        BookStep(.delete, [bid(12, nil, nil)]),
      ],
      bids: [lv(100, 5), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a message crossing midway but not at its end is fine",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [ask(21, 99.8, 15), bid(11, 99.7, 10)]),
      ],
      bids: [lv(99.7, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(99.8, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a crossed partial faults",
      steps: [
        BookStep(
          .partial, [bid(1, 101, 1), ask(2, 100.5, 2)], fault: .crossed(bestBid: 101, bestAsk: 100.5),
          crossed: .crossed(bestBid: 101, bestAsk: 100.5))
      ],
      bids: [lv(101, 1)],
      asks: [lv(100.5, 2)]),
    BookScript(
      name: "a locked partial (bid == ask) faults",
      steps: [
        BookStep(
          .partial, [bid(1, 100, 1), ask(2, 100, 2)], fault: .crossed(bestBid: 100, bestAsk: 100),
          crossed: .crossed(bestBid: 100, bestAsk: 100))
      ],
      bids: [lv(100, 1)],
      asks: [lv(100, 2)]),
    BookScript(
      name: "an insert that would cross is a fault and is taken back",
      steps: [
        BookStep(.partial, base),
        BookStep(.insert, [bid(14, 100.5, 9)], fault: .crossed(bestBid: 100.5, bestAsk: 100.5)),
        BookStep(.delete, [ask(21, nil, nil)]),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a price move that would cross is a fault and is taken back",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [ask(23, 99.5, 35)], fault: .crossed(bestBid: 100, bestAsk: 99.5)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
  ]

  /// Issue 11: bad data in the book. Each row below was taken in as a level before; each is
  /// now a fault (the caller resyncs), the row left out and a faulting delta taken back whole.
  static let badDataScripts: [BookScript] = [
    BookScript(
      name: "a partial row of another symbol is skipped, not merged (no second ask at 100.5)",
      steps: [
        BookStep(.partial, base + [row("ETHUSD", 24, .sell, 100.5, 7), row("ETHUSD", 11, .buy, 99, 1)])
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "rows of another symbol inside a delta are skipped, wherever they are",
      steps: [
        BookStep(.partial, base),
        BookStep(
          .update, [row("ETHUSD", 21, .sell, nil, 999), bid(11, nil, 5), row("ETHUSD", 77, .buy, nil, 1)]),
        BookStep(.insert, [row("ETHUSD", 12, .buy, 99.75, 3)]),
      ],
      bids: [lv(100, 5), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "partial rows with a price ≤ 0, infinite, missing or NaN are left out",
      steps: [
        BookStep(
          .partial,
          base + [bid(14, 0, 1), bid(15, -3, 1), ask(24, .infinity, 1), ask(25, nil, 1), bid(16, .nan, 1)],
          fault: .badPrice(id: 14, side: .buy, price: 0))
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "partial rows with a size ≤ 0 or none are left out",
      steps: [
        BookStep(
          .partial, [ask(24, 102, 0)] + base + [bid(14, 98, -5), bid(15, 97, nil)],
          fault: .badSize(id: 24, side: .sell, size: 0))
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "inserts with bad values fault and are taken back whole",
      steps: [
        BookStep(.partial, base),
        BookStep(
          .insert, [bid(14, 98, 1), bid(15, -98, 1)], fault: .badPrice(id: 15, side: .buy, price: -98)),
        BookStep(.insert, [ask(24, .infinity, 1)], fault: .badPrice(id: 24, side: .sell, price: .infinity)),
        BookStep(.insert, [ask(24, 102, 0)], fault: .badSize(id: 24, side: .sell, size: 0)),
        BookStep(.insert, [ask(24, 102, -1)], fault: .badSize(id: 24, side: .sell, size: -1)),
        BookStep(.insert, [ask(24, nil, 1)], fault: .badPrice(id: 24, side: .sell, price: nil)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "updates to a size ≤ 0 or a price ≤ 0 fault and are taken back whole",
      steps: [
        BookStep(.partial, base),
        BookStep(.update, [bid(11, nil, 7), bid(12, nil, 0)], fault: .badSize(id: 12, side: .buy, size: 0)),
        BookStep(.update, [ask(21, 0, 15)], fault: .badPrice(id: 21, side: .sell, price: 0)),
        BookStep(.update, [ask(21, nil, nil)], fault: .badSize(id: 21, side: .sell, size: 0)),
      ],
      bids: [lv(100, 10), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "sizes that would add up past Int64 on a side fault (the totals could not be shown)",
      steps: [
        BookStep(.partial, base),
        BookStep(.insert, [bid(14, 98, .max)], fault: .sizeOverflow(id: 14, side: .buy)),
        BookStep(
          .update, [bid(11, nil, .max - 50), bid(12, nil, 21)], fault: .sizeOverflow(id: 12, side: .buy)),
        BookStep(.update, [bid(11, nil, .max - 50)]),
      ],
      bids: [lv(100, .max - 50), lv(99.5, 20), lv(99, 30)],
      asks: [lv(100.5, 15), lv(101, 25), lv(101.5, 35)]),
    BookScript(
      name: "a partial whose sizes overflow a side keeps the rows that fit",
      steps: [
        BookStep(
          .partial, [bid(1, 100, .max - 1), bid(2, 99, 2), ask(3, 101, .max)],
          fault: .sizeOverflow(id: 2, side: .buy))
      ],
      bids: [lv(100, .max - 1)],
      asks: [lv(101, .max)]),
    BookScript(
      name: "a depth-limited book: an insert past the depth faults and is taken back",
      steps: [
        BookStep(.partial, ladder(3), depthLimit: 3),
        BookStep(.insert, [bid(9, 98, 1)], fault: .tooDeep(side: .buy, levels: 4, limit: 3), depthLimit: 3),
        // BitMEX's order: the level leaving the top is deleted, then the new one inserted.
        BookStep(.delete, [bid(1002, nil, nil)], depthLimit: 3),
        BookStep(.insert, [bid(9, 99.25, 1)], depthLimit: 3),
        // Two inserts in one message that leave a side deeper than the table: a fault.
        BookStep(
          .insert, [ask(9, 101.25, 1), ask(10, 101.75, 1)], fault: .tooDeep(side: .sell, levels: 5, limit: 3),
          depthLimit: 3),
      ],
      bids: [lv(100, 1), lv(99.5, 1), lv(99.25, 1)],
      asks: [lv(100.5, 1), lv(101, 1), lv(101.5, 1)]),
    BookScript(
      name: "a partial deeper than the table faults",
      steps: [BookStep(.partial, ladder(4), fault: .tooDeep(side: .buy, levels: 4, limit: 3), depthLimit: 3)],
      bids: [lv(100, 1), lv(99.5, 1), lv(99, 1), lv(98.5, 1)],
      asks: [lv(100.5, 1), lv(101, 1), lv(101.5, 1), lv(102, 1)]),
    BookScript(
      name: "a full book has no depth limit",
      steps: [BookStep(.partial, ladder(30)), BookStep(.insert, [bid(9, 50, 1)])],
      bids: ladderLevels(30, bids: true) + [lv(50, 1)],
      asks: ladderLevels(30, bids: false)),
  ]

  @Test(arguments: badDataScripts)
  func badData(_ script: BookScript) {
    self.script(script)
  }

  @Test func badDataFaultsSayWhyInWords() {
    #expect(
      BookFault.badPrice(id: 7, side: .sell, price: -5).description == "price ≤ 0 (-5.0) at Sell level 7")
    #expect(BookFault.badPrice(id: 7, side: .buy, price: nil).description == "no price at Buy level 7")
    #expect(
      BookFault.badPrice(id: 7, side: .buy, price: .infinity).description
        == "price not finite (inf) at Buy level 7")
    #expect(BookFault.badSize(id: 8, side: .buy, size: 0).description == "size ≤ 0 (0) at Buy level 8")
    #expect(BookFault.sizeOverflow(id: 9, side: .buy).description == "Buy sizes add up past 2^63 at level 9")
    #expect(
      BookFault.tooDeep(side: .sell, levels: 26, limit: 25).description
        == "26 Sell levels on a 25-level table")
  }

  @Test(arguments: scripts)
  func script(_ script: BookScript) {
    var b = OrderBook(symbol: sym)
    for (n, step) in script.steps.enumerated() {
      let fault = b.apply(step.action, step.rows[...], depthLimit: step.depthLimit)
      #expect(fault == step.fault, "step \(n)")
      #expect(b.crossing() == step.crossed, "step \(n)")
    }
    #expect(b.top(.buy, .max) == script.bids)
    #expect(b.top(.sell, .max) == script.asks)
    #expect(b.count(.buy) == script.bids.count)
    #expect(b.count(.sell) == script.asks.count)
    #expect(b.isEmpty == (script.bids.isEmpty && script.asks.isEmpty))
    #expect(b.bestBid == script.bids.first)
    #expect(b.bestAsk == script.asks.first)
  }

  @Test func replaceIsTheSameAsApplyingAPartial() {
    var a = OrderBook(symbol: sym)
    var b = OrderBook(symbol: sym)
    _ = a.apply(.partial, [bid(1, 5, 5)][...])
    _ = b.apply(.partial, [bid(1, 5, 5)][...])
    #expect(a.replace(with: base[...]) == nil)
    #expect(b.apply(.partial, base[...]) == nil)
    #expect(a.top(.buy, .max) == b.top(.buy, .max))
    #expect(a.top(.sell, .max) == b.top(.sell, .max))
    #expect(a.top(.buy, .max) == [lv(100, 10), lv(99.5, 20), lv(99, 30)])
  }

  @Test func removeAllEmptiesAndForgetsIDs() throws {
    var b = try book(base)
    b.removeAll()
    #expect(b.isEmpty)
    #expect(b.count(.buy) == 0 && b.count(.sell) == 0)
    #expect(b.apply(.delete, [bid(11, nil, nil)][...]) == .unknownLevel(id: 11, side: .buy, action: .delete))
    #expect(b.apply(.insert, [bid(11, 1, 1)][...]) == nil)
    #expect(b.top(.buy, .max) == [lv(1, 1)])
  }

  @Test func allLevelsListsEveryLevelWithItsKey() throws {
    let b = try book(base)
    #expect(Set(b.allLevels) == Set(base))
    #expect(b.allLevels.count == 6)
    #expect(b.symbol == sym)
  }

  // MARK: Trap 1: ids say nothing about prices

  static let idOrders: [[Int64]] = [
    [234_027_002_072, 62_400_580_205, 5, 8_796_766_500, 1, 99_999_999_999, 42, 3],
    [1, 2, 3, 4, 5, 6, 7, 8],
    [8, 7, 6, 5, 4, 3, 2, 1],
    [8_796_385_500, 8_796_385_450, 8_796_385_400, 8_796_385_350, 10, 20, 30, 40],
  ]

  /// Arbitrary ids, rows in random order: the book is ordered by price, never by id.
  @Test(arguments: idOrders)
  func arbitraryIDsStillSortByPrice(ids: [Int64]) {
    let bidPrices: [Double] = [98_459.5, 98_461, 98_460.5, 98_458]
    let askPrices: [Double] = [98_470, 98_462.5, 98_465, 98_463]
    var rows: [BookRow] = []
    for (k, price) in bidPrices.enumerated() { rows.append(bid(ids[k], price, Int64(k + 1))) }
    for (k, price) in askPrices.enumerated() { rows.append(ask(ids[k + 4], price, Int64(k + 11))) }
    var rng = SimRandom(seed: UInt64(ids.count) &+ UInt64(bitPattern: ids[0]))
    for _ in 0..<4 {
      var b = OrderBook(symbol: sym)
      #expect(b.replace(with: rows.shuffled(using: &rng)[...]) == nil)
      #expect(b.top(.buy, .max) == [lv(98_461, 2), lv(98_460.5, 3), lv(98_459.5, 1), lv(98_458, 4)])
      #expect(b.top(.sell, .max) == [lv(98_462.5, 12), lv(98_463, 14), lv(98_465, 13), lv(98_470, 11)])
    }
    // Inserted one by one in random order, too.
    var b = OrderBook(symbol: sym)
    for row in rows.shuffled(using: &rng) {
      #expect(b.apply(.insert, [row][...]) == nil)
    }
    #expect(b.top(.buy, .max) == [lv(98_461, 2), lv(98_460.5, 3), lv(98_459.5, 1), lv(98_458, 4)])
    #expect(b.top(.sell, .max) == [lv(98_462.5, 12), lv(98_463, 14), lv(98_465, 13), lv(98_470, 11)])
  }

  /// Partials arrive sorted either way or not at all; all give the same book.
  @Test(arguments: ["ascending", "descending", "shuffled"])
  func partialRowOrderDoesNotMatter(order: String) {
    var rows: [BookRow] = []
    for k in 0..<50 {
      rows.append(bid(Int64(1_000 + k), 1_000 - Double(k) * 0.5, Int64(k + 1)))
      rows.append(ask(Int64(5_000 - k), 1_001 + Double(k) * 0.5, Int64(100 + k)))
    }
    switch order {
    case "ascending": rows.sort { $0.price! < $1.price! }
    case "descending": rows.sort { $0.price! > $1.price! }
    default:
      var rng = SimRandom(seed: 7)
      rows.shuffle(using: &rng)
    }
    var b = OrderBook(symbol: sym)
    #expect(b.replace(with: rows[...]) == nil)
    let bids: [PriceLevel] = (0..<50).map { (i: Int) in lv(1_000 - Double(i) * 0.5, Int64(i + 1)) }
    let asks: [PriceLevel] = (0..<50).map { (i: Int) in lv(1_001 + Double(i) * 0.5, Int64(100 + i)) }
    #expect(b.top(.buy, .max) == bids)
    #expect(b.top(.sell, .max) == asks)
  }

  // MARK: Queries

  /// bids 100×10, 99.5×20, 99×30, 97.5×5; asks 100.5×15, 101×25, 102.5×35, 110×1.
  private static func queryBook() throws -> OrderBook {
    try book([
      bid(7, 99.5, 20), ask(5, 100.5, 15), bid(3, 100, 10), ask(9, 110, 1), bid(11, 97.5, 5),
      ask(1, 102.5, 35), bid(2, 99, 30), ask(4, 101, 25),
    ])
  }

  @Test func bestSpreadAndMid() throws {
    let b = try Self.queryBook()
    #expect(b.bestBid == lv(100, 10))
    #expect(b.bestAsk == lv(100.5, 15))
    #expect(b.spread == 0.5)
    #expect(b.mid == 100.25)
    #expect(b.crossing() == nil)
    #expect(b.count(.buy) == 4)
    #expect(b.count(.sell) == 4)
  }

  static let topCases: [(side: Side, limit: Int, expected: [PriceLevel])] = [
    (.buy, 0, []),
    (.buy, 1, [lv(100, 10)]),
    (.buy, 2, [lv(100, 10), lv(99.5, 20)]),
    (.buy, 4, [lv(100, 10), lv(99.5, 20), lv(99, 30), lv(97.5, 5)]),
    (.buy, 100, [lv(100, 10), lv(99.5, 20), lv(99, 30), lv(97.5, 5)]),
    (.sell, 0, []),
    (.sell, 1, [lv(100.5, 15)]),
    (.sell, 3, [lv(100.5, 15), lv(101, 25), lv(102.5, 35)]),
    (.sell, .max, [lv(100.5, 15), lv(101, 25), lv(102.5, 35), lv(110, 1)]),
  ]

  @Test(arguments: topCases)
  func topIsBestFirst(side: Side, limit: Int, expected: [PriceLevel]) throws {
    let b = try Self.queryBook()
    #expect(b.top(side, limit) == expected)
    var seen: [PriceLevel] = []
    b.forEachLevel(side, limit: limit) {
      seen.append($0)
      return true
    }
    #expect(seen == expected)
    for (n, level) in expected.enumerated() {
      #expect(b.level(side, n) == level)
    }
  }

  @Test func forEachLevelStopsWhenAsked() throws {
    let b = try Self.queryBook()
    var seen: [Double] = []
    b.forEachLevel(.sell) {
      seen.append($0.price)
      return seen.count < 2
    }
    #expect(seen == [100.5, 101])
  }

  static let levelCases: [(side: Side, n: Int, expected: PriceLevel?)] = [
    (.buy, 0, lv(100, 10)), (.buy, 3, lv(97.5, 5)), (.buy, 4, nil), (.buy, -1, nil),
    (.sell, 0, lv(100.5, 15)), (.sell, 3, lv(110, 1)), (.sell, 4, nil), (.sell, -1, nil),
  ]

  @Test(arguments: levelCases)
  func levelByRank(side: Side, n: Int, expected: PriceLevel?) throws {
    #expect(try Self.queryBook().level(side, n) == expected)
  }

  static let depthCases: [(side: Side, limit: Int, expected: [DepthLevel])] = [
    (.buy, 0, []),
    (
      .buy, 3,
      [
        DepthLevel(price: 100, size: 10, total: 10), DepthLevel(price: 99.5, size: 20, total: 30),
        DepthLevel(price: 99, size: 30, total: 60),
      ]
    ),
    (
      .sell, 10,
      [
        DepthLevel(price: 100.5, size: 15, total: 15), DepthLevel(price: 101, size: 25, total: 40),
        DepthLevel(price: 102.5, size: 35, total: 75), DepthLevel(price: 110, size: 1, total: 76),
      ]
    ),
  ]

  @Test(arguments: depthCases)
  func depthIsCumulativeFromTheBest(side: Side, limit: Int, expected: [DepthLevel]) throws {
    #expect(try Self.queryBook().depth(side, limit) == expected)
  }

  static let cumulativeCases: [(side: Side, levels: Int, expected: Int64)] = [
    (.buy, 0, 0), (.buy, 1, 10), (.buy, 2, 30), (.buy, 4, 65), (.buy, .max, 65),
    (.sell, 1, 15), (.sell, 3, 75), (.sell, 99, 76), (.sell, .max, 76),
  ]

  @Test(arguments: cumulativeCases)
  func cumulativeSize(side: Side, levels: Int, expected: Int64) throws {
    let b = try Self.queryBook()
    #expect(b.cumulativeSize(side, levels: levels) == expected)
    if levels == .max { #expect(b.cumulativeSize(side) == expected) }
  }

  // mid = 100.25
  static let percentCases: [(side: Side, percent: Double, expected: [PriceLevel])] = [
    (.buy, 0, []),
    (.sell, 0, []),
    (.buy, 0.25, [lv(100, 10)]),
    (.sell, 0.25, [lv(100.5, 15)]),
    (.buy, 1, [lv(100, 10), lv(99.5, 20)]),
    (.sell, 1, [lv(100.5, 15), lv(101, 25)]),
    (.buy, 5, [lv(100, 10), lv(99.5, 20), lv(99, 30), lv(97.5, 5)]),
    (.sell, 5, [lv(100.5, 15), lv(101, 25), lv(102.5, 35)]),
    (.sell, 10, [lv(100.5, 15), lv(101, 25), lv(102.5, 35), lv(110, 1)]),
  ]

  @Test(arguments: percentCases)
  func levelsWithinPercentOfMid(side: Side, percent: Double, expected: [PriceLevel]) throws {
    #expect(try Self.queryBook().levels(side, withinPercent: percent) == expected)
  }

  @Test func emptyBookQueries() {
    let b = OrderBook(symbol: sym)
    #expect(b.isEmpty)
    #expect(b.bestBid == nil)
    #expect(b.bestAsk == nil)
    #expect(b.spread == nil)
    #expect(b.mid == nil)
    #expect(b.crossing() == nil)
    for side in [Side.buy, .sell] {
      #expect(b.count(side) == 0)
      #expect(b.top(side, 10).isEmpty)
      #expect(b.depth(side, 10).isEmpty)
      #expect(b.cumulativeSize(side) == 0)
      #expect(b.level(side, 0) == nil)
      #expect(b.levels(side, withinPercent: 50).isEmpty)
      for ticks in [1, 2, 10] {
        #expect(b.grouped(side, ticks: ticks, tickSize: 0.5, limit: 10).isEmpty)
      }
    }
    #expect(b.allLevels.isEmpty)
  }

  @Test func oneSidedBookHasNoSpreadOrMid() throws {
    let b = try book([bid(1, 100, 5), bid(2, 99, 6)])
    #expect(b.bestBid == lv(100, 5))
    #expect(b.bestAsk == nil)
    #expect(b.spread == nil)
    #expect(b.mid == nil)
    #expect(b.crossing() == nil)
    #expect(b.top(.buy, 5) == [lv(100, 5), lv(99, 6)])
    #expect(b.levels(.buy, withinPercent: 10) == [])
  }

  // MARK: Grouping by ticks

  /// bids 50000.5×1, 50000×2, 49999.5×3, 49998×4, 49995.5×5, 49990×6;
  /// asks 50001×1, 50001.5×2, 50002×3, 50004.5×4, 50010×5, 50012.5×6 (tick 0.5).
  private static func groupingBook() throws -> OrderBook {
    try book([
      bid(1, 50_000.5, 1), bid(2, 50_000, 2), bid(3, 49_999.5, 3), bid(4, 49_998, 4), bid(5, 49_995.5, 5),
      bid(6, 49_990, 6), ask(11, 50_001, 1), ask(12, 50_001.5, 2), ask(13, 50_002, 3),
      ask(14, 50_004.5, 4), ask(15, 50_010, 5), ask(16, 50_012.5, 6),
    ])
  }

  static let groupingCases: [(side: Side, ticks: Int, limit: Int, expected: [PriceLevel])] = [
    (
      .buy, 1, 10,
      [lv(50_000.5, 1), lv(50_000, 2), lv(49_999.5, 3), lv(49_998, 4), lv(49_995.5, 5), lv(49_990, 6)]
    ),
    (
      .sell, 1, 10,
      [lv(50_001, 1), lv(50_001.5, 2), lv(50_002, 3), lv(50_004.5, 4), lv(50_010, 5), lv(50_012.5, 6)]
    ),
    (.buy, 1, 2, [lv(50_000.5, 1), lv(50_000, 2)]),
    // 2 ticks = 1.0: bids round down, asks up.
    (.buy, 2, 10, [lv(50_000, 3), lv(49_999, 3), lv(49_998, 4), lv(49_995, 5), lv(49_990, 6)]),
    (.sell, 2, 10, [lv(50_001, 1), lv(50_002, 5), lv(50_005, 4), lv(50_010, 5), lv(50_013, 6)]),
    // 5 ticks = 2.5.
    (.buy, 5, 10, [lv(50_000, 3), lv(49_997.5, 7), lv(49_995, 5), lv(49_990, 6)]),
    (.sell, 5, 10, [lv(50_002.5, 6), lv(50_005, 4), lv(50_010, 5), lv(50_012.5, 6)]),
    // 10 ticks = 5.
    (.buy, 10, 10, [lv(50_000, 3), lv(49_995, 12), lv(49_990, 6)]),
    (.sell, 10, 10, [lv(50_005, 10), lv(50_010, 5), lv(50_015, 6)]),
    // The limit counts buckets; the last bucket still sums all its levels.
    (.buy, 10, 2, [lv(50_000, 3), lv(49_995, 12)]),
    (.sell, 10, 1, [lv(50_005, 10)]),
    (.sell, 10, 0, []),
  ]

  @Test(arguments: groupingCases)
  func groupedByTicks(side: Side, ticks: Int, limit: Int, expected: [PriceLevel]) throws {
    let b = try Self.groupingBook()
    #expect(b.grouped(side, ticks: ticks, tickSize: 0.5, limit: limit) == expected)
  }

  /// A grouping case with a tick size that is not a binary fraction.
  struct InexactGrouping: Sendable, CustomTestStringConvertible {
    var side: Side
    var tickSize: Double
    var ticks: Int
    var rows: [PriceLevel]
    var expected: [PriceLevel]

    var testDescription: String { "\(side) tick \(tickSize) × \(ticks)" }
  }

  /// Tick sizes that are not binary fractions: the quotient of price and bucket width is
  /// inexact, and a price sitting exactly on a bucket boundary must stay in that bucket.
  static let inexactGroupingCases: [InexactGrouping] = [
    // XBTUSD 2024: tick 0.1.
    InexactGrouping(
      side: .buy, tickSize: 0.1, ticks: 2,
      rows: [lv(98_460, 1), lv(98_459.9, 2), lv(98_459.8, 3), lv(98_459.7, 4), lv(98_459.5, 5)],
      expected: [lv(98_460, 1), lv(98_459.8, 5), lv(98_459.6, 4), lv(98_459.4, 5)]),
    InexactGrouping(
      side: .sell, tickSize: 0.1, ticks: 2,
      rows: [lv(98_460, 1), lv(98_460.1, 2), lv(98_460.2, 3), lv(98_460.3, 4), lv(98_460.9, 5)],
      expected: [lv(98_460, 1), lv(98_460.2, 5), lv(98_460.4, 4), lv(98_461, 5)]),
    InexactGrouping(
      side: .buy, tickSize: 0.1, ticks: 10,
      rows: [lv(98_460, 1), lv(98_459.9, 2), lv(98_459.1, 3), lv(98_459, 4), lv(98_458.9, 5)],
      expected: [lv(98_460, 1), lv(98_459, 9), lv(98_458, 5)]),
    InexactGrouping(
      side: .sell, tickSize: 0.1, ticks: 5,
      rows: [lv(98_460, 1), lv(98_460.1, 2), lv(98_460.5, 3), lv(98_460.6, 4)],
      expected: [lv(98_460, 1), lv(98_460.5, 5), lv(98_461, 4)]),
    // SOLUSDT 2021: tick 0.001.
    InexactGrouping(
      side: .buy, tickSize: 0.001, ticks: 10,
      rows: [lv(27.47, 894), lv(27.461, 64), lv(27.456, 1_245), lv(27.455, 1), lv(27.449, 87)],
      expected: [lv(27.47, 894), lv(27.46, 64), lv(27.45, 1_246), lv(27.44, 87)]),
    InexactGrouping(
      side: .sell, tickSize: 0.001, ticks: 10,
      rows: [lv(27.503, 1), lv(27.511, 400), lv(27.517, 336), lv(27.52, 1_401), lv(27.536, 406)],
      expected: [lv(27.51, 1), lv(27.52, 2_137), lv(27.54, 406)]),
    // BCHUSD 2021: tick 0.05.
    InexactGrouping(
      side: .buy, tickSize: 0.05, ticks: 2,
      rows: [lv(437.65, 1), lv(437.6, 2), lv(437.55, 3), lv(437.5, 4)],
      expected: [lv(437.6, 3), lv(437.5, 7)]),
  ]

  @Test(arguments: inexactGroupingCases)
  func groupedWithInexactTicks(_ c: InexactGrouping) throws {
    let b = try book(
      c.rows.enumerated().map { k, l in
        BookRow(symbol: sym, id: Int64(k + 1), side: c.side, size: l.size, price: l.price)
      })
    let got = b.grouped(c.side, ticks: c.ticks, tickSize: c.tickSize, limit: 10)
    // Which levels share a bucket, and their sizes, must be right whatever the rounding.
    #expect(got.map(\.size) == c.expected.map(\.size))
    // Every bucket price is within a millionth of a tick of its decimal value…
    #expect(got.count == c.expected.count)
    for (g, e) in zip(got, c.expected) {
      #expect(abs(g.price - e.price) < c.tickSize * 1e-6, "\(g.price) vs \(e.price)")
    }
    // …and should be exactly the Double nearest it, as the book's own prices are.
    #expect(got.map(\.price) == c.expected.map(\.price))
  }

  /// Every tick size in the 2021 `/instrument/active` fixture, and XBTUSD's 2024 one, as
  /// `mantissa × 10^-exponent`.
  static let bitmexTicks: [(mantissa: Int64, exponent: Int)] = [
    (5, 1), (1, 1), (5, 2), (1, 2), (1, 3), (5, 4), (1, 4), (1, 5), (1, 6), (1, 8), (1, 10),
  ]

  /// Random on-tick prices, grouped by 1, 2, 5 and 10 ticks, against the same grouping
  /// done in whole ticks: sizes summed per bucket, and every bucket price exactly the Double
  /// nearest its decimal value (as a price parsed from the feed would be).
  @Test(arguments: bitmexTicks)
  func groupingMatchesWholeTickArithmetic(mantissa: Int64, exponent: Int) throws {
    func price(_ units: Int64) -> Double { Double("\(units)e-\(exponent)")! }
    let tickSize = price(mantissa)
    var rng = SimRandom(seed: UInt64(mantissa) << 8 | UInt64(exponent))
    for side in [Side.buy, .sell] {
      // Prices in whole ticks, unique, with runs of neighbours so buckets fill up.
      var ticksUsed = Set<Int64>()
      while ticksUsed.count < 300 {
        let start = Int64.random(in: 1_000...3_000_000, using: &rng)
        for k in 0..<Int64.random(in: 1...8, using: &rng) { ticksUsed.insert(start + k) }
      }
      var rows: [BookRow] = []
      var sizeAt: [Int64: Int64] = [:]
      for (n, t) in ticksUsed.sorted().enumerated() {
        let size = Int64.random(in: 1...10_000, using: &rng)
        sizeAt[t] = size
        rows.append(BookRow(symbol: sym, id: Int64(n), side: side, size: size, price: price(t * mantissa)))
      }
      let b = try book(rows)
      for ticks in [1, 2, 5, 10] {
        let n = Int64(ticks)
        var buckets: [Int64: Int64] = [:]
        for (t, size) in sizeAt {
          // Bids round down, asks up, in whole ticks.
          let bucket = side == .buy ? t / n * n : (t + n - 1) / n * n
          buckets[bucket, default: 0] += size
        }
        let expected = buckets.sorted { side == .buy ? $0.key > $1.key : $0.key < $1.key }
          .prefix(20).map { PriceLevel(price: price($0.key * mantissa), size: $0.value) }
        let got = b.grouped(side, ticks: ticks, tickSize: tickSize, limit: 20)
        #expect(got == expected, "\(side) \(ticks) × \(tickSize)")
      }
    }
  }

  // MARK: Random sequences against a dictionary model

  struct ModelKey: Hashable {
    var id: Int64
    var side: Side
  }

  /// The plainest order book: `[key: (price, size)]`, plus per-side key lists so that
  /// random picks do not depend on Dictionary's per-process iteration order.
  struct Model {
    var levels: [ModelKey: (price: Double, size: Int64)] = [:]
    var keys: [Side: [ModelKey]] = [.buy: [], .sell: []]
    var slots: [ModelKey: Int] = [:]
    var prices: [Side: Set<Double>] = [.buy: [], .sell: []]

    mutating func set(_ key: ModelKey, _ price: Double, _ size: Int64) {
      if let old = levels[key] {
        prices[key.side]!.remove(old.price)
      } else {
        slots[key] = keys[key.side]!.count
        keys[key.side]!.append(key)
      }
      prices[key.side]!.insert(price)
      levels[key] = (price, size)
    }

    mutating func remove(_ key: ModelKey) {
      guard let old = levels.removeValue(forKey: key), let slot = slots.removeValue(forKey: key) else {
        return
      }
      prices[key.side]!.remove(old.price)
      let last = keys[key.side]!.removeLast()
      if last != key {
        keys[key.side]![slot] = last
        slots[last] = slot
      }
    }

    mutating func removeAll() { self = Model() }

    func sorted(_ side: Side) -> [PriceLevel] {
      keys[side]!.map { levels[$0]! }
        .sorted { side == .buy ? $0.price > $1.price : $0.price < $1.price }
        .map { PriceLevel(price: $0.price, size: $0.size) }
    }
  }

  /// 20,000 random inserts, updates (with, without and with a new price), deletes, faulting
  /// messages and the occasional partial, on up to 2,000 levels a side, checked every 100
  /// operations against a plain dictionary.
  @Test(arguments: [UInt64(1), 2, 3])
  func randomSequencesMatchADictionaryModel(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    var b = OrderBook(symbol: sym)
    var model = Model()
    let maxLevels = 2_000

    // Prices are unique per side, as on BitMEX: bids below 12,000, asks from 12,000.
    func freshPrice(_ side: Side) -> Double {
      while true {
        let ticks = Double(Int.random(in: 0..<8_000, using: &rng))
        let price = side == .buy ? 8_000 + ticks * 0.5 : 12_000 + ticks * 0.5
        if !model.prices[side]!.contains(price) { return price }
      }
    }
    // Arbitrary 63-bit ids, as since 2023.
    func freshID() -> Int64 {
      while true {
        let id = Int64.random(in: 0...Int64.max, using: &rng)
        if model.slots[ModelKey(id: id, side: .buy)] == nil
          && model.slots[ModelKey(id: id, side: .sell)] == nil
        {
          return id
        }
      }
    }
    func row(_ key: ModelKey, size: Int64?, price: Double?) -> BookRow {
      BookRow(symbol: sym, id: key.id, side: key.side, size: size, price: price)
    }
    // Whether the book matches the model; records the first differences only.
    func matches(_ step: Int) -> Bool {
      var ok = true
      for side in [Side.buy, .sell] {
        let expected = model.sorted(side)
        let got = b.top(side, .max)
        if got != expected || (side == .buy ? b.bestBid : b.bestAsk) != expected.first {
          #expect(got == expected, "step \(step) \(side)")
          ok = false
        }
      }
      let levels = b.allLevels
      let wrong = levels.first { level in
        let stored = model.levels[ModelKey(id: level.id, side: level.side)]
        return stored?.price != level.price || stored?.size != level.size
      }
      if levels.count != model.levels.count || wrong != nil {
        #expect(levels.count == model.levels.count, "step \(step)")
        #expect(wrong == nil, "step \(step)")
        ok = false
      }
      return ok
    }

    for step in 1...20_000 {
      let side: Side = Bool.random(using: &rng) ? .buy : .sell
      let sideKeys = model.keys[side]!
      let dice = Int.random(in: 0..<100, using: &rng)
      var got: BookFault?
      var want: BookFault?
      // Grow towards the cap early on, then hover around it.
      let wantInsert = sideKeys.count < 50 || (sideKeys.count < maxLevels && dice < 40)
      if step % 5_000 == 2_500 {
        // A partial: a fresh image, unrelated to what was held.
        model.removeAll()
        var rows: [BookRow] = []
        for s in [Side.buy, .sell] {
          for _ in 0..<Int.random(in: 1_000...maxLevels, using: &rng) {
            let key = ModelKey(id: freshID(), side: s)
            let price = freshPrice(s)
            let size = Int64.random(in: 1...1_000_000, using: &rng)
            model.set(key, price, size)
            rows.append(row(key, size: size, price: price))
          }
        }
        rows.shuffle(using: &rng)
        got = b.apply(.partial, rows[...])
      } else if wantInsert {
        let key = ModelKey(id: freshID(), side: side)
        let price = freshPrice(side)
        let size = Int64.random(in: 1...1_000_000, using: &rng)
        model.set(key, price, size)
        got = b.apply(.insert, [row(key, size: size, price: price)][...])
      } else {
        let key = sideKeys[Int.random(in: 0..<sideKeys.count, using: &rng)]
        let old = model.levels[key]!
        let size = Int64.random(in: 1...1_000_000, using: &rng)
        switch dice % 10 {
        case 0, 1, 2:
          // Update without price (pre-2023).
          model.set(key, old.price, size)
          got = b.apply(.update, [row(key, size: size, price: nil)][...])
        case 3, 4:
          // Update carrying the same price (2023+).
          model.set(key, old.price, size)
          got = b.apply(.update, [row(key, size: size, price: old.price)][...])
        case 5:
          // Update that moves the level to a new price.
          let price = freshPrice(side)
          model.set(key, price, size)
          got = b.apply(.update, [row(key, size: size, price: price)][...])
        case 6, 7:
          // Delete, with or without price.
          model.remove(key)
          let price: Double? = dice % 2 == 0 ? old.price : nil
          got = b.apply(.delete, [row(key, size: nil, price: price)][...])
        case 8:
          // Insert of an existing level: a fault, and nothing changes.
          want = .duplicateLevel(id: key.id, side: side)
          got = b.apply(.insert, [row(key, size: size, price: freshPrice(side))][...])
        case 9 where dice >= 80:
          // Several good rows, then an unknown level: the whole message is taken back.
          var rows: [BookRow] = []
          for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let k = sideKeys[Int.random(in: 0..<sideKeys.count, using: &rng)]
            let moved: Double? = Bool.random(using: &rng) ? freshPrice(side) : nil
            rows.append(row(k, size: Int64.random(in: 1...1_000_000, using: &rng), price: moved))
          }
          let unknown = ModelKey(id: freshID(), side: side)
          rows.append(row(unknown, size: size, price: nil))
          want = .unknownLevel(id: unknown.id, side: side, action: .update)
          got = b.apply(.update, rows[...])
        case 9 where dice >= 60:
          // An insert through the other side's best: a crossed book, taken back.
          let other: Side = side == .buy ? .sell : .buy
          let best = model.keys[other]!.map { model.levels[$0]!.price }
          guard let edge = side == .buy ? best.min() : best.max() else { break }
          let through = side == .buy ? edge + 0.5 : edge - 0.5
          let key = ModelKey(id: freshID(), side: side)
          want =
            side == .buy
            ? .crossed(bestBid: through, bestAsk: edge) : .crossed(bestBid: edge, bestAsk: through)
          got = b.apply(.insert, [row(key, size: size, price: through)][...])
        default:
          // Update or delete of an unknown level: a fault, and nothing changes.
          let unknown = ModelKey(id: freshID(), side: side)
          let action: TableAction = dice % 2 == 0 ? .update : .delete
          want = .unknownLevel(id: unknown.id, side: side, action: action)
          got = b.apply(action, [row(unknown, size: size, price: nil)][...])
        }
      }
      if got != want {
        #expect(got == want, "step \(step)")
        break
      }
      if step % 100 == 0 && !matches(step) { break }
    }
    #expect(matches(20_001))
    #expect(b.count(.buy) > 500 && b.count(.sell) > 500)
  }
}
