import MarketModel
import TestSupport
import Testing

// MARK: Helpers

private let xbt: Symbol = "XBTUSD"
private let eth: Symbol = "ETHUSD"
/// A time aligned to 1 s, 1 m and 5 m buckets.
private let t0: Int64 = 1_700_000_100_000

private func bid(_ id: Int64, _ price: FixedDecimal?, _ size: Int64?, _ symbol: Symbol = xbt) -> BookRow {
  BookRow(symbol: symbol, id: id, side: .buy, size: size, price: price)
}

private func ask(_ id: Int64, _ price: FixedDecimal?, _ size: Int64?, _ symbol: Symbol = xbt) -> BookRow {
  BookRow(symbol: symbol, id: id, side: .sell, size: size, price: price)
}

private func lv(_ price: Double, _ size: Int64) -> PriceLevel {
  PriceLevel(price: price, size: size)
}

private func trade(
  _ timeMs: Int64, _ price: Double, size: Int64 = 1, id: UInt64, _ symbol: Symbol = xbt
) -> Trade {
  Trade(
    timeMs: timeMs, symbol: symbol, side: .buy, size: size, price: price, matchID: MatchID(high: 7, low: id))
}

/// bids 100×10, 99.5×20; asks 100.5×15, 101×25.
private let firstImage = [bid(1, 100, 10), bid(2, 99.5, 20), ask(3, 100.5, 15), ask(4, 101, 25)]
/// bids 200×1; asks 201×2, 202×3 (ids 1 and 3 reused at other prices).
private let secondImage = [bid(1, 200, 1), ask(3, 201, 2), ask(5, 202, 3)]

extension MarketBatch {
  fileprivate mutating func addBook(
    _ action: TableAction, _ rows: [BookRow], table: BookTable = .top25, filter: Symbol? = nil
  ) {
    let start = bookRows.count
    bookRows += rows
    events.append(
      .book(BookMessage(table: table, action: action, filterSymbol: filter, rows: start..<bookRows.count)))
  }

  fileprivate mutating func addTrades(_ action: TableAction, _ rows: [Trade], filter: Symbol? = nil) {
    let start = trades.count
    trades += rows
    events.append(.trades(TableSlice(action: action, filterSymbol: filter, rows: start..<trades.count)))
  }

  fileprivate mutating func addInstruments(
    _ action: TableAction, _ rows: [InstrumentUpdate], filter: Symbol? = nil
  ) {
    let start = instruments.count
    instruments += rows
    events.append(
      .instrument(TableSlice(action: action, filterSymbol: filter, rows: start..<instruments.count)))
  }

  fileprivate mutating func addQuotes(_ rows: [Quote]) {
    let start = quotes.count
    quotes += rows
    events.append(.quotes(TableSlice(action: .insert, filterSymbol: nil, rows: start..<quotes.count)))
  }

  fileprivate mutating func addBook10(
    _ action: TableAction, _ symbol: Symbol, bids: [PriceLevel], asks: [PriceLevel]
  ) {
    let b = levels.count..<(levels.count + bids.count)
    levels += bids
    let a = levels.count..<(levels.count + asks.count)
    levels += asks
    let start = book10.count
    book10.append(Book10Row(symbol: symbol, timeMs: t0, bids: b, asks: a))
    events.append(.book10(TableSlice(action: action, filterSymbol: symbol, rows: start..<book10.count)))
  }
}

/// Applies one batch built by `build`.
@discardableResult
private func apply(_ state: inout BitMEXMarket, _ build: (inout MarketBatch) -> Void) -> [IntegrityFault] {
  var batch = MarketBatch()
  build(&batch)
  return state.apply(batch).faults
}

/// A state whose book is live with `firstImage`.
private func liveState() throws -> BitMEXMarket {
  var state = BitMEXMarket(symbol: xbt)
  let faults = apply(&state) { $0.addBook(.partial, firstImage, filter: xbt) }
  try #require(faults.isEmpty)
  try #require(state.bookSync == .live)
  return state
}

/// The fault of this symbol's book of `table`.
private func integrity(_ table: BookTable, _ fault: BookSyncFault) -> IntegrityFault {
  IntegrityFault(book: Subscription(.book, xbt, depth: table.depthLimit), fault: fault)
}

private func bids(_ state: BitMEXMarket) -> [PriceLevel] { state.book.top(.buy, .max) }
private func asks(_ state: BitMEXMarket) -> [PriceLevel] { state.book.top(.sell, .max) }

// MARK: Tests

