/// The one book engine every venue's sync policy drives: levels keyed by price, with prices
/// and sizes held as integers at the instrument's own precision (`priceScale`, `sizeScale`
/// decimals), so nothing goes through `Double` and the venue's text can be rebuilt exactly.
///
/// A message is applied all or nothing: at the first fault (a bad value, an unknown level where
/// the venue's rule forbids one, an overflow, a crossed book, more levels than allowed) every
/// change already made is taken back and the fault is returned. Steady-state changes do not
/// allocate (the undo log keeps its capacity).
public struct PriceBook: Sendable {
  /// Decimals of every price held (the instrument's price precision).
  public let priceScale: UInt8
  /// Decimals of every size held (the instrument's size precision).
  public let sizeScale: UInt8
  public private(set) var bids = PriceLadder(side: .bid)
  public private(set) var asks = PriceLadder(side: .ask)
  /// How to take back the changes of the message being applied, newest last.
  private var undo = UndoLog<Undo>()
  private var scratch: [PriceLadder.Level] = []

  private struct Undo {
    var side: BookSide
    var price: Int64
    var oldSize: Int64
  }

  /// What a delete or change of a level the book does not hold means.
  public enum MissingLevel: Sendable, Hashable {
    /// Nothing: a delete of an unknown level is a no-op (Coinbase, Kraken, Binance: venues that
    /// delete levels the client never saw, or pushed out of its depth).
    case ignore
    /// A fault: the book has lost track (venues whose every delete names a held level).
    case fault
  }

  public init(priceScale: UInt8, sizeScale: UInt8) {
    self.priceScale = min(priceScale, FixedDecimal.maxScale)
    self.sizeScale = min(sizeScale, FixedDecimal.maxScale)
  }

  public subscript(side: BookSide) -> PriceLadder { side == .bid ? bids : asks }

  public var isEmpty: Bool { bids.isEmpty && asks.isEmpty }

  /// A held price as a decimal.
  @inline(__always) public func price(_ ticks: Int64) -> FixedDecimal {
    FixedDecimal(mantissa: ticks, scale: priceScale)
  }

  /// A held size as a decimal.
  @inline(__always) public func size(_ units: Int64) -> FixedDecimal {
    FixedDecimal(mantissa: units, scale: sizeScale)
  }

  /// The best level of `side`, as decimals.
  public func best(_ side: BookSide) -> (price: FixedDecimal, size: FixedDecimal)? {
    self[side].best.map { (price($0.price), size($0.size)) }
  }

  /// The size held at `price` on `side` (zero when none).
  public func size(at price: FixedDecimal, side: BookSide) -> FixedDecimal {
    guard let ticks = price.mantissa(atScale: priceScale) else { return size(0) }
    return size(self[side].size(at: ticks))
  }

  // MARK: Changing the book

  /// Empties the book.
  public mutating func removeAll() {
    bids.removeAll()
    asks.removeAll()
  }

  /// Replaces the whole book with a snapshot's levels (never merges). Zero sizes are skipped.
  /// A price given twice keeps one of its sizes, unless its levels say they are new
  /// (`LevelChange.Prior.absent`): then it is `duplicateLevel`. On a fault the book is left
  /// empty: a snapshot is taken whole or not at all.
  public mutating func replace(with levels: ArraySlice<LevelChange>) -> BookSyncFault? {
    removeAll()
    for side in BookSide.allCases {
      scratch.removeAll(keepingCapacity: true)
      // Levels that say they are new (BitMEX's rows, one level per id) must not repeat a price.
      var new = 0
      var fault: BookSyncFault?
      // The levels read where they are (a change copied out of the slice, each, cost more than
      // its conversion).
      let converted = levels.withUnsafeBufferPointer { changes -> Bool in
        for i in changes.indices where changes[i].side == side {
          guard let level = ticks(changes[i], fault: &fault) else { return false }
          scratch.append(level)
          if changes[i].prior == .absent, level.size != 0 { new += 1 }
        }
        return true
      }
      guard converted else {
        removeAll()
        return fault
      }
      let fits = side == .bid ? bids.replace(with: &scratch) : asks.replace(with: &scratch)
      if !fits {
        removeAll()
        return .sizeOverflow(side: side)
      }
      if new > self[side].count, let twice = Self.repeatedPrice(scratch) {
        removeAll()
        return .duplicateLevel(side: side, price: price(twice))
      }
    }
    if let fault = crossing() {
      removeAll()
      return fault
    }
    return nil
  }

