import MarketModel
import VenueCore

/// BitMEX's level ids, kept so that the shared price-keyed book can follow BitMEX's id-keyed
/// L2 rows: an id → price map per side of each book (one book per table and symbol).
///
/// BitMEX names a level by `(symbol, id, side)`; until 2023 its update and delete rows carry no
/// price, and since then its ids say nothing about prices. `map` turns one message's rows into
/// price-keyed `LevelChange`s, each saying what it expects of the level before it (an insert
/// makes a level that must not be there, an update or delete names one that must), and keeps
/// the map in step. A message is mapped all or nothing: at the first row that cannot be a level
/// (an unknown id, an id inserted twice, a size that is not positive) the map is put back as it
/// was and the fault is returned. A partial rebuilds the book's map from nothing.
///
/// The map follows every message of its book; the book applies them only while it is live. A
/// message the book refuses (crossed, too deep) leaves the map one message ahead, but the book
/// then waits for a fresh partial, which rebuilds the map: the two agree whenever the book is
/// live. Steady-state messages do not allocate.
///
/// **By price.** The map is there for the rows that lack their price. Since BitMEX's 2023 change
/// every row gives it, deletes included, and the ids name nothing the price does not. So a book
/// keeps its ids only until a delete row gives its price (what no row did before the change):
/// from then on its rows are mapped by their prices and its ids are dropped, which halves the
/// cost of mapping a row. What the map checked the book still checks: an update or delete names
/// a level that must be held, an insert one that must not. A row without its price after that
/// (data that mixes the two schemes) cannot be mapped: it is `unknownID`, the book takes a fresh
/// partial, and keeps its ids from then on.
public struct BitMEXBookIDs: Sendable {
  /// One book's ids.
  struct Book: Sendable {
    let table: BookTable
    let symbol: Symbol
    var bids = LevelIDMap()
    var asks = LevelIDMap()
    /// Whether the rows are mapped by their prices, the ids not kept (see the type's note).
    var byPrice = false
    /// Whether a row without its price came after the book went by price: it keeps its ids from
    /// then on, whatever its deletes give.
    var staysOnIDs = false

    init(table: BookTable, symbol: Symbol) {
      self.table = table
      self.symbol = symbol
    }
  }

  /// A change to one book's map, to take back if its message faults.
  private struct Undo: Sendable {
    var side: Side
    var id: Int64
    /// The price the id had before (nil: it had none).
    var price: FixedDecimal?
  }

  private var books: [Book] = []
  private var undo = UndoLog<Undo>()
  /// Why the last row a row function refused cannot be a level. The row functions say only
  /// whether they mapped the row: a fault returned with every row (an optional of the largest
  /// fault, through memory) cost more than the rest of mapping a row.
  private var rowFault: BookSyncFault?
  /// Scratch for `map(_:)`.
  private var events: [MarketEvent] = []

  public init() {}

  /// How many ids the book of `table` and `symbol` holds on `side` (0 when there is no such book).
  public func count(_ table: BookTable, _ symbol: Symbol, _ side: Side) -> Int {
    guard let i = find(table, symbol) else { return 0 }
    return side == .buy ? books[i].bids.count : books[i].asks.count
  }

  /// Whether the book of `table` and `symbol` keeps its ids (false: it goes by price, or there is
  /// no such book).
  public func keepsIDs(_ table: BookTable, _ symbol: Symbol) -> Bool {
    guard let i = find(table, symbol) else { return false }
    return !books[i].byPrice
  }

  /// The price the book of `table` and `symbol` holds for the level `id` on `side`.
  public func price(_ table: BookTable, _ symbol: Symbol, id: Int64, side: Side) -> FixedDecimal? {
    guard let i = find(table, symbol) else { return nil }
    return side == .buy ? books[i].bids.price(of: id) : books[i].asks.price(of: id)
  }

  /// Maps the rows of `symbol` in one message of `table` (rows of other symbols are skipped)
  /// into `levels`, and returns the fault that stops it, if any; then nothing is appended and
  /// the map is as it was (a partial's fault leaves the book's map empty: it waits for the next
  /// partial).
  ///
  /// A partial replaces the book's ids; an insert adds a level (`prior: .absent`); an update
  /// sets a held level's size (`.held`), moving it when its row gives another price (the old
  /// price deleted, the new one added); a delete removes a held level (`.held`, size 0).
  public mutating func map(
    _ table: BookTable, _ action: TableAction, _ symbol: Symbol, _ rows: ArraySlice<BookRow>,
    into levels: inout [LevelChange]
  ) -> BookSyncFault? {
    rows.withUnsafeBufferPointer { map(table, action, symbol, $0, into: &levels) }
  }

