/// Keys found by their bytes, for rows with more keys than a chain of patterns should try
/// (an instrument row has about 110): a hash of the raw key finds its entry without making
/// a `String`, so reading a row allocates nothing per key.
struct KeyTable<Value: Sendable>: Sendable {
  /// A key's bytes in `bytes` and its value's index; `count` -1 marks a free slot.
  private struct Entry: Sendable {
    var start = 0
    var count = -1
    var value = 0
  }

  private let bytes: [UInt8]
  private let values: [Value]
  /// Open addressing, a power of two at least four times the keys.
  private let entries: [Entry]

  /// A table of `pairs`; a key listed twice keeps its first value.
  init(_ pairs: [(key: String, value: Value)]) {
    var capacity = 8
    while capacity < pairs.count * 4 { capacity *= 2 }
    var bytes: [UInt8] = []
    var entries = [Entry](repeating: Entry(), count: capacity)
    var seen: Set<String> = []
    for (index, pair) in pairs.enumerated() where seen.insert(pair.key).inserted {
      let key = Array(pair.key.utf8)
      var slot = Self.hash(key) & (capacity - 1)
      while entries[slot].count >= 0 { slot = (slot + 1) & (capacity - 1) }
      entries[slot] = Entry(start: bytes.count, count: key.count, value: index)
      bytes += key
    }
    self.bytes = bytes
    self.entries = entries
    values = pairs.map(\.value)
  }

  /// The value of the key spelled by `key`, if the table has it.
  func value(_ key: UnsafeBufferPointer<UInt8>) -> Value? {
    let mask = entries.count - 1
    var slot = Self.hash(key) & mask
    while true {
      let e = entries[slot]
      if e.count < 0 { return nil }
      if e.count == key.count && spells(e, key) { return values[e.value] }
      slot = (slot + 1) & mask
    }
  }

  private func spells(_ e: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    for i in 0..<key.count where bytes[e.start + i] != key[i] { return false }
    return true
  }

  /// FNV-1a.
  private static func hash(_ key: some Sequence<UInt8>) -> Int {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in key { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
    return Int(truncatingIfNeeded: h ^ (h >> 32))
  }
}
