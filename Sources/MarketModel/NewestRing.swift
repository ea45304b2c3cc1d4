/// The last `capacity` values appended, read newest first, in storage that stops growing once
/// full (no allocation per append after that): the event logs of the Activity pane
/// (`LiquidationLog`, `WallWatch`) keep their events in one.
public struct NewestRing<Element: Sendable>: Sendable {
  public let capacity: Int
  private var storage: [Element] = []
  /// Where the next value goes once the ring is full.
  private var head = 0
  /// Values appended since the ring was made (or emptied).
  public private(set) var appended = 0

  public init(capacity: Int) {
    self.capacity = max(1, capacity)
    storage.reserveCapacity(self.capacity)
  }

  public var count: Int { storage.count }

  public mutating func append(_ value: Element) {
    if storage.count < capacity {
      storage.append(value)
      head = storage.count % capacity
    } else {
      storage[head] = value
      head = (head + 1) % capacity
    }
    appended += 1
  }

  /// Calls `body` for each value, newest first; stop by returning false.
  public func forEachNewestFirst(_ body: (Element) -> Bool) {
    var n = 0
    while n < storage.count {
      var i = head - 1 - n
      if i < 0 { i += storage.count }
      if !body(storage[i]) { return }
      n += 1
    }
  }

  /// The values, newest first.
  public var newestFirst: [Element] {
    var out: [Element] = []
    out.reserveCapacity(storage.count)
    forEachNewestFirst {
      out.append($0)
      return true
    }
    return out
  }

  /// Empties the ring, keeping its storage.
  public mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
    appended = 0
  }
}
