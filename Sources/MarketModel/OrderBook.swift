/// A level-2 order book for one symbol, keyed like BitMEX's L2 tables by `(id, side)`
/// with the price kept per level (ids say nothing about prices since 2023).
///
/// Each side is a price-sorted ladder; an id → price index finds a level for rows that
/// carry no price (pre-2023 updates and deletes). Applying a message reports the first
/// `BookFault` it meets; the caller then resyncs. Steady-state updates do not allocate.
public struct OrderBook: BookLevels, Sendable {
  public let symbol: Symbol
  private var bids = BookSide(isBid: true)
  private var asks = BookSide(isBid: false)
  private var bidIndex = LevelIndex()
  private var askIndex = LevelIndex()
  /// How to take back the rows of the message being applied, newest last: a message
  /// that faults is undone whole, so the book never shows half of one.
  private var undo: [UndoStep] = []

  private enum UndoKind: UInt8 {
    case removeInserted
    case restoreUpdated
    case reinsertDeleted
  }

  private struct UndoStep {
    var kind: UndoKind
    var row: BookRow
  }

  public init(symbol: Symbol) {
    self.symbol = symbol
  }

  // MARK: Applying messages

  /// Replaces the whole book with a partial's rows (never merges).
  ///
  /// Rows of another symbol are not this book's: they are skipped (an all-symbols partial mixes
  /// symbols, and a row names its own). A row that cannot be a level — a duplicate, a price that
  /// is not a positive finite number, a size that is not positive, a size that would take the
  /// side's total past Int64 — is left out and reported, and so is a side deeper than
  /// `depthLimit` (the table's, e.g. 25) or a crossed book: the first fault is returned.
  public mutating func replace(with rows: ArraySlice<BookRow>, depthLimit: Int? = nil) -> BookFault? {
    removeAll()
    var bidCount = 0
    var count = 0
    for row in rows where row.symbol == symbol {
      count += 1
      if row.side == .buy { bidCount += 1 }
    }
    bidIndex.reserve(bidCount)
    askIndex.reserve(count - bidCount)
    bids.reserve(bidCount)
    asks.reserve(count - bidCount)
    var fault: BookFault?
    for row in rows where row.symbol == symbol {
      if let bad = Self.badValues(row, needsPrice: true) {
        fault = fault ?? bad
        continue
      }
      let level = BookSide.Level(price: row.price ?? 0, size: row.size ?? 0, id: row.id)
      if row.side == .buy {
        guard bids.totalFits(replacing: 0, with: level.size) else {
          fault = fault ?? .sizeOverflow(id: row.id, side: .buy)
          continue
        }
        guard bidIndex.insert(row.id, price: level.price) else {
          fault = fault ?? .duplicateLevel(id: row.id, side: .buy)
          continue
        }
        bids.appendUnordered(level)
      } else {
        guard asks.totalFits(replacing: 0, with: level.size) else {
          fault = fault ?? .sizeOverflow(id: row.id, side: .sell)
          continue
        }
        guard askIndex.insert(row.id, price: level.price) else {
          fault = fault ?? .duplicateLevel(id: row.id, side: .sell)
          continue
        }
        asks.appendUnordered(level)
      }
    }
    bids.restoreOrder()
    asks.restoreOrder()
    return fault ?? tooDeep(depthLimit) ?? crossing()
  }

  /// Applies an insert, update or delete message, all or nothing: at the first fault
  /// (or if the message leaves the book crossed, or deeper than `depthLimit` on a side)
  /// every row already applied is taken back, and the fault is returned. The book then
  /// holds the last good state. Rows of another symbol are skipped (not this book's).
  public mutating func apply(
    _ action: TableAction, _ rows: ArraySlice<BookRow>, depthLimit: Int? = nil
  ) -> BookFault? {
    if action == .partial { return replace(with: rows, depthLimit: depthLimit) }
    undo.clearKeepingCapacity()
    var fault: BookFault?
    for row in rows where row.symbol == symbol {
      switch action {
      case .insert: fault = insert(row, record: true)
      case .update: fault = update(row, record: true)
      default: fault = delete(row, record: true)
      }
      if fault != nil { break }
    }
    if fault == nil { fault = crossing() ?? tooDeep(depthLimit) }
    if fault != nil { rollBack() }
    return fault
  }

  private mutating func rollBack() {
    while let step = undo.popLast() {
      switch step.kind {
      case .removeInserted: _ = delete(step.row, record: false)
      case .restoreUpdated: _ = update(step.row, record: false)
      case .reinsertDeleted: _ = insert(step.row, record: false)
      }
    }
  }

  /// The fault of a row whose values cannot be a level: a price that is not a positive finite
  /// number (or none, where one is needed), a size that is not positive (or none).
  @inline(__always) private static func badValues(_ row: BookRow, needsPrice: Bool) -> BookFault? {
    if let price = row.price {
      // `!(price > 0)` also catches NaN (reported as no price: NaN equals nothing).
      if !(price > 0) || price == .infinity {
        return .badPrice(id: row.id, side: row.side, price: price.isNaN ? nil : price)
      }
    } else if needsPrice {
      return .badPrice(id: row.id, side: row.side, price: nil)
    }
    guard let size = row.size, size > 0 else {
      return .badSize(id: row.id, side: row.side, size: row.size ?? 0)
    }
    return nil
  }