  /// `map(_:_:_:_:into:)` of rows read where they are (the decoder's: a slice of the batch's rows
  /// passed on cost a retain and a release a message).
  @inline(__always)
  mutating func map(
    _ table: BookTable, _ action: TableAction, _ symbol: Symbol, _ rows: UnsafeBufferPointer<BookRow>,
    into levels: inout [LevelChange]
  ) -> BookSyncFault? {
    let b = book(table, symbol, create: action == .partial)
    let start = levels.count
    guard let b else {
      // No partial yet for this book: every id a delta names is unknown.
      for row in rows where row.symbol == symbol {
        return .unknownID(side: row.side.bookSide, id: row.id)
      }
      return nil
    }
    if books[b].byPrice {
      // The book is read, not changed, unless a row has no price (its array is then not checked
      // unshared for every message).
      var lostIDs = false
      let fault = Self.mapByPrice(action, symbol, rows, &lostIDs, &levels, from: start)
      if lostIDs {
        books[b].byPrice = false
        books[b].staysOnIDs = true
      }
      return fault
    }
    if action == .partial {
      if !Self.mapPartial(symbol, rows, &books[b], &rowFault, &levels) {
        levels.removeSubrange(start...)
        return rowFault
      }
      return nil
    }
    undo.removeAll()
    var deleteGavePrice = false
    if !Self.mapDelta(action, symbol, rows, &books[b], &undo, &rowFault, &levels, &deleteGavePrice) {
      rollBack(b)
      levels.removeSubrange(start...)
      return rowFault
    }
    // A delete row that gives its price: the 2023 scheme, and the ids are no longer needed.
    if deleteGavePrice, !books[b].staysOnIDs {
      books[b].byPrice = true
      books[b].bids.removeAll()
      books[b].asks.removeAll()
    }
    return nil
  }

  /// Maps the rows of `symbol` of a book that goes by price (no id kept): an insert's or a
  /// partial's row is a new level at its price, an update's a held level's new size, a delete's
  /// a held level gone. At a row that cannot be a level, nothing is appended and the fault is
  /// returned; at a row without its price, `lostIDs` says the book must keep its ids again.
  @inline(__always)
  private static func mapByPrice(
    _ action: TableAction, _ symbol: Symbol, _ rows: UnsafeBufferPointer<BookRow>, _ lostIDs: inout Bool,
    _ levels: inout [LevelChange], from start: Int
  ) -> BookSyncFault? {
    var fault: BookSyncFault?
    let prior: LevelChange.Prior = action == .partial || action == .insert ? .absent : .held
    let delete = action == .delete
    if action == .partial { levels.reserveCapacity(start + rows.count) }
    for i in rows.indices where rows[i].symbol == symbol {
      let side = rows[i].side.bookSide
      guard let price = rows[i].price else {
        levels.removeSubrange(start...)
        if prior == .absent { return .badPrice(side: side, price: .zero) }
        // The ids were dropped: this row's level cannot be found. From the next partial on, the
        // book keeps them.
        lostIDs = true
        return .unknownID(side: side, id: rows[i].id)
      }
      if delete {
        levels.append(LevelChange(side: side, price: price, size: .zero, prior: .held))
      } else if let size = size(rows[i], price: price, &fault) {
        levels.append(LevelChange(side: side, price: price, size: size, prior: prior))
      } else {
        levels.removeSubrange(start...)
        return fault
      }
    }
    return nil
  }

  /// Maps a partial's rows of `symbol` into `levels`, the book's ids made again from them; false
  /// when a row cannot be a level (`fault` says why: the first row without a price or a positive
  /// size, else the first id given twice on a side), the book then left with no id. The book is
  /// changed where it is, once for the whole partial (through the books' array, once a row, it
  /// cost a check that the array is unshared for each of thousands of rows), and each side's ids
  /// go in at once (`LevelIDMap.insertAll`).
  private static func mapPartial(
    _ symbol: Symbol, _ rows: UnsafeBufferPointer<BookRow>, _ book: inout Book, _ fault: inout BookSyncFault?,
    _ levels: inout [LevelChange]
  ) -> Bool {
    book.bids.removeAll()
    book.asks.removeAll()
    // The levels first (each row checked), then each side's ids at once.
    levels.reserveCapacity(levels.count + rows.count)
    for i in rows.indices where rows[i].symbol == symbol {
      let side = rows[i].side.bookSide
      guard let price = rows[i].price else {
        fault = .badPrice(side: side, price: .zero)
        return false
      }
      guard let size = size(rows[i], price: price, &fault) else { return false }
      levels.append(LevelChange(side: side, price: price, size: size, prior: .absent))
    }
    if let id = book.bids.insertAll(rows, side: .buy, symbol: symbol) {
      fault = .duplicateID(side: .bid, id: id)
    } else if let id = book.asks.insertAll(rows, side: .sell, symbol: symbol) {
      fault = .duplicateID(side: .ask, id: id)
    } else {
      return true
    }
    book.bids.removeAll()
    book.asks.removeAll()
    return false
  }

