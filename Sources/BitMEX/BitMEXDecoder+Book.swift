import MarketModel

/// Order-book (`orderBookL2`, `orderBookL2_25`, `orderBookL2_100`) rows.
extension BitMEXDecoder {
  @inline(__always)
  mutating func decodeBookRow(
    _ s: inout JSONScanner, _ action: TableAction
  )
    throws(DecodeError) -> BookRow
  {
    let rowStart = s.pos
    var symbol: Symbol?
    var id: Int64?
    var side: Side?
    var size: Int64?
    var price: Double?
    var first = true
    // The usual row, `{"symbol":…,"id":…,"side":…,"size":…,"price":…,"timestamp":…,
    // "transactTime":…}`, is read key after key where its keys are, without looking each key
    // up; the values go through the same readers as below. At the first key that is not where
    // the usual row has it, the general loop takes over from there (with what was read kept),
    // so any other layout means the same as before.
    if s.take(Wire.openSymbol) {
      first = false
      symbol = try readSymbol(&s)
      if s.take(Wire.commaID) {
        id = try s.readInt64()
        if s.take(Wire.commaSide) {
          side = try readSide(&s)
          if s.take(Wire.commaSize) {
            size = s.consumeNull() ? nil : try s.readInt64()
            if s.take(Wire.commaPrice) {
              price = s.consumeNull() ? nil : try s.readDouble()
              if s.take(Wire.commaTimestamp) {
                try s.skipTime()
                if s.take(Wire.commaTransactTime) { try s.skipTime() }
              }
            }
          }
        }
      }
    } else {
      try s.beginObject()
    }
    while try s.advanceToKey(first: &first) {
      switch try s.readKey(BookKey.spelled) {
      case .symbol?: symbol = try readSymbol(&s)
      case .id?: id = try s.readInt64()
      case .side?: side = try readSide(&s)
      case .size?: size = s.consumeNull() ? nil : try s.readInt64()
      case .price?: price = s.consumeNull() ? nil : try s.readDouble()
      case .time?: try s.skipTime()
      case nil: try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("order-book row without symbol", at: rowStart) }
    guard let id else { throw DecodeError("order-book row without id", at: rowStart) }
    guard let side else { throw DecodeError("order-book row without side", at: rowStart) }
    switch action {
    case .partial, .insert:
      guard price != nil, size != nil else {
        throw DecodeError("order-book \(action) row without price or size", at: rowStart)
      }
    case .update:
      guard size != nil else { throw DecodeError("order-book update row without size", at: rowStart) }
    case .delete:
      break
    }
    if let size, size < 0 { throw DecodeError("negative size", at: rowStart) }
    if let price, !price.isFinite { throw DecodeError("price out of range", at: rowStart) }
    return BookRow(symbol: symbol, id: id, side: side, size: size, price: price)
  }

  /// The usual row in one straight pass, with no key looked up and no value read the general way:
  /// `{"symbol":"<the symbol of the row before>","id":<digits>,"side":"Buy"|"Sell"` then, each if
  /// present and in this order, `,"size":<digits>`, `,"price":<digits>[.<1–7 digits>]`,
  /// `,"timestamp":"<24 plain bytes>"`, `,"transactTime":"<24 plain bytes>"`, then `}`: no white
  /// space, no sign, no exponent, at most 15 digits to a number, and a row the action accepts
  /// (a size on every row but a delete, a price too on a partial or insert).
  ///
  /// Returns the row and where it ends, or nil for anything else (the scanner is not moved), and
  /// `decodeBookRow` then reads the row the general way. What it accepts reads the same either
  /// way (`FastPathTests`).
  @inline(__always)
  func usualBookRow(_ s: JSONScanner, _ action: TableAction) -> (row: BookRow, end: Int)? {
    guard lastSymbolPattern.count > 0 else { return nil }
    let p = s.base
    let end = s.count
    var i = s.pos
    @inline(__always) func take(_ pattern: BytePattern) -> Bool {
      guard pattern.matches(p + i, available: end - i) else { return false }
      i += pattern.count
      return true
    }
    guard take(Wire.openSymbol), take(lastSymbolPattern), take(Wire.commaID),
      let id = Self.usualDigits(p, i, end)
    else { return nil }
    i = id.end
    guard take(Wire.commaSide) else { return nil }
    let side: Side
    if take(Wire.sell) {
      side = .sell
    } else if take(Wire.buy) {
      side = .buy
    } else {
      return nil
    }
    var size: Int64?
    if take(Wire.commaSize) {
      guard let digits = Self.usualDigits(p, i, end) else { return nil }
      size = Int64(digits.value)
      i = digits.end
    }
    var price: Double?
    if take(Wire.commaPrice) {
      guard let number = Self.usualPrice(p, i, end) else { return nil }
      price = number.value
      i = number.end
    }
    if take(Wire.commaTimestamp) {
      guard Self.usualTime(p, i, end) else { return nil }
      i += 26
    }
    if take(Wire.commaTransactTime) {
      guard Self.usualTime(p, i, end) else { return nil }
      i += 26
    }
    guard i < end, p[i] == UInt8(ascii: "}") else { return nil }
    switch action {
    case .partial, .insert: guard size != nil, price != nil else { return nil }
    case .update: guard size != nil else { return nil }
    case .delete: break
    }
    return (BookRow(symbol: lastSymbol, id: Int64(id.value), side: side, size: size, price: price), i + 1)
  }

  /// 1–15 digits at `i` (no leading zero but a lone `0`), with 16 bytes readable there.
  @inline(__always)
  static func usualDigits(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (value: UInt64, end: Int)? {
    guard i + 16 <= end else { return nil }
    let w0 = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
    let n0 = JSONScanner.leadingDigits(w0)
    guard n0 > 0 else { return nil }
    if n0 < 8 {
      guard n0 == 1 || p[i] != UInt8(ascii: "0") else { return nil }
      return (JSONScanner.leadingValue(w0, digits: n0), i + n0)
    }
    let w1 = UnsafeRawPointer(p + i + 8).loadUnaligned(as: UInt64.self)
    let n1 = JSONScanner.leadingDigits(w1)
    guard n1 < 8, p[i] != UInt8(ascii: "0") else { return nil }
    let high = JSONScanner.eightDigits(w0)
    guard n1 > 0 else { return (high, i + 8) }
    return (
      high &* UInt64(JSONScanner.powerOfTen(n1)) &+ JSONScanner.leadingValue(w1, digits: n1), i + 8 + n1
    )
  }

  /// A price: `usualDigits`, then maybe `.` and 1–7 digits, at most 15 digits in all; the value
  /// as `readDouble` makes it (the digits as one integer, divided once by an exact power of ten).
  @inline(__always)
  static func usualPrice(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (value: Double, end: Int)? {
    guard let whole = usualDigits(p, i, end) else { return nil }
    guard p[whole.end] == UInt8(ascii: ".") else { return (Double(whole.value), whole.end) }
    let f = whole.end + 1
    guard f + 8 <= end else { return nil }
    let word = UnsafeRawPointer(p + f).loadUnaligned(as: UInt64.self)
    let k = JSONScanner.leadingDigits(word)
    guard k > 0, k < 8, (whole.end - i) + k <= 15 else { return nil }
    let mantissa =
      whole.value &* UInt64(JSONScanner.powerOfTen(k)) &+ JSONScanner.leadingValue(word, digits: k)
    return (Double(mantissa) / JSONScanner.exactPower(k), f + k)
  }

  /// `"` + 24 bytes with no quote, backslash or control byte + `"` at `i` (a timestamp whose value
  /// is not kept).
  @inline(__always)
  static func usualTime(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
    guard i + 26 <= end, p[i] == UInt8(ascii: "\""), p[i + 25] == UInt8(ascii: "\"") else { return false }
    let raw = UnsafeRawPointer(p + i + 1)
    return JSONScanner.specialBytes(raw.loadUnaligned(as: UInt64.self))
      | JSONScanner.specialBytes(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      | JSONScanner.specialBytes(raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) == 0
  }

  /// The keys of an order-book row, in the order BitMEX sends them (see
  /// `JSONScanner.readKey`). `timestamp` and `transactTime` are not kept.
  enum BookKey {
    case symbol, id, side, size, price, time

    @inline(__always)
    static func spelled(by matches: (BytePattern) -> Bool) -> BookKey? {
      if matches(Wire.symbol) { return .symbol }
      if matches(Wire.id) { return .id }
      if matches(Wire.side) { return .side }
      if matches(Wire.size) { return .size }
      if matches(Wire.price) { return .price }
      if matches(Wire.timestamp) || matches(Wire.transactTime) { return .time }
      return nil
    }
  }
}
