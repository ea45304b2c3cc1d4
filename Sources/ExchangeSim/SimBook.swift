import MarketModel

/// The simulator's order book for one instrument: each side a tick-sorted array with the
/// best level last, so that the busy top of the book moves the least memory.
///
/// Bids are ascending by price, asks descending. Prices are unique per side. The book
/// itself does not forbid crossing; `MarketGenerator` keeps it uncrossed.
struct SimBook: Sendable {
  private(set) var bids: [SimLevel] = []
  private(set) var asks: [SimLevel] = []

  /// Levels on `side`.
  func count(_ side: Side) -> Int { side == .buy ? bids.count : asks.count }

  /// The best level of `side`.
  func best(_ side: Side) -> SimLevel? { side == .buy ? bids.last : asks.last }

  /// The worst (farthest) level of `side`.
  func worst(_ side: Side) -> SimLevel? { side == .buy ? bids.first : asks.first }

  /// The level `n` places from the best (0 = best).
  func level(_ side: Side, fromBest n: Int) -> SimLevel {
    side == .buy ? bids[bids.count - 1 - n] : asks[asks.count - 1 - n]
  }

  /// The top `limit` levels of `side`, best first.
  func top(_ side: Side, _ limit: Int) -> [SimLevel] {
    let levels = side == .buy ? bids : asks
    return Array(levels.suffix(limit).reversed())
  }

  /// Whether `side` has a level at `ticks`.
  func contains(_ side: Side, ticks: Int64) -> Bool {
    let levels = side == .buy ? bids : asks
    let i = Self.position(levels, ticks, side)
    return i < levels.count && levels[i].ticks == ticks
  }

  /// Adds a level at a price not yet on `side`.
  mutating func insert(_ side: Side, _ level: SimLevel) {
    if side == .buy {
      bids.insert(level, at: Self.position(bids, level.ticks, side))
    } else {
      asks.insert(level, at: Self.position(asks, level.ticks, side))
    }
  }

  /// Removes and returns the level `n` places from the best.
  @discardableResult
  mutating func remove(_ side: Side, fromBest n: Int) -> SimLevel {
    side == .buy ? bids.remove(at: bids.count - 1 - n) : asks.remove(at: asks.count - 1 - n)
  }

  /// Sets the size of the level `n` places from the best.
  /// How far from the best the level `id` is on `side` (0: the best), if it rests there.
  func index(_ side: Side, id: Int64) -> Int? {
    let levels = side == .buy ? bids : asks
    guard let i = levels.lastIndex(where: { $0.id == id }) else { return nil }
    return levels.count - 1 - i
  }

  mutating func setSize(_ side: Side, fromBest n: Int, _ size: Int64) {
    if side == .buy { bids[bids.count - 1 - n].size = size } else { asks[asks.count - 1 - n].size = size }
  }

  /// The index in a side's array where `ticks` is or would go (bids ascending, asks descending).
  private static func position(_ levels: [SimLevel], _ ticks: Int64, _ side: Side) -> Int {
    var low = 0
    var high = levels.count
    while low < high {
      let mid = (low + high) >> 1
      let before = side == .buy ? levels[mid].ticks < ticks : levels[mid].ticks > ticks
      if before { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
