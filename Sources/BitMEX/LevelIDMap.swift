import MarketModel
import VenueCore

/// An open-addressing hash map from a BitMEX level id to the level's price, for one side of
/// one book.
///
/// Linear probing with backward-shift deletion (no tombstones), a multiplicative hash, and
/// storage that only grows: once warmed up, inserts and removals never allocate, and a lookup
/// is a multiply and a probe or two. Every `Int64` is a valid key: the one the table uses to
/// mark an empty slot (`Int64.min`) is kept in a slot of its own.
///
/// A key and its price sit side by side in one slot: a probe reads one cache line, and a change
/// checks that one buffer is unshared, not two (separate key and price arrays cost a probe two
/// lines and a change two checks).
struct LevelIDMap: Sendable {
  /// One slot: an id and its price (`key == empty`: a free slot, its price meaningless).
  struct Slot: Sendable {
    var key: Int64
    var price: FixedDecimal
  }

  private static let empty = Int64.min
  private var slots: [Slot]
  /// The price of the key `Int64.min`, which cannot live in the table.
  private var minKeyPrice: FixedDecimal?
  private var shift: UInt64
  private(set) var count = 0

  init(minimumCapacity: Int = 64) {
    var capacity = 16
    while capacity < minimumCapacity * 2 { capacity <<= 1 }
    slots = Self.freeSlots(capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
  }

  private static func freeSlots(_ capacity: Int) -> [Slot] {
    Array(repeating: Slot(key: empty, price: FixedDecimal(mantissa: 0, scale: 0)), count: capacity)
  }

  private var mask: Int { slots.count - 1 }

  @inline(__always) private func slot(_ key: Int64) -> Int { Self.slot(key, shift: shift) }

  /// The home slot of `key` in a table of `1 << (64 - shift)` slots (a multiplicative hash: the
  /// top bits of the product).
  @inline(__always) private static func slot(_ key: Int64, shift: UInt64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The price stored for `key`.
  @inline(__always) func price(of key: Int64) -> FixedDecimal? {
    if key == Self.empty { return minKeyPrice }
    var i = slot(key)
    while true {
      let k = slots[i].key
      if k == key { return slots[i].price }
      if k == Self.empty { return nil }
      i = (i + 1) & mask
    }
  }

  /// Stores `price` for `key`; returns false (and changes nothing) if `key` is present.
  @inline(__always) mutating func insert(_ key: Int64, price: FixedDecimal) -> Bool {
    if key == Self.empty {
      guard minKeyPrice == nil else { return false }
      minKeyPrice = price
      count += 1
      return true
    }
    if (count + 1) * 2 > slots.count { grow(to: slots.count * 2) }
    var i = slot(key)
    while true {
      let k = slots[i].key
      if k == key { return false }
      if k == Self.empty {
        slots[i] = Slot(key: key, price: price)
        count += 1
        return true
      }
      i = (i + 1) & mask
    }
  }

  /// Stores the price of every row of `side` and `symbol` in `rows` (a partial's, already checked:
  /// a row without a price is passed over), through the storage at once: one check that it is
  /// unshared, not one a row, and room made for them first (a full book's partial is thousands
  /// of rows: growing a map as it fills rehashes all it holds). Returns the first id given twice,
  /// the map then holding the rows before it.
  mutating func insertAll(_ rows: UnsafeBufferPointer<BookRow>, side: Side, symbol: Symbol) -> Int64? {
    var n = 0
    for r in rows.indices where rows[r].side == side && rows[r].symbol == symbol { n &+= 1 }
    reserve(count + n)
    let mask = self.mask
    let shift = self.shift
    var added = 0
    var minKey = minKeyPrice
    let twice = slots.withUnsafeMutableBufferPointer { slots -> Int64? in
      for r in rows.indices where rows[r].side == side && rows[r].symbol == symbol {
        guard let price = rows[r].price else { continue }
        let key = rows[r].id
        if key == Self.empty {
          guard minKey == nil else { return key }
          minKey = price
          added &+= 1
          continue
        }
        var i = Self.slot(key, shift: shift)
        while slots[i].key != Self.empty {
          if slots[i].key == key { return key }
          i = (i &+ 1) & mask
        }
        slots[i] = Slot(key: key, price: price)
        added &+= 1
      }
      return nil
    }
    count += added
    minKeyPrice = minKey
    return twice
  }

  /// Replaces the price of a present key (nothing when it is absent).
  @inline(__always) mutating func update(_ key: Int64, price: FixedDecimal) {
    if key == Self.empty {
      if minKeyPrice != nil { minKeyPrice = price }
      return
    }
    var i = slot(key)
    while slots[i].key != Self.empty {
      if slots[i].key == key {
        slots[i].price = price
        return
      }
      i = (i + 1) & mask
    }
  }

  /// Removes `key`; returns its price if it was present.
  @discardableResult
  mutating func remove(_ key: Int64) -> FixedDecimal? {
    if key == Self.empty {
      defer { minKeyPrice = nil }
      if minKeyPrice != nil { count -= 1 }
      return minKeyPrice
    }
    var i = slot(key)
    while true {
      let k = slots[i].key
      if k == Self.empty { return nil }
      if k == key { break }
      i = (i + 1) & mask
    }
    let removed = slots[i].price
    // Backward-shift: pull later members of the probe run into the hole so that every
    // key stays reachable from its home slot without tombstones.
    var hole = i
    var j = (i + 1) & mask
    while slots[j].key != Self.empty {
      let home = slot(slots[j].key)
      let distanceHome = (j - home) & mask
      let distanceHole = (j - hole) & mask
      if distanceHome >= distanceHole {
        slots[hole] = slots[j]
        hole = j
      }
      j = (j + 1) & mask
    }
    slots[hole].key = Self.empty
    count -= 1
    return removed
  }

  /// Empties the map, keeping its storage.
  mutating func removeAll() {
    minKeyPrice = nil
    guard count > 0 else { return }
    // Through the buffer: one check that it is unshared, not one a slot (a full book's map is
    // thousands of slots, emptied at every partial).
    slots.withUnsafeMutableBufferPointer { buffer in
      for i in buffer.indices { buffer[i].key = Self.empty }
    }
    count = 0
  }

  /// Makes room for `n` keys without growing later.
  mutating func reserve(_ n: Int) {
    if n * 2 > slots.count {
      var capacity = slots.count
      while capacity < n * 2 { capacity <<= 1 }
      grow(to: capacity)
    }
  }

  private mutating func grow(to capacity: Int) {
    let old = slots
    let minKey = minKeyPrice
    slots = Self.freeSlots(capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    count = 0
    minKeyPrice = nil
    for s in old where s.key != Self.empty {
      _ = insert(s.key, price: s.price)
    }
    if let minKey { _ = insert(Self.empty, price: minKey) }
  }
}