@Suite struct MarketStateTests {
  @Test func freshState() {
    let state = BitMEXMarket(symbol: xbt, tapeCapacity: 50)
    #expect(state.symbol == xbt)
    #expect(state.book.isEmpty)
    #expect(state.bookTable == nil)
    #expect(state.bookSync == .awaitingPartial)
    #expect(state.tradeSync == .awaitingPartial)
    #expect(state.instrumentSync == .awaitingPartial)
    #expect(state.tape.capacity == 50)
    #expect(state.tape.isEmpty)
    #expect(state.instrument == Instrument(symbol: xbt))
    #expect(state.quotes.isEmpty)
    #expect(state.droppedBeforePartial == 0)
    #expect(state.faultCount == 0)
  }

  // MARK: Book: partials

  @Test func deltasBeforeTheFirstPartialAreDroppedAndCounted() {
    var state = BitMEXMarket(symbol: xbt)
    let faults = apply(&state) {
      $0.addBook(.insert, [bid(1, 100, 5)])
      // An update and a delete for levels never seen: dropped, not faults.
      $0.addBook(.update, [bid(9, nil, 6)])
      $0.addBook(.delete, [ask(8, nil, nil)])
      // Another symbol's delta is not ours to count.
      $0.addBook(.insert, [bid(1, 100, 5, eth)])
    }
    #expect(faults.isEmpty)
    #expect(state.droppedBeforePartial == 3)
    #expect(state.bookSync == .awaitingPartial)
    #expect(state.book.isEmpty)
    #expect(state.bookTable == nil)

    // The partial and a delta after it, in one batch: both apply.
    let later = apply(&state) {
      $0.addBook(.partial, firstImage, filter: xbt)
      $0.addBook(.update, [bid(2, nil, 21)])
    }
    #expect(later.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.bookTable == .top25)
    #expect(state.droppedBeforePartial == 3)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 21)])
    #expect(asks(state) == [lv(100.5, 15), lv(101, 25)])
  }

  @Test(arguments: BookTable.allCases)
  func aLaterPartialReplacesNeverMerges(table: BookTable) {
    var state = BitMEXMarket(symbol: xbt)
    #expect(apply(&state) { $0.addBook(.partial, firstImage, table: table, filter: xbt) }.isEmpty)
    #expect(apply(&state) { $0.addBook(.insert, [bid(7, 98, 70)], table: table) }.isEmpty)
    #expect(state.book.count(.buy) == 3)
    #expect(apply(&state) { $0.addBook(.partial, secondImage, table: table, filter: xbt) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.bookTable == table)
    #expect(bids(state) == [lv(200, 1)])
    #expect(asks(state) == [lv(201, 2), lv(202, 3)])
    #expect(state.allLevels == BitMEXMarket.levels(secondImage))
    #expect(state.faultCount == 0)
  }

  @Test func aPartialForAnotherSymbolIsIgnored() throws {
    // While waiting: it does not make this book live.
    var waiting = BitMEXMarket(symbol: xbt)
    #expect(apply(&waiting) { $0.addBook(.partial, [bid(1, 3_000, 1, eth)], filter: eth) }.isEmpty)
    #expect(waiting.bookSync == .awaitingPartial)
    #expect(waiting.book.isEmpty)
    #expect(waiting.bookTable == nil)

    // While live: it does not touch this book.
    var state = try liveState()
    #expect(
      apply(&state) { $0.addBook(.partial, [bid(9, 3_000, 1, eth)], table: .full, filter: eth) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.bookTable == .top25)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
    #expect(asks(state) == [lv(100.5, 15), lv(101, 25)])
    // Nor does another symbol's delta, even one that would fault here.
    #expect(apply(&state) { $0.addBook(.delete, [bid(1234, nil, nil, eth)]) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.droppedBeforePartial == 0)
  }

  @Test func anAllSymbolsPartialTakesOnlyThisSymbolsRows() {
    var state = BitMEXMarket(symbol: xbt)
    // The same ids for both symbols: taking ETHUSD's rows would be a duplicate-level fault.
    let rows = [
      bid(1, 3_000, 1, eth), bid(1, 100, 10), ask(3, 3_001, 2, eth), ask(3, 100.5, 15),
      bid(2, 2_999, 3, eth), ask(4, 101, 25),
    ]
    #expect(apply(&state) { $0.addBook(.partial, rows, table: .full, filter: nil) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.bookTable == .full)
    #expect(bids(state) == [lv(100, 10)])
    #expect(asks(state) == [lv(100.5, 15), lv(101, 25)])
    #expect(state.allLevels.count == 3)
  }