  /// Maps a delta's rows of `symbol` into `levels`; false at the first row that cannot be a
  /// level (`fault` says why, and `undo` holds what to take back). `deleteGavePrice`: a delete's
  /// row gave its price. One loop a kind of action,
  /// the rows read where they are and the book's maps changed where they are: a row copied out
  /// of its slice, the action looked at again, or the books' array checked unshared for every
  /// row cost as much as mapping it.
  @inline(__always)
  private static func mapDelta(
    _ action: TableAction, _ symbol: Symbol, _ rows: UnsafeBufferPointer<BookRow>, _ book: inout Book,
    _ undo: inout UndoLog<Undo>, _ fault: inout BookSyncFault?, _ levels: inout [LevelChange],
    _ deleteGavePrice: inout Bool
  ) -> Bool {
    switch action {
    case .insert:
      for i in rows.indices where rows[i].symbol == symbol {
        guard place(rows[i], &book, &levels, &fault) else { return false }
        undo.append(Undo(side: rows[i].side, id: rows[i].id, price: nil))
      }
    case .update:
      for i in rows.indices where rows[i].symbol == symbol {
        guard update(rows[i], &book, &undo, &fault, &levels) else { return false }
      }
    default:
      for i in rows.indices where rows[i].symbol == symbol {
        guard delete(rows[i], &book, &undo, &fault, &levels) else { return false }
        if rows[i].price != nil { deleteGavePrice = true }
      }
    }
    return true
  }

  /// Appends the events of one L2 message, decoded whole (its rows `batch.bookRows[message.rows]`):
  /// one per book it is for, its rows mapped to price levels. A partial is for the symbol its
  /// filter names (the rows of other symbols in it are not that book's), or, without a filter
  /// (all symbols), for each symbol of its rows; a delta is for each symbol of its rows (one, on
  /// a symbol's subscription). A message for no book (a delta with no rows) is kept unmapped.
  public mutating func append(_ message: BookMessage, into batch: inout MarketBatch) {
    append(
      message.table, message.action, filterSymbol: message.filterSymbol, rows: message.rows, into: &batch)
  }

  /// `append(_:into:)` of the message these fields make (what the decoder calls: the message is
  /// made once, in the batch, not copied on its way there).
  @inline(__always)
  mutating func append(
    _ table: BookTable, _ action: TableAction, filterSymbol: Symbol?, rows: Range<Int>,
    into batch: inout MarketBatch
  ) {
    if action == .partial, let filterSymbol {
      append(table, action, filterSymbol, rows, filterSymbol, into: &batch)
      return
    }
    guard let first = rows.first else {
      batch.events.append(
        .book(BookMessage(table: table, action: action, filterSymbol: filterSymbol, rows: rows)))
      return
    }
    let symbol = batch.bookRows[first].symbol
    append(table, action, filterSymbol, rows, symbol, into: &batch)
    // Rows of more than one symbol (an all-symbols partial): each other symbol once, in order.
    var i = rows.index(after: first)
    while i < rows.upperBound {
      let other = batch.bookRows[i].symbol
      if other != symbol, !batch.bookRows[rows.lowerBound..<i].contains(where: { $0.symbol == other }) {
        append(table, action, filterSymbol, rows, other, into: &batch)
      }
      i += 1
    }
  }

