/// One side of an order book: levels sorted from the worst price to the best, so the
/// best level is last and the busy end of the book moves the least memory.
///
/// Bids are kept in ascending price, asks in descending price.
struct BookSide: Sendable {
  /// A level as the book keeps it.
  struct Level: Sendable, Hashable {
    var price: Double
    var size: Int64
    var id: Int64
  }

  let isBid: Bool
  private(set) var levels: [Level] = []
  /// The sizes of every level added up. The book checks that a change keeps it within Int64
  /// before making it (`OrderBook`'s `sizeOverflow` fault), so every running total of a side
  /// (cumulative depth, grouped buckets) fits too.
  private(set) var totalSize: Int64 = 0

  init(isBid: Bool) {
    self.isBid = isBid
  }

  var count: Int { levels.count }
  var best: Level? { levels.last }

  /// Whether `a` sorts before `b` (is the worse price; ties by id).
  @inline(__always) func precedes(_ a: Double, _ aID: Int64, _ b: Double, _ bID: Int64) -> Bool {
    if a != b { return isBid ? a < b : a > b }
    return aID < bID
  }

  /// The index where (price, id) is or would be inserted.
  ///
  /// A binary search whose steps do not branch on the data: the loop runs a number of times fixed
  /// by the count, and each step moves `base` by a select, not a jump (over 500 levels, the
  /// mispredicted jumps of a plain binary search were most of the cost of applying a row).
  @inline(__always) func position(of price: Double, id: Int64) -> Int {
    levels.withUnsafeBufferPointer { buf in
      var n = buf.count
      guard n > 0 else { return 0 }
      var base = 0
      if isBid {
        while n > 1 {
          let half = n >> 1
          let l = buf[base &+ half]
          let before = (l.price < price) || (l.price == price && l.id < id)
          base = before ? base &+ half : base
          n &-= half
        }
      } else {
        while n > 1 {
          let half = n >> 1
          let l = buf[base &+ half]
          let before = (l.price > price) || (l.price == price && l.id < id)
          base = before ? base &+ half : base
          n &-= half
        }
      }
      let l = buf[base]
      return precedes(l.price, l.id, price, id) ? base &+ 1 : base
    }
  }

  /// The index of the level (price, id), if present.
  @inline(__always) func index(of price: Double, id: Int64) -> Int? {
    let i = position(of: price, id: id)
    return i < levels.count && levels[i].id == id && levels[i].price == price ? i : nil
  }

  /// Whether the side's total stays within Int64 when a level of `old` size becomes `new`
  /// (0 for a level added or removed).
  @inline(__always) func totalFits(replacing old: Int64, with new: Int64) -> Bool {
    !(totalSize &- old).addingReportingOverflow(new).overflow
  }

  mutating func insert(_ level: Level) {
    levels.insert(level, at: position(of: level.price, id: level.id))
    totalSize &+= level.size
  }

  mutating func setSize(at index: Int, _ size: Int64) {
    totalSize = totalSize &- levels[index].size &+ size
    levels[index].size = size
  }

  mutating func remove(at index: Int) {
    totalSize &-= levels[index].size
    levels.remove(at: index)
  }

  mutating func removeAll() {
    levels.removeAll(keepingCapacity: true)
    totalSize = 0
  }

  mutating func reserve(_ n: Int) {
    levels.reserveCapacity(n)
  }

  /// Appends without ordering; call `restoreOrder()` when done.
  mutating func appendUnordered(_ level: Level) {
    levels.append(level)
    totalSize &+= level.size
  }

  /// Sorts after `appendUnordered`. Partials usually arrive sorted one way or the other,
  /// so a check and a reversal beat a sort.
  mutating func restoreOrder() {
    let n = levels.count
    guard n > 1 else { return }
    var ascending = true
    var descending = true
    levels.withUnsafeBufferPointer { buf in
      for i in 1..<n {
        let a = buf[i - 1]
        let b = buf[i]
        if !precedes(a.price, a.id, b.price, b.id) { ascending = false }
        if !precedes(b.price, b.id, a.price, a.id) { descending = false }
        if !ascending && !descending { break }
      }
    }
    if ascending { return }
    if descending {
      levels.reverse()
      return
    }
    let bid = isBid
    levels.sort { a, b in
      if a.price != b.price { return bid ? a.price < b.price : a.price > b.price }
      return a.id < b.id
    }
  }

  /// The level `n` places from the best (0 = best).
  @inline(__always) func fromBest(_ n: Int) -> Level {
    levels[levels.count - 1 - n]
  }
}