  /// Issue 11: a symbol-filtered partial with a row of another symbol merged it into the book
  /// (a second ask at one price). The row is skipped: it belongs to another book, and says
  /// nothing against this one (a fault would only ask the same server for the same image).
  @Test func aSymbolFilteredPartialTakesOnlyItsSymbolsRows() {
    var state = BitMEXMarket(symbol: xbt)
    let rows = firstImage + [ask(9, 100.5, 7, eth), bid(1, 3_000, 1, eth)]
    #expect(apply(&state) { $0.addBook(.partial, rows, filter: xbt) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
    #expect(asks(state) == [lv(100.5, 15), lv(101, 25)])
    #expect(state.allLevels.count == 4)
  }

  /// A delta whose first row was of another symbol was ignored whole, this symbol's rows with
  /// it (the book then drifted from the exchange's); one whose later row was of another symbol
  /// applied it here. Each row goes to its own symbol's book.
  @Test func aDeltaMixingSymbolsAppliesThisSymbolsRowsWhereverTheyAre() throws {
    var state = try liveState()
    #expect(apply(&state) { $0.addBook(.update, [ask(3, nil, 99, eth), bid(1, nil, 5)]) }.isEmpty)
    #expect(bids(state) == [lv(100, 5), lv(99.5, 20)])
    #expect(apply(&state) { $0.addBook(.update, [bid(2, nil, 6), ask(77, nil, 5, eth)]) }.isEmpty)
    #expect(bids(state) == [lv(100, 5), lv(99.5, 6)])
    #expect(state.bookSync == .live)
    // Rows without prices flash too: the adapter's map gives their prices.
    #expect(state.changedPrices == [99.5])
  }

  /// Issue 11: an `orderBookL2_25` book grew without bound under endless inserts (RSS and CPU
  /// grew with it). Such a table holds 25 levels a side; BitMEX deletes the level that leaves
  /// the top before inserting the one that enters, so a side past 25 after a message is a
  /// desync: a fault (one resync), never a trim that would hide it. The book stays at 25.
  @Test func aDepthLimitedBookNeverGrowsPastItsDepth() {
    var state = BitMEXMarket(symbol: xbt)
    var top: [BookRow] = []
    for n in 0..<25 {
      let step = Int64(n) * 5
      top += [
        bid(Int64(1_000 + n), FixedDecimal(mantissa: 1_000 - step, scale: 1), 1),
        ask(Int64(2_000 + n), FixedDecimal(mantissa: 1_005 + step, scale: 1), 1),
      ]
    }
    #expect(apply(&state) { $0.addBook(.partial, top, filter: xbt) }.isEmpty)
    var faults: [IntegrityFault] = []
    for n in 0..<1_000 {
      faults += apply(&state) {
        $0.addBook(.insert, [bid(Int64(5_000 + n), FixedDecimal(mantissa: 800 - 5 * Int64(n), scale: 1), 1)])
      }
      #expect(state.book.count(.buy) <= 25)
    }
    #expect(
      faults == [
        integrity(.top25, .tooDeep(side: .bid, levels: 26, limit: 25))
      ])
    #expect(state.bookSync == .faulted)
    #expect(state.book.count(.buy) == 25)

