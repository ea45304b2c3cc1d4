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