  /// Applies one message's changes, all or nothing. `missing` says what a change of a level the
  /// book does not hold means, for changes that do not say (`LevelChange.prior`); `depthLimit`, when given, is the most levels a side may hold
  /// after the message (for venues that never send more than the subscribed depth).
  public mutating func apply(
    _ changes: ArraySlice<LevelChange>, missing: MissingLevel = .ignore, depthLimit: Int? = nil
  ) -> BookSyncFault? {
    undo.removeAll()
    var fault: BookSyncFault?
    for change in changes {
      if !applyOne(change, missing: missing, fault: &fault) { break }
    }
    if fault == nil { fault = crossing() }
    if fault == nil { fault = depthFault(limit: depthLimit) }
    if fault != nil { rollBack() }
    return fault
  }

  /// The fault of a side holding more than `limit` levels (none without a limit).
  public func depthFault(limit: Int?) -> BookSyncFault? {
    guard let limit else { return nil }
    if bids.count > limit { return .tooDeep(side: .bid, levels: bids.count, limit: limit) }
    if asks.count > limit { return .tooDeep(side: .ask, levels: asks.count, limit: limit) }
    return nil
  }

  /// Keeps the `depth` best levels of each side (Kraken pushes levels out of its depth without a
  /// delete: the client drops them).
  public mutating func truncate(to depth: Int) {
    bids.truncate(to: depth)
    asks.truncate(to: depth)
  }

  /// Applies one change; false, with `fault` set, when it cannot be. (A fault returned with every
  /// change, an optional of the largest fault through memory, cost more than the change.)
  @inline(__always) private mutating func applyOne(
    _ change: LevelChange, missing: MissingLevel, fault: inout BookSyncFault?
  ) -> Bool {
    guard let level = ticks(change, fault: &fault) else { return false }
    // What the change expects of the level: its own word, else the book's rule for a missing one.
    let prior: LevelChange.Prior = change.prior != .any ? change.prior : missing == .fault ? .held : .any
    let old =
      change.side == .bid ? bids.set(level.price, size: level.size) : asks.set(level.price, size: level.size)
    guard let old else {
      fault = .sizeOverflow(side: change.side)
      return false
    }
    // Recorded before the check: a change that breaks its expectation is taken back with the rest.
    undo.append(Undo(side: change.side, price: level.price, oldSize: old))
    switch prior {
    case .any: return true
    case .held:
      guard old != 0 else {
        fault = .unknownLevel(side: change.side, price: change.price)
        return false
      }
      return true
    case .absent:
      guard old == 0 else {
        fault = .duplicateLevel(side: change.side, price: change.price)
        return false
      }
      return true
    }
  }

  /// The change's price and size at the book's scales, or nil with `fault` saying why they cannot
  /// be levels.
  @inline(__always) private func ticks(
    _ change: LevelChange, fault: inout BookSyncFault?
  ) -> PriceLadder.Level? {
    guard let price = change.price.mantissa(atScale: priceScale) else {
      fault = .precision(change.price)
      return nil
    }
    guard price > 0 else {
      fault = .badPrice(side: change.side, price: change.price)
      return nil
    }
    guard let size = change.size.mantissa(atScale: sizeScale) else {
      fault = .precision(change.size)
      return nil
    }
    guard size >= 0 else {
      fault = .badSize(side: change.side, price: change.price, size: change.size)
      return nil
    }
    return PriceLadder.Level(price: price, size: size)
  }

  private mutating func rollBack() {
    while let step = undo.popLast() {
      if step.side == .bid {
        _ = bids.set(step.price, size: step.oldSize)
      } else {
        _ = asks.set(step.price, size: step.oldSize)
      }
    }
  }

  /// A price given twice in `levels`, sorted (as the ladder's `replace` leaves them).
  private static func repeatedPrice(_ levels: [PriceLadder.Level]) -> Int64? {
    for i in levels.indices.dropFirst()
    where levels[i].price == levels[i - 1].price && levels[i].size != 0 && levels[i - 1].size != 0 {
      return levels[i].price
    }
    return nil
  }

  /// The crossed fault when the best bid is at or above the best ask.
  private func crossing() -> BookSyncFault? {
    guard let bid = bids.best, let ask = asks.best, bid.price >= ask.price else { return nil }
    return .crossed(bid: price(bid.price), ask: price(ask.price))
  }
}