    // The same inserts on the full-depth table are a deep book, not a fault.
    var full = BitMEXMarket(symbol: xbt)
    #expect(apply(&full) { $0.addBook(.partial, top, table: .full, filter: xbt) }.isEmpty)
    for n in 0..<100 {
      #expect(
        apply(&full) {
          $0.addBook(
            .insert, [bid(Int64(5_000 + n), FixedDecimal(mantissa: 800 - 5 * Int64(n), scale: 1), 1)],
            table: .full)
        }
        .isEmpty)
    }
    #expect(full.book.count(.buy) == 125)
  }

  /// Trap 4: an empty partial still makes the subscription live, with an empty book.
  @Test func anEmptyPartialMakesTheBookLiveAndEmpty() throws {
    var fresh = BitMEXMarket(symbol: xbt)
    #expect(apply(&fresh) { $0.addBook(.partial, [], filter: xbt) }.isEmpty)
    #expect(fresh.bookSync == .live)
    #expect(fresh.book.isEmpty)
    #expect(apply(&fresh) { $0.addBook(.insert, [ask(1, 5, 5)]) }.isEmpty)
    #expect(asks(fresh) == [lv(5, 5)])
    #expect(fresh.droppedBeforePartial == 0)

    var state = try liveState()
    #expect(apply(&state) { $0.addBook(.partial, [], filter: xbt) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.book.isEmpty)
    #expect(state.book.bestBid == nil && state.book.bestAsk == nil)
  }

  @Test func deltasOfAnotherBookTableAreDropped() throws {
    var state = try liveState()
    #expect(apply(&state) { $0.addBook(.insert, [bid(9, 99, 1)], table: .full) }.isEmpty)
    #expect(apply(&state) { $0.addBook(.delete, [bid(1, nil, nil)], table: .top100) }.isEmpty)
    #expect(state.droppedBeforePartial == 2)
    #expect(state.bookSync == .live)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
  }

  @Test func anEmptyDeltaChangesNothing() throws {
    var state = try liveState()
    #expect(apply(&state) { $0.addBook(.update, []) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.droppedBeforePartial == 0)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
  }

  // MARK: Book: faults

  /// A delta that cannot apply, and the fault it must raise.
  struct FaultCase: Sendable, CustomTestStringConvertible {
    var name: String
    var action: TableAction
    var rows: [BookRow]
    var fault: BookSyncFault

    var testDescription: String { name }
  }

  static let faultCases: [FaultCase] = [
    FaultCase(
      name: "update of an unknown level", action: .update, rows: [bid(42, nil, 5)],
      fault: .unknownID(side: .bid, id: 42)),
    FaultCase(
      name: "update of an unknown level with a price", action: .update, rows: [ask(42, 100.75, 5)],
      fault: .unknownID(side: .ask, id: 42)),
    FaultCase(
      name: "delete of an unknown level", action: .delete, rows: [ask(43, nil, nil)],
      fault: .unknownID(side: .ask, id: 43)),
    FaultCase(
      name: "insert of an existing level", action: .insert, rows: [bid(2, 99.75, 5)],
      fault: .duplicateID(side: .bid, id: 2)),
    FaultCase(
      name: "insert that crosses the book", action: .insert, rows: [bid(44, 100.5, 5)],
      fault: .crossed(bid: 100.5, ask: 100.5)),
    FaultCase(
      name: "a price move that crosses the book", action: .update, rows: [ask(3, 99, 15)],
      fault: .crossed(bid: 100, ask: 99)),
    FaultCase(
      name: "good rows, then an unknown one", action: .update,
      rows: [bid(1, nil, 999), ask(4, 102, 1), bid(42, nil, 5), bid(2, nil, 1)],
      fault: .unknownID(side: .bid, id: 42)),
    FaultCase(
      name: "deletes, then an unknown one", action: .delete,
      rows: [bid(1, nil, nil), ask(3, 100.5, nil), ask(3, nil, nil)],
      fault: .unknownID(side: .ask, id: 3)),
    FaultCase(
      name: "inserts, then the same level again", action: .insert,
      rows: [bid(50, 99.75, 1), ask(51, 100.75, 2), bid(50, 99.25, 3)],
      fault: .duplicateID(side: .bid, id: 50)),
    // Issue 11: bad values were taken in as levels.
    FaultCase(
      name: "insert at a price ≤ 0", action: .insert, rows: [bid(60, 98, 1), bid(61, 0, 5)],
      fault: .badPrice(side: .bid, price: 0)),
    FaultCase(
      name: "insert at a negative price", action: .insert, rows: [ask(62, -101, 5)],
      fault: .badPrice(side: .ask, price: -101)),
    FaultCase(
      name: "insert at a price too large for the book's decimals", action: .insert,
      rows: [ask(62, 1_000_000_000_000_000_000, 5)], fault: .precision(1_000_000_000_000_000_000)),
    FaultCase(
      name: "insert of size 0", action: .insert, rows: [ask(63, 102, 0)],
      fault: .badSize(side: .ask, price: 102, size: 0)),
    FaultCase(
      name: "insert of a negative size", action: .insert, rows: [ask(63, 102, -3)],
      fault: .badSize(side: .ask, price: 102, size: -3)),
    FaultCase(
      name: "update to size 0", action: .update, rows: [bid(1, nil, 0)],
      fault: .badSize(side: .bid, price: 100, size: 0)),
    FaultCase(
      name: "update to a price ≤ 0", action: .update, rows: [ask(3, -1, 15)],
      fault: .badPrice(side: .ask, price: -1)),
    FaultCase(
      name: "an insert of Int64.max contracts: the side's total would wrap", action: .insert,
      rows: [bid(64, 98, .max)], fault: .sizeOverflow(side: .bid)),
    FaultCase(
      name: "updates whose sizes add up past Int64", action: .update,
      rows: [bid(1, nil, .max - 20), bid(2, nil, 21)], fault: .sizeOverflow(side: .bid)),
  ]

  @Test(arguments: faultCases)
  func aFaultIsReportedOnceAndDeltasWaitForAPartial(_ c: FaultCase) throws {
    var state = try liveState()
    let before = state.allLevels
    let faults = apply(&state) { $0.addBook(c.action, c.rows) }
    #expect(faults == [integrity(.top25, c.fault)])
    #expect(faults.first?.subscription == Subscription(.book, "XBTUSD", depth: 25))
    #expect(state.bookSync == .faulted)
    #expect(state.faultCount == 1)
    // The message is taken back whole: the book keeps its last good levels for display.
    #expect(state.allLevels == before)
    #expect(!state.crossed)

    // No fault flood: every further delta is dropped (and counted) until a partial,
    // whether it would fit or fault again.
    let more = apply(&state) {
      $0.addBook(c.action, c.rows)
      $0.addBook(.update, [bid(1, nil, 11)])
      $0.addBook(.delete, [ask(999, nil, nil)])
      $0.addBook(.insert, [bid(77, 1, 1)])
    }
    #expect(more.isEmpty)
    #expect(state.faultCount == 1)
    #expect(state.droppedBeforePartial == 4)
    #expect(state.bookSync == .faulted)
    #expect(state.allLevels == before)

    // A fresh partial replaces the book and makes it live again.
    #expect(apply(&state) { $0.addBook(.partial, secondImage, filter: xbt) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.allLevels == BitMEXMarket.levels(secondImage))
    #expect(apply(&state) { $0.addBook(.update, [bid(1, nil, 9)]) }.isEmpty)
    #expect(bids(state) == [lv(200, 9)])
    #expect(state.faultCount == 1)
  }

  @Test func twoBadMessagesInOneBatchGiveOneFault() throws {
    var state = try liveState()
    let faults = apply(&state) {
      $0.addBook(.update, [bid(42, nil, 5)])
      $0.addBook(.delete, [bid(43, nil, nil)])
    }
    #expect(
      faults == [
        integrity(.top25, .unknownID(side: .bid, id: 42))
      ])
    #expect(state.faultCount == 1)
    #expect(state.droppedBeforePartial == 1)
  }

  static let badPartials: [(rows: [BookRow], fault: BookSyncFault)] = [
    ([bid(1, 100, 1), bid(1, 99, 2), ask(2, 101, 3)], .duplicateID(side: .bid, id: 1)),
    ([bid(1, 101, 1), ask(2, 100, 3)], .crossed(bid: 101, ask: 100)),
    ([bid(1, 100, 1), bid(2, 0, 2), ask(3, 101, 3)], .badPrice(side: .bid, price: 0)),
    ([bid(1, 100, 1), ask(3, 101, 0)], .badSize(side: .ask, price: 101, size: 0)),
    ([bid(1, 100, .max), bid(2, 99, 1), ask(3, 101, 1)], .sizeOverflow(side: .bid)),
  ]

  @Test(arguments: badPartials)
  func aBadPartialFaults(rows: [BookRow], fault: BookSyncFault) {
    var state = BitMEXMarket(symbol: xbt)
    let faults = apply(&state) { $0.addBook(.partial, rows, table: .full, filter: xbt) }
    #expect(faults == [integrity(.full, fault)])
    #expect(faults.first?.subscription == Subscription(.book, "XBTUSD"))
    #expect(state.bookSync == .faulted)
    #expect(state.faultCount == 1)
    #expect(apply(&state) { $0.addBook(.insert, [bid(3, 50, 1)], table: .full) }.isEmpty)
    #expect(state.droppedBeforePartial == 1)
  }

  /// The state's promise: "after a fault the book keeps its last good levels for display".
  /// A faulting message must not leave half of itself (or a crossed book) on screen.
  static let halfApplied: [(name: String, action: TableAction, rows: [BookRow])] = [
    ("good row before an unknown one", .update, [bid(1, nil, 999), bid(42, nil, 5)]),
    ("a crossing insert", .insert, [bid(44, 100.5, 5)]),
  ]

  @Test(arguments: halfApplied)
  func afterAFaultTheBookShowsTheLastGoodLevels(name: String, action: TableAction, rows: [BookRow]) throws {
    var state = try liveState()
    let before = state.allLevels
    #expect(apply(&state) { $0.addBook(action, rows) }.count == 1)
    #expect(state.bookSync == .faulted)
    // A faulting message is undone whole: the book shows the last good levels.
    #expect(state.allLevels == before, "\(name)")
    #expect(!state.crossed, "\(name)")
  }

  // MARK: Reconnects

  @Test func resetTablesAwaitsPartialsAndKeepsTheOldDataUntilReplaced() throws {
    var state = try liveState()
    var i = InstrumentUpdate(symbol: xbt)
    i.tickSize = 0.5
    i.lastPrice = 100
    apply(&state) {
      $0.addTrades(.partial, [trade(t0, 100, id: 1)], filter: xbt)
      $0.addInstruments(.partial, [i], filter: xbt)
    }
    #expect(state.tradeSync == .live && state.instrumentSync == .live)

    state.resetTables([
      Subscription(.book, "XBTUSD", depth: 25), Subscription(.trades, "XBTUSD"), Subscription(.ticker),
    ])
    #expect(state.bookSync == .awaitingPartial)
    #expect(state.tradeSync == .awaitingPartial)
    #expect(state.instrumentSync == .awaitingPartial)
    // Old data stays, to be shown dimmed.
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
    #expect(state.tape.count == 1)
    #expect(state.instrument.tickSize == 0.5)

    // Deltas are not merged into the old data.
    var mark = InstrumentUpdate(symbol: xbt)
    mark.markPrice = 123
    let faults = apply(&state) {
      $0.addBook(.update, [bid(1, nil, 1)])
      $0.addBook(.delete, [bid(12345, nil, nil)])
      $0.addTrades(.insert, [trade(t0 + 1, 101, id: 2)])
      $0.addInstruments(.update, [mark])
    }
    #expect(faults.isEmpty)
    #expect(state.droppedBeforePartial == 4)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
    #expect(state.tape.count == 1)
    #expect(state.instrument.markPrice == nil)

    // The new partial replaces: no ghost levels from before the reconnect.
    #expect(apply(&state) { $0.addBook(.partial, secondImage, filter: xbt) }.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.allLevels == BitMEXMarket.levels(secondImage))
    #expect(state.faultCount == 0)
  }

  // MARK: Trades

  @Test func tradesFeedTheTapeAndTheSeriesOnceEach() {
    var state = BitMEXMarket(symbol: xbt)
    // Before the trade partial: dropped and counted.
    apply(&state) { $0.addTrades(.insert, [trade(t0 - 5_000, 90, id: 99)]) }
    #expect(state.tape.isEmpty)
    #expect(state.droppedBeforePartial == 1)
    #expect(state.tradeSync == .awaitingPartial)

    apply(&state) {
      $0.addTrades(.partial, [trade(t0, 100, size: 1, id: 1)], filter: xbt)
      $0.addTrades(
        .insert,
        [
          trade(t0 + 100, 101, size: 2, id: 2),
          trade(t0, 100, size: 1, id: 1),  // the partial's trade again
          trade(t0 + 1_500, 99, size: 3, id: 3),
          trade(t0 + 1_600, 5_000, size: 50, id: 4, eth),  // another symbol
        ])
    }
    #expect(state.tradeSync == .live)
    #expect(state.tape.map(\.price) == [99, 101, 100])
    #expect(state.tape.lastPrice == 99)
    #expect(state.tape.contains(matchID: MatchID(high: 7, low: 2)))
    #expect(!state.tape.contains(matchID: MatchID(high: 7, low: 4)))
    // Each trade once in the candles (the line chart's): a second opens at the last close.
    #expect(
      state.candles[.oneSecond].candles.map {
        [$0.startMs, Int64($0.open), Int64($0.high), Int64($0.low), Int64($0.close), $0.volume]
      } == [
        [t0, 100, 101, 100, 101, 3],
        [t0 + 1_000, 101, 101, 99, 99, 3],
      ])
    #expect(
      state.candles[.oneMinute].candles.map {
        [$0.startMs, Int64($0.open), Int64($0.high), Int64($0.low), Int64($0.close), $0.volume]
      } == [
        [t0, 100, 101, 99, 99, 6]
      ])
    #expect(state.candles[.fiveMinutes].candles.map(\.volume) == [6])

    // A repeat in a later message (a REST backfill overlapping the feed) is dropped too.
    apply(&state) { $0.addTrades(.insert, [trade(t0 + 100, 101, size: 2, id: 2)]) }
    #expect(state.tape.count == 3)
    #expect(state.candles[.oneMinute].last?.volume == 6)
  }

  @Test func tradesWithoutAMatchIDAreNeverDuplicates() {
    var state = BitMEXMarket(symbol: xbt)
    let none = Trade(timeMs: t0, symbol: xbt, side: .sell, size: 200, price: 64_330.3, matchID: .none)
    apply(&state) {
      $0.addTrades(.partial, [none], filter: xbt)
      $0.addTrades(.insert, [none])
    }
    #expect(state.tape.count == 2)
    #expect(state.candles[.oneSecond].last?.volume == 400)
  }

  @Test func aTradePartialForAnotherSymbolIsIgnored() {
    var state = BitMEXMarket(symbol: xbt)
    apply(&state) { $0.addTrades(.partial, [trade(t0, 3_000, id: 1, eth)], filter: eth) }
    #expect(state.tradeSync == .awaitingPartial)
    #expect(state.tape.isEmpty)
    // An all-symbols partial (no filter) makes it live and takes only this symbol's trades.
    apply(&state) { $0.addTrades(.partial, [trade(t0, 3_000, id: 1, eth), trade(t0, 100, id: 2)]) }
    #expect(state.tradeSync == .live)
    #expect(state.tape.map(\.price) == [100])
  }

  // MARK: Instrument

  private static func instrumentPartial() -> InstrumentUpdate {
    var row = InstrumentUpdate(symbol: xbt)
    row.state = "Open"
    row.tickSize = 0.5
    row.lotSize = 100
    row.isInverse = true
    row.lastPrice = 32_175
    row.markPrice = 32_184.89
    row.fundingRate = 0.0001
    row.fundingTimeMs = 1_627_012_800_000
    row.timeMs = t0
    return row
  }

  /// Trap 5: an update carries only the fields that changed; the others stay.
  @Test func instrumentPartialThenMergedUpdates() {
    var state = BitMEXMarket(symbol: xbt)
    var early = InstrumentUpdate(symbol: xbt)
    early.lastPrice = 1
    apply(&state) { $0.addInstruments(.update, [early]) }
    #expect(state.instrument.lastPrice == nil)
    #expect(state.droppedBeforePartial == 1)

    var other = InstrumentUpdate(symbol: eth)
    other.lastPrice = 2_000
    apply(&state) { $0.addInstruments(.partial, [other, Self.instrumentPartial()], filter: nil) }
    #expect(state.instrumentSync == .live)
    #expect(state.instrument == Instrument(Self.instrumentPartial()))

    var mark = InstrumentUpdate(symbol: xbt)
    mark.markPrice = 32_190.5
    mark.timeMs = t0 + 500
    var otherMark = InstrumentUpdate(symbol: eth)
    otherMark.markPrice = 1
    otherMark.tickSize = 99
    apply(&state) { $0.addInstruments(.update, [mark, otherMark]) }
    #expect(state.instrument.markPrice == 32_190.5)
    #expect(state.instrument.timeMs == t0 + 500)
    #expect(state.instrument.tickSize == 0.5)
    #expect(state.instrument.lotSize == 100)
    #expect(state.instrument.lastPrice == 32_175)
    #expect(state.instrument.fundingRate == 0.0001)
    #expect(state.instrument.isInverse == true)
    #expect(state.instrument.state == "Open")

    // A new partial is a full image: it starts again, except for the contract's fixed
    // facts (lot size, inverse) when the image does not carry them.
    var fresh = InstrumentUpdate(symbol: xbt)
    fresh.tickSize = 0.1
    apply(&state) { $0.addInstruments(.partial, [fresh], filter: xbt) }
    #expect(state.instrument.tickSize == 0.1)
    #expect(state.instrument.markPrice == nil && state.instrument.lastPrice == nil)
    #expect(state.instrument.fundingRate == nil && state.instrument.state == nil)
    #expect(state.instrument.lotSize == 100 && state.instrument.isInverse == true)
  }

  @Test func restInstrumentFactsMergeOnlyForThisSymbol() {
    var state = BitMEXMarket(symbol: xbt)
    var rest = InstrumentUpdate(symbol: xbt)
    rest.tickSize = 0.1
    rest.underlyingToPositionMultiplier = nil
    state.merge(instrument: rest)
    var other = InstrumentUpdate(symbol: eth)
    other.tickSize = 0.05
    state.merge(instrument: other)
    #expect(state.instrument.tickSize == 0.1)
    #expect(state.instrumentSync == .awaitingPartial)
  }

  // MARK: Quotes

  /// Trap 10: an aggregated subscription interleaves Primary and Secondary quotes.
  @Test func quotesFromEachPoolAreKeptApart() {
    var state = BitMEXMarket(symbol: xbt)
    apply(&state) {
      $0.addQuotes([
        Quote(
          timeMs: t0, symbol: xbt, bidPrice: 77_465.5, bidSize: 40_600, askPrice: 77_543.1,
          askSize: 314_900, pool: "Primary"),
        Quote(
          timeMs: t0 + 89, symbol: xbt, bidPrice: 77_470.1, bidSize: 519_500, askPrice: 77_490.9,
          askSize: 519_600, pool: "Secondary"),
        Quote(timeMs: t0 + 90, symbol: eth, bidPrice: 1, askPrice: 2, pool: "Primary"),
      ])
    }
    #expect(state.quotes.count == 2)
    #expect(state.quotes["Primary"]?.bidPrice == 77_465.5)
    #expect(state.quotes["Primary"]?.askPrice == 77_543.1)
    #expect(state.quotes["Secondary"]?.bidPrice == 77_470.1)
    #expect(state.quotes["Secondary"]?.askSize == 519_600)

    // A newer Primary quote replaces only Primary's; a quote without a pool has its own slot.
    apply(&state) {
      $0.addQuotes([
        Quote(timeMs: t0 + 200, symbol: xbt, bidPrice: 77_466, askPrice: 77_540, pool: "Primary"),
        Quote(timeMs: t0 + 300, symbol: xbt, bidPrice: 32_180, askPrice: 32_180.5),
      ])
    }
    #expect(state.quotes.count == 3)
    #expect(state.quotes["Primary"]?.bidPrice == 77_466)
    #expect(state.quotes["Primary"]?.timeMs == t0 + 200)
    #expect(state.quotes["Secondary"]?.bidPrice == 77_470.1)
    #expect(state.quotes[""]?.askPrice == 32_180.5)
  }

  // MARK: orderBook10

  /// Trap 6: orderBook10 images are a different table and never touch the L2 book.
  @Test func orderBook10NeverTouchesTheL2Book() throws {
    var state = try liveState()
    let faults = apply(&state) {
      $0.addBook10(.partial, xbt, bids: [lv(500, 1), lv(499, 2)], asks: [lv(50, 3)])
      $0.addBook10(.update, xbt, bids: [], asks: [])
    }
    #expect(faults.isEmpty)
    #expect(state.bookSync == .live)
    #expect(state.bookTable == .top25)
    #expect(bids(state) == [lv(100, 10), lv(99.5, 20)])
    #expect(asks(state) == [lv(100.5, 15), lv(101, 25)])
    #expect(state.droppedBeforePartial == 0)

    var waiting = BitMEXMarket(symbol: xbt)
    apply(&waiting) { $0.addBook10(.partial, xbt, bids: [lv(100, 1)], asks: [lv(101, 1)]) }
    #expect(waiting.bookSync == .awaitingPartial)
    #expect(waiting.book.isEmpty)
    #expect(waiting.bookTable == nil)
  }

  // MARK: Candle backfill

  @Test func backfillTakesOnlyThisSymbolsBinsAtTheirStart() {
    var state = BitMEXMarket(symbol: xbt)
    state.backfillCandles(
      bins: [
        TradeBin(
          endMs: t0 + 60_000, symbol: xbt, open: 10, high: 12, low: 9, close: 11, trades: 3, volume: 30),
        TradeBin(endMs: t0 + 60_000, symbol: eth, open: 1, high: 1, low: 1, close: 1, trades: 1, volume: 1),
      ], interval: .oneMinute)
    #expect(
      state.candles[.oneMinute].candles == [
        Candle(startMs: t0, open: 10, high: 12, low: 9, close: 11, volume: 30, trades: 3)
      ])
    #expect(state.candles[.oneSecond].isEmpty)
    #expect(state.candles[.fiveMinutes].isEmpty)
  }
}

