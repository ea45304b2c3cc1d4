import WireJSON

extension VenueTicker {
  /// A decimal field of the ticker.
  public typealias Field = WritableKeyPath<VenueTicker, FixedDecimal?> & Sendable

  /// A venue's names for the ticker's decimal fields (`("last", \.last)`, …).
  public typealias Names = [(name: StaticString, field: Field)]

  /// Reads the value at `r` into the field `names` gives `key`, and says whether `key` was one
  /// of them (else nothing is read). A null or an empty string leaves the field unknown: venues
  /// send `""` for a side with no order, or a field a market does not have.
  public mutating func read(
    _ key: UnsafeBufferPointer<UInt8>, from r: inout WireReader, names: Names
  ) throws(WireError) -> Bool {
    for entry in names where WireReader.equals(key, entry.name) {
      self[keyPath: entry.field] = try r.readOptionalDecimal(entry.name)
      return true
    }
    return false
  }
}

extension WireReader {
  /// A decimal as `readDecimal` reads it, or nil for a null or an empty string.
  public mutating func readOptionalDecimal(_ what: StaticString) throws(WireError) -> FixedDecimal? {
    if readNull() { return nil }
    let text = try readNumberOrQuoted()
    if text.isEmpty { return nil }
    switch FixedDecimal.parse(text) {
    case .success(let value): return value
    case .failure(let why): throw WireError("\(what) \(why)", at: position)
    }
  }

  /// Milliseconds since the Unix epoch sent as a whole number or a quoted one, or nil for a null
  /// or an empty string.
  public mutating func readOptionalMillis() throws(WireError) -> Int64? {
    if readNull() { return nil }
    if peek() == UInt8(ascii: "\"") {
      var probe = self
      if try probe.readStringSpan().isEmpty {
        self = probe
        return nil
      }
    }
    let ms = try readInt64()
    // A time from the wire: within years 1970 to 9999, so that arithmetic on it (a funding
    // countdown, an age) cannot overflow.
    guard (0...Self.latestMillis).contains(ms) else {
      throw WireError("a time in ms out of range: \(ms)", at: position)
    }
    return ms
  }

  /// The last millisecond of the year 9999.
  static let latestMillis: Int64 = 253_402_300_799_999
}