  /// Maps every book message of a batch made by hand, in order (the decoder maps each as it
  /// decodes it): what tests and tools that build batches themselves call before applying them,
  /// and the replay that shares its decoding between two threads (one map for both).
  ///
  /// In place: a message for one book (a delta's rows of one symbol, a filtered partial) is
  /// replaced by its mapped event where it is. From the first message for several books (an
  /// all-symbols partial) on, the events are laid out again, one per book.
  public mutating func map(_ batch: inout MarketBatch) {
    // The events are taken out of the batch while their book messages are rewritten where they
    // are (the rows, levels and faults the messages name stay in the batch): through the buffer,
    // no event is copied out and assigned back (each a call that looks at every case's payload).
    var events: [MarketEvent] = []
    swap(&events, &batch.events)
    let laidOutFrom = events.withUnsafeMutableBufferPointer { buffer -> Int? in
      for i in buffer.indices {
        guard case .book(let message) = buffer[i], message.symbol == nil else { continue }
        guard let symbol = Self.onlySymbol(of: message, in: &batch) else {
          if !message.rows.isEmpty { return i }
          // A message for no book (a delta with no rows) is kept unmapped.
          continue
        }
        let one = mapped(
          message.table, message.action, message.filterSymbol, message.rows, symbol, into: &batch)
        // Written over the message it replaces, a book message: plain data, nothing to release
        // (checked: a reference added to `BookMessage` would leak here).
        assert(_isPOD(BookMessage.self), "BookMessage holds a reference: assign, do not initialize over it")
        (buffer.baseAddress! + i).initialize(to: .book(one))
      }
      return nil
    }
    swap(&events, &batch.events)
    if let laidOutFrom { mapLaidOut(&batch, from: laidOutFrom) }
  }

  /// The one book a message is for: its filter's symbol for a filtered partial, else its rows'
  /// symbol when they all have one (nil for no rows, or rows of several symbols).
  // `inout`, though it changes nothing: read through the caller's closure, a batch passed by
  // value was copied (every array retained and released) for each message.
  private static func onlySymbol(of message: BookMessage, in batch: inout MarketBatch) -> Symbol? {
    if message.action == .partial, let filterSymbol = message.filterSymbol { return filterSymbol }
    guard let first = message.rows.first else { return nil }
    let symbol = batch.bookRows[first].symbol
    for i in message.rows.dropFirst() where batch.bookRows[i].symbol != symbol { return nil }
    return symbol
  }

  /// Maps the events from `start` on, one per book, as `append(_:into:)` lays them out.
  private mutating func mapLaidOut(_ batch: inout MarketBatch, from start: Int) {
    // The events in a scratch array kept from one batch to the next: no allocation once warm.
    events.removeAll(keepingCapacity: true)
    events.append(contentsOf: batch.events[start...])
    batch.events.removeSubrange(start...)
    for event in events {
      if case .book(let message) = event, message.symbol == nil {
        append(message, into: &batch)
      } else {
        batch.events.append(event)
      }
    }
    events.removeAll(keepingCapacity: true)
  }

  /// The event of the rows of `symbol` in one message, mapped (appended to the batch).
  @inline(__always)
  private mutating func append(
    _ table: BookTable, _ action: TableAction, _ filterSymbol: Symbol?, _ rows: Range<Int>, _ symbol: Symbol,
    into batch: inout MarketBatch
  ) {
    batch.events.append(.book(mapped(table, action, filterSymbol, rows, symbol, into: &batch)))
  }

  /// The rows of `symbol` in one message, mapped: its levels (appended to `batch.bookLevels`),
  /// or the fault that stopped the mapping (kept in the batch, `BookMessage.faultIndex`).
  @inline(__always)
  private mutating func mapped(
    _ table: BookTable, _ action: TableAction, _ filterSymbol: Symbol?, _ rows: Range<Int>, _ symbol: Symbol,
    into batch: inout MarketBatch
  ) -> BookMessage {
    let start = batch.bookLevels.count
    var faultIndex: Int?
    // The levels taken out of the batch while its rows are read where they are (two words
    // swapped, nothing copied).
    var levels: [LevelChange] = []
    swap(&levels, &batch.bookLevels)
    let fault = batch.bookRows.withUnsafeBufferPointer { all in
      map(table, action, symbol, UnsafeBufferPointer(rebasing: all[rows]), into: &levels)
    }
    swap(&levels, &batch.bookLevels)
    if let fault {
      faultIndex = batch.bookFaults.count
      batch.bookFaults.append(fault)
    }
    return BookMessage(
      table: table, action: action, filterSymbol: filterSymbol, rows: rows, symbol: symbol,
      levels: start..<batch.bookLevels.count, faultIndex: faultIndex)
  }

  /// Forgets every book.
  public mutating func removeAll() {
    books.removeAll()
  }

  // MARK: Rows

  /// The index of the book of `table` and `symbol`.
  @inline(__always) private func find(_ table: BookTable, _ symbol: Symbol) -> Int? {
    // A handful of books at most (usually one): a scan beats hashing a symbol.
    for i in books.indices where books[i].symbol == symbol && books[i].table == table { return i }
    return nil
  }

