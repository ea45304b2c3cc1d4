import VenueCore

/// An open-addressing hash map from a BitMEX level id to the level's price, for one side of
/// one book.
///
/// Linear probing with backward-shift deletion (no tombstones), a multiplicative hash, and
/// storage that only grows: once warmed up, inserts and removals never allocate, and a lookup
/// is a multiply and a probe or two. Every `Int64` is a valid key: the one the table uses to
/// mark an empty slot (`Int64.min`) is kept in a slot of its own.
struct LevelIDMap: Sendable {
  private static let empty = Int64.min
  private var keys: [Int64]
  private var values: [FixedDecimal]
  /// The price of the key `Int64.min`, which cannot live in the table.
  private var minKeyPrice: FixedDecimal?
  private var shift: UInt64
  private(set) var count = 0

  init(minimumCapacity: Int = 64) {
    var capacity = 16
    while capacity < minimumCapacity * 2 { capacity <<= 1 }
    keys = Array(repeating: Self.empty, count: capacity)
    values = Array(repeating: .zero, count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
  }

  private var mask: Int { keys.count - 1 }

  @inline(__always) private func slot(_ key: Int64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The price stored for `key`.
  @inline(__always) func price(of key: Int64) -> FixedDecimal? {
    if key == Self.empty { return minKeyPrice }
    var i = slot(key)
    while true {
      let k = keys[i]
      if k == key { return values[i] }
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
    if (count + 1) * 2 > keys.count { grow(to: keys.count * 2) }
    var i = slot(key)
    while true {
      let k = keys[i]
      if k == key { return false }
      if k == Self.empty {
        keys[i] = key
        values[i] = price
        count += 1
        return true
      }
      i = (i + 1) & mask
    }
  }

  /// Replaces the price of a present key (nothing when it is absent).
  @inline(__always) mutating func update(_ key: Int64, price: FixedDecimal) {
    if key == Self.empty {
      if minKeyPrice != nil { minKeyPrice = price }
      return
    }
    var i = slot(key)
    while keys[i] != Self.empty {
      if keys[i] == key {
        values[i] = price
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
      let k = keys[i]
      if k == Self.empty { return nil }
      if k == key { break }
      i = (i + 1) & mask
    }
    let removed = values[i]
    // Backward-shift: pull later members of the probe run into the hole so that every
    // key stays reachable from its home slot without tombstones.
    var hole = i
    var j = (i + 1) & mask
    while keys[j] != Self.empty {
      let home = slot(keys[j])
      let distanceHome = (j - home) & mask
      let distanceHole = (j - hole) & mask
      if distanceHome >= distanceHole {
        keys[hole] = keys[j]
        values[hole] = values[j]
        hole = j
      }
      j = (j + 1) & mask
    }
    keys[hole] = Self.empty
    count -= 1
    return removed
  }

  /// Empties the map, keeping its storage.
  mutating func removeAll() {
    minKeyPrice = nil
    guard count > 0 else { return }
    keys.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
    count = 0
  }

  /// Makes room for `n` keys without growing later.
  mutating func reserve(_ n: Int) {
    if n * 2 > keys.count {
      var capacity = keys.count
      while capacity < n * 2 { capacity <<= 1 }
      grow(to: capacity)
    }
  }

  private mutating func grow(to capacity: Int) {
    let oldKeys = keys
    let oldValues = values
    let minKey = minKeyPrice
    keys = Array(repeating: Self.empty, count: capacity)
    values = Array(repeating: .zero, count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    count = 0
    minKeyPrice = nil
    for (k, v) in zip(oldKeys, oldValues) where k != Self.empty {
      _ = insert(k, price: v)
    }
    if let minKey { _ = insert(Self.empty, price: minKey) }
  }
}
