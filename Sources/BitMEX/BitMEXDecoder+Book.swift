import MarketModel
import VenueCore

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
    var price: FixedDecimal?
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
              price = s.consumeNull() ? nil : try s.readDecimal()
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
      case .price?: price = s.consumeNull() ? nil : try s.readDecimal()
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
    return BookRow(symbol: symbol, id: id, side: side, size: size, price: price)
  }

  /// The usual row in one straight pass, with no key looked up and no value read the general way:
  /// `{"symbol":"<the symbol of the row before>","id":<digits>,"side":"Buy"|"Sell"` then, each if
  /// present and in this order, `,"size":<digits>`, `,"price":<digits>[.<1–7 digits>]` (kept as
  /// written, a decimal),
  /// `,"timestamp":"<24 plain bytes>"`, `,"transactTime":"<24 plain bytes>"`, then `}`: no white
  /// space, no sign, no exponent, at most 15 digits to a number, and a row the action accepts
  /// (a size on every row but a delete, a price too on a partial or insert).
  ///
  /// Returns the row and where it ends, or nil for anything else (the scanner is not moved), and
  /// `decodeBookRow` then reads the row the general way. What it accepts reads the same either
  /// way (`FastPathTests`).
  // `@_transparent`: marked `@inline(__always)` it stayed a call, once a row.
  @_transparent
  func usualBookRow(_ s: JSONScanner, _ action: TableAction) -> (row: BookRow, end: Int)? {
    guard lastSymbolPattern.count > 0 else { return nil }
    var c = UsualCursor(s)
    guard c.take(Wire.openSymbol), c.take(lastSymbolPattern), c.take(Wire.commaID), let id = c.digits(),
      c.take(Wire.commaSide)
    else { return nil }
    let side: Side
    if c.take(Wire.sell) {
      side = .sell
    } else if c.take(Wire.buy) {
      side = .buy
    } else {
      return nil
    }
    var size: Int64?
    if c.take(Wire.commaSize) {
      guard let digits = c.digits() else { return nil }
      size = Int64(digits)
    }
    var price: FixedDecimal?
    if c.take(Wire.commaPrice) {
      guard let number = c.decimalPrice() else { return nil }
      price = number
    }
    if c.take(Wire.commaTimestamp) {
      guard c.skipPlainString(words: 3) else { return nil }
    }
    if c.take(Wire.commaTransactTime) {
      guard c.skipPlainString(words: 3) else { return nil }
    }
    guard c.take(UInt8(ascii: "}")) else { return nil }
    switch action {
    case .partial, .insert: guard size != nil, price != nil else { return nil }
    case .update: guard size != nil else { return nil }
    case .delete: break
    }
    return (BookRow(symbol: lastSymbol, id: Int64(id), side: side, size: size, price: price), c.i)
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
