/// One side of a `PriceBook`: levels keyed by price, sorted from the worst price to the best so
/// the best is last and the busy end of the book moves the least memory (bids ascending, asks
/// descending). Prices and sizes are integers at the book's scales.
public struct PriceLadder: Sendable {
  /// A level as the ladder keeps it: price and size as mantissas at the book's scales.
  public struct Level: Sendable, Hashable {
    public var price: Int64
    public var size: Int64

    public init(price: Int64, size: Int64) {
      self.price = price
      self.size = size
    }
  }

  public let side: BookSide
  /// Worst first, best last.
  public private(set) var levels: [Level] = []
  /// Every level's size added up (kept within `Int64`: the book refuses a change that would not).
  public private(set) var totalSize: Int64 = 0

  public init(side: BookSide) {
    self.side = side
  }

  public var count: Int { levels.count }
  public var isEmpty: Bool { levels.isEmpty }
  /// The best level.
  public var best: Level? { levels.last }

  /// The level `rank` places from the best (0 is the best).
  @inline(__always) public func level(fromBest rank: Int) -> Level {
    levels[levels.count &- 1 &- rank]
  }

  /// Whether `a` is a worse price than `b` on this side.
  @inline(__always) func worse(_ a: Int64, than b: Int64) -> Bool {
    side == .bid ? a < b : a > b
  }

  /// The index where `price` (positive: no level is held at any other) is or would be inserted.
  ///
  /// A binary search whose steps do not branch on the data: over 500 levels, the mispredicted
  /// jumps of a plain binary search were most of the cost of applying a row. Each step adds
  /// `half` masked by the sign of the difference of two positive prices (which cannot overflow):
  /// all ones when the level is before `price`, zero when not. Written as a comparison
  /// (`cond ? base + half : base`) the compiler made it a jump again.
  @inline(__always) func position(of price: Int64) -> Int {
    levels.withUnsafeBufferPointer { buf in
      var n = buf.count
      guard n > 0 else { return 0 }
      var base = 0
      if side == .bid {
        // Ascending: a level is before `price` when its price is lower.
        while n > 1 {
          let half = n >> 1
          base &+= half & Int(truncatingIfNeeded: (buf[base &+ half].price &- price) >> 63)
          n &-= half
        }
        return buf[base].price < price ? base &+ 1 : base
      } else {
        // Descending: a level is before `price` when its price is higher.
        while n > 1 {
          let half = n >> 1
          base &+= half & Int(truncatingIfNeeded: (price &- buf[base &+ half].price) >> 63)
          n &-= half
        }
        return buf[base].price > price ? base &+ 1 : base
      }
    }
  }

  /// The size at `price`, 0 when there is no level.
  @inline(__always) public func size(at price: Int64) -> Int64 {
    // Only positive prices are held (and `position` takes no other).
    guard price > 0 else { return 0 }
    let i = position(of: price)
    return i < levels.count && levels[i].price == price ? levels[i].size : 0
  }

  /// Sets the level at `price` (positive) to `size` (0 removes it). Returns the size it had (0:
  /// none), or nil when the side's total would leave `Int64` (nothing changed then).
  @inline(__always) mutating func set(_ price: Int64, size: Int64) -> Int64? {
    let i = position(of: price)
    let found = i < levels.count && levels[i].price == price
    let old = found ? levels[i].size : 0
    let (t1, o1) = totalSize.subtractingReportingOverflow(old)
    let (t2, o2) = t1.addingReportingOverflow(size)
    if o1 || o2 || t2 < 0 { return nil }
    totalSize = t2
    if found {
      if size == 0 { levels.remove(at: i) } else { levels[i].size = size }
    } else if size != 0 {
      levels.insert(Level(price: price, size: size), at: i)
    }
    return old
  }

  /// Replaces every level with `fresh` (any order; a price given twice keeps one of its sizes; zero
  /// sizes are skipped). Returns false when the sizes add up past `Int64` (the side is then empty).
  mutating func replace(with fresh: inout [Level]) -> Bool {
    levels.removeAll(keepingCapacity: true)
    totalSize = 0
    // A price given twice (a malformed snapshot) keeps one of its sizes.
    let bid = side == .bid
    // Already in the ladder's order, or in the opposite one (venues send best first): no sort,
    // which would allocate its scratch space; anything else is sorted.
    func inOrder(_ a: Level, _ b: Level) -> Bool { bid ? a.price <= b.price : a.price >= b.price }
    if !fresh.indices.dropFirst().allSatisfy({ inOrder(fresh[$0 - 1], fresh[$0]) }) {
      if fresh.indices.dropFirst().allSatisfy({ inOrder(fresh[$0], fresh[$0 - 1]) }) {
        fresh.reverse()
      } else {
        fresh.sort { bid ? $0.price < $1.price : $0.price > $1.price }
      }
    }
    // The usual snapshot (no zero size, no price twice, a total within `Int64`) is copied whole;
    // anything else goes level by level below.
    let total = fresh.withUnsafeBufferPointer { buf -> Int64? in
      var total: Int64 = 0
      for i in buf.indices {
        guard buf[i].size != 0, i == 0 || buf[i &- 1].price != buf[i].price else { return nil }
        let (t, o) = total.addingReportingOverflow(buf[i].size)
        guard !o else { return nil }
        total = t
      }
      return total
    }
    if let total {
      levels.append(contentsOf: fresh)
      totalSize = total
      return true
    }
    levels.reserveCapacity(fresh.count)
    for level in fresh where level.size != 0 {
      if let last = levels.last, last.price == level.price {
        totalSize &-= last.size
        levels.removeLast()
      }
      let (t, o) = totalSize.addingReportingOverflow(level.size)
      if o {
        removeAll()
        return false
      }
      totalSize = t
      levels.append(level)
    }
    return true
  }

  /// Keeps the `depth` best levels.
  mutating func truncate(to depth: Int) {
    guard levels.count > depth else { return }
    let cut = levels.count - max(depth, 0)
    for i in 0..<cut { totalSize &-= levels[i].size }
    levels.removeFirst(cut)
  }

  mutating func removeAll() {
    levels.removeAll(keepingCapacity: true)
    totalSize = 0
  }
}