  /// The index of the book of `table` and `symbol`, made when `create` (a partial) and missing.
  private mutating func book(_ table: BookTable, _ symbol: Symbol, create: Bool) -> Int? {
    if let i = find(table, symbol) { return i }
    guard create else { return nil }
    books.append(Book(table: table, symbol: symbol))
    return books.count - 1
  }

  /// The size of a row that makes or sets a level, or nil (and `fault` says why): a level of
  /// size 0 would be a level that is not there (the book would delete it while the map keeps its
  /// id).
  @inline(__always) private static func size(
    _ row: BookRow, price: FixedDecimal, _ fault: inout BookSyncFault?
  ) -> FixedDecimal? {
    guard let size = row.size, size > 0 else {
      fault = .badSize(
        side: row.side.bookSide, price: price, size: FixedDecimal(mantissa: row.size ?? 0, scale: 0))
      return nil
    }
    return FixedDecimal(mantissa: size, scale: 0)
  }

  /// A new level at the row's price (a partial's or an insert's row), its id mapped to it; false
  /// (with `fault`) when it cannot be a level.
  @inline(__always) private static func place(
    _ row: BookRow, _ book: inout Book, _ levels: inout [LevelChange], _ fault: inout BookSyncFault?
  ) -> Bool {
    let side = row.side.bookSide
    guard let price = row.price else {
      fault = .badPrice(side: side, price: .zero)
      return false
    }
    guard let size = size(row, price: price, &fault) else { return false }
    let fresh =
      row.side == .buy ? book.bids.insert(row.id, price: price) : book.asks.insert(row.id, price: price)
    guard fresh else {
      fault = .duplicateID(side: side, id: row.id)
      return false
    }
    levels.append(LevelChange(side: side, price: price, size: size, prior: .absent))
    return true
  }

  /// Maps an update's row; false (with `fault`) when it cannot be a level.
  @inline(__always) private static func update(
    _ row: BookRow, _ book: inout Book, _ undo: inout UndoLog<Undo>, _ fault: inout BookSyncFault?,
    _ levels: inout [LevelChange]
  ) -> Bool {
    let side = row.side.bookSide
    guard let held = row.side == .buy ? book.bids.price(of: row.id) : book.asks.price(of: row.id) else {
      fault = .unknownID(side: side, id: row.id)
      return false
    }
    let price = row.price ?? held
    guard let size = size(row, price: price, &fault) else { return false }
    if price == held {
      levels.append(LevelChange(side: side, price: held, size: size, prior: .held))
      return true
    }
    // The level moved (a 2023+ row gives its price): out at the old price, in at the new one.
    if row.side == .buy {
      book.bids.update(row.id, price: price)
    } else {
      book.asks.update(row.id, price: price)
    }
    undo.append(Undo(side: row.side, id: row.id, price: held))
    levels.append(LevelChange(side: side, price: held, size: .zero, prior: .held))
    levels.append(LevelChange(side: side, price: price, size: size, prior: .absent))
    return true
  }

  /// Maps a delete's row; false (with `fault`) when its id is not held.
  @inline(__always) private static func delete(
    _ row: BookRow, _ book: inout Book, _ undo: inout UndoLog<Undo>, _ fault: inout BookSyncFault?,
    _ levels: inout [LevelChange]
  ) -> Bool {
    let side = row.side.bookSide
    guard let held = row.side == .buy ? book.bids.remove(row.id) : book.asks.remove(row.id) else {
      fault = .unknownID(side: side, id: row.id)
      return false
    }
    undo.append(Undo(side: row.side, id: row.id, price: held))
    // The held price, whatever the row says: the map is what the book was built from.
    levels.append(LevelChange(side: side, price: held, size: .zero, prior: .held))
    return true
  }

  private mutating func rollBack(_ b: Int) {
    while let step = undo.popLast() {
      if let price = step.price {
        // Deleted or moved: put the old price back.
        if step.side == .buy {
          if books[b].bids.price(of: step.id) == nil {
            _ = books[b].bids.insert(step.id, price: price)
          } else {
            books[b].bids.update(step.id, price: price)
          }
        } else {
          if books[b].asks.price(of: step.id) == nil {
            _ = books[b].asks.insert(step.id, price: price)
          } else {
            books[b].asks.update(step.id, price: price)
          }
        }
      } else if step.side == .buy {
        books[b].bids.remove(step.id)
      } else {
        books[b].asks.remove(step.id)
      }
    }
  }
}

extension Side {
  /// The book side of a row of this side: bids are buyers'.
  @inline(__always) var bookSide: BookSide { self == .buy ? .bid : .ask }
}