@Suite struct InstrumentStaticFactsTests {
  /// A symbol switch adopts the all-symbols table's row (live at once), then the REST row asked
  /// for at the switch arrives: it fills what the table lacks but never puts its own prices over
  /// the live ones (a dated future's 24 h % went from -1.28 % to +1.03 % when it did, with the
  /// simulator's REST row on another 24 h base).
  @Test func aRESTRowAfterTheLiveTableOnlyFillsWhatItLacks() {
    var state = BitMEXMarket(symbol: "XBTZ26")
    var live = InstrumentUpdate(symbol: "XBTZ26")
    live.lastPrice = 97_700
    live.prevPrice24h = 98_966
    live.lastChangePcnt = -0.0128
    state.adopt(instrument: Instrument(live))
    #expect(state.instrumentSync == .live)
    var rest = InstrumentUpdate(symbol: "XBTZ26")
    rest.lastPrice = 97_690
    rest.prevPrice24h = 96_690
    rest.lastChangePcnt = 0.0103
    rest.tickSize = 0.5
    rest.maxOrderQty = 10_000_000
    state.merge(instrument: rest)
    #expect(state.instrument.lastPrice == 97_700 && state.instrument.prevPrice24h == 98_966)
    #expect(state.instrument.change24h == -0.0128)
    #expect(state.instrument.tickSize == 0.5 && state.instrument.maxOrderQty == 10_000_000)
  }

  @Test func anInstrumentPartialKeepsTheTickSizeLearnedOverREST() {
    var state = BitMEXMarket(symbol: "XBTUSD")
    var rest = InstrumentUpdate(symbol: "XBTUSD")
    rest.tickSize = 0.1
    rest.underlying = "XBT"
    rest.quoteCurrency = "USD"
    state.merge(instrument: rest)
    var image = InstrumentUpdate(symbol: "XBTUSD")
    image.lastPrice = 98_000
    var batch = MarketBatch()
    batch.instruments = [image]
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: "XBTUSD", rows: 0..<1))]
    _ = state.apply(batch)
    #expect(state.instrument.lastPrice == 98_000)
    #expect(state.instrument.tickSize == 0.1)
    #expect(state.instrument.underlying == "XBT" && state.instrument.quoteCurrency == "USD")
  }
}
