extension Array {
  /// Empties the array, keeping its storage. `removeAll(keepingCapacity:)` goes through the
  /// generic `replaceSubrange` (~170 instructions even for one element); a batch's arrays hold
  /// a few elements per message, and taking them off the end costs a few instructions each.
  @inline(__always) public mutating func clearKeepingCapacity() {
    if count <= 32 {
      while popLast() != nil {}
    } else {
      removeAll(keepingCapacity: true)
    }
  }
}
