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
    try s.beginObject()
    var symbol: Symbol?
    var id: Int64?
    var side: Side?
    var size: Int64?
    var price: Double?
    var first = true
    while try s.advanceToKey(first: &first) {
      // The usual keys by pattern, in the order BitMEX sends them.
      if s.take(Wire.symbol) {
        symbol = try readSymbol(&s)
        continue
      }
      if s.take(Wire.id) {
        id = try s.readInt64()
        continue
      }
      if s.take(Wire.side) {
        side = try readSide(&s)
        continue
      }
      if s.take(Wire.size) {
        size = s.consumeNull() ? nil : try s.readInt64()
        continue
      }
      if s.take(Wire.price) {
        price = s.consumeNull() ? nil : try s.readDouble()
        continue
      }
      if s.take(Wire.timestamp) || s.take(Wire.transactTime) {
        // A string as a rule: read it directly rather than through the general skip.
        if s.peek() == UInt8(ascii: "\"") { _ = try s.readRawString() } else { try s.skipValue() }
        continue
      }
      let key = try s.readKey()
      switch key.count {
      case 2 where s.equals(key, "id"):
        id = try s.readInt64()
      case 4 where s.equals(key, "side"):
        side = try readSide(&s)
      case 4 where s.equals(key, "size"):
        size = s.consumeNull() ? nil : try s.readInt64()
      case 5 where s.equals(key, "price"):
        price = s.consumeNull() ? nil : try s.readDouble()
      case 6 where s.equals(key, "symbol"):
        symbol = try readSymbol(&s)
      default:
        try s.skipValue()
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
}