  @inline(__always) private mutating func insert(_ row: BookRow, record: Bool) -> BookFault? {
    if let bad = Self.badValues(row, needsPrice: true) { return bad }
    let level = BookSide.Level(price: row.price ?? 0, size: row.size ?? 0, id: row.id)
    if row.side == .buy {
      guard bidIndex.insert(row.id, price: level.price) else {
        return .duplicateLevel(id: row.id, side: .buy)
      }
      guard bids.totalFits(replacing: 0, with: level.size) else {
        _ = bidIndex.remove(row.id)
        return .sizeOverflow(id: row.id, side: .buy)
      }
      bids.insert(level)
    } else {
      guard askIndex.insert(row.id, price: level.price) else {
        return .duplicateLevel(id: row.id, side: .sell)
      }
      guard asks.totalFits(replacing: 0, with: level.size) else {
        _ = askIndex.remove(row.id)
        return .sizeOverflow(id: row.id, side: .sell)
      }
      asks.insert(level)
    }
    if record { undo.append(UndoStep(kind: .removeInserted, row: row)) }
    return nil
  }

  @inline(__always) private mutating func update(_ row: BookRow, record: Bool) -> BookFault? {
    if let bad = Self.badValues(row, needsPrice: false) { return bad }
    let isBid = row.side == .buy
    guard let stored = isBid ? bidIndex.price(of: row.id) : askIndex.price(of: row.id) else {
      return .unknownLevel(id: row.id, side: row.side, action: .update)
    }
    let size = row.size ?? 0
    guard let i = isBid ? bids.index(of: stored, id: row.id) : asks.index(of: stored, id: row.id) else {
      // The index and the ladder disagree: cannot happen, but never trap on it.
      return .unknownLevel(id: row.id, side: row.side, action: .update)
    }
    let old = isBid ? bids.levels[i] : asks.levels[i]
    guard
      isBid
        ? bids.totalFits(replacing: old.size, with: size) : asks.totalFits(replacing: old.size, with: size)
    else { return .sizeOverflow(id: row.id, side: row.side) }
    if record {
      undo.append(
        UndoStep(
          kind: .restoreUpdated,
          row: BookRow(symbol: row.symbol, id: row.id, side: row.side, size: old.size, price: old.price)))
    }
    if let price = row.price, price != stored {
      // The level moved: take it out at the old price and put it in at the new one.
      if isBid {
        bids.remove(at: i)
        bidIndex.update(row.id, price: price)
        bids.insert(.init(price: price, size: size, id: row.id))
      } else {
        asks.remove(at: i)
        askIndex.update(row.id, price: price)
        asks.insert(.init(price: price, size: size, id: row.id))
      }
      return nil
    }
    if isBid { bids.setSize(at: i, size) } else { asks.setSize(at: i, size) }
    return nil
  }

  @inline(__always) private mutating func delete(_ row: BookRow, record: Bool) -> BookFault? {
    let isBid = row.side == .buy
    guard let stored = isBid ? bidIndex.remove(row.id) : askIndex.remove(row.id) else {
      return .unknownLevel(id: row.id, side: row.side, action: .delete)
    }
    guard let i = isBid ? bids.index(of: stored, id: row.id) : asks.index(of: stored, id: row.id) else {
      return .unknownLevel(id: row.id, side: row.side, action: .delete)
    }
    let old = isBid ? bids.levels[i] : asks.levels[i]
    if isBid { bids.remove(at: i) } else { asks.remove(at: i) }
    if record {
      undo.append(
        UndoStep(
          kind: .reinsertDeleted,
          row: BookRow(symbol: row.symbol, id: row.id, side: row.side, size: old.size, price: old.price)))
    }
    return nil
  }

  /// Empties the book.
  public mutating func removeAll() {
    bids.removeAll()
    asks.removeAll()
    bidIndex.removeAll()
    askIndex.removeAll()
  }

  /// A too-deep fault if a side holds more than `limit` levels (nil: no limit).
  public func tooDeep(_ limit: Int?) -> BookFault? {
    guard let limit else { return nil }
    if bids.count > limit { return .tooDeep(side: .buy, levels: bids.count, limit: limit) }
    if asks.count > limit { return .tooDeep(side: .sell, levels: asks.count, limit: limit) }
    return nil
  }

  /// A crossed-book fault if the best bid is at or above the best ask.
  public func crossing() -> BookFault? {
    guard let bid = bids.best, let ask = asks.best, bid.price >= ask.price else { return nil }
    return .crossed(bestBid: bid.price, bestAsk: ask.price)
  }

  // MARK: Queries

  /// Number of levels on a side.
  public func count(_ side: Side) -> Int { side == .buy ? bids.count : asks.count }

  /// Whether the book holds no level.
  public var isEmpty: Bool { bids.count == 0 && asks.count == 0 }

  /// The level `n` places from the best on `side` (0 = best), if there is one.
  public func level(_ side: Side, _ n: Int) -> PriceLevel? {
    let s = side == .buy ? bids : asks
    guard n >= 0, n < s.count else { return nil }
    let l = s.fromBest(n)
    return PriceLevel(price: l.price, size: l.size)
  }

  /// BitMEX's sizes are whole contracts.
  public var sizeScale: UInt8 { 0 }

  /// Every level as (id, side, price, size), for tests and diagnostics; unordered.
  public var allLevels: [BookRow] {
    bids.levels.map { BookRow(symbol: symbol, id: $0.id, side: .buy, size: $0.size, price: $0.price) }
      + asks.levels.map { BookRow(symbol: symbol, id: $0.id, side: .sell, size: $0.size, price: $0.price) }
  }
}
