import MarketModel

/// `liquidation` rows.
extension BitMEXDecoder {
  mutating func decodeLiquidation(_ s: inout JSONScanner) throws(DecodeError) -> LiquidationRow {
    let rowStart = s.pos
    try s.beginObject()
    var orderID: MatchID?
    var symbol: Symbol?
    var side: Side?
    var price: Double?
    var leaves: Int64?
    var first = true
    while try s.advanceToKey(first: &first) {
      switch try s.readKey(LiquidationKey.spelled) {
      case .orderID?: orderID = try readMatchID(&s)
      case .symbol?: symbol = try readSymbol(&s)
      case .side?: side = try readSide(&s)
      case .price?: price = try readOptionalDouble(&s)
      case .leavesQty?: leaves = try readOptionalInt(&s)
      case nil: try s.skipValue()
      }
    }
    guard let orderID, orderID != .none else {
      throw DecodeError("liquidation row without orderID", at: rowStart)
    }
    if let leaves, leaves < 0 { throw DecodeError("liquidation row with a negative leavesQty", at: rowStart) }
    if let price, !(price.isFinite && price > 0) {
      throw DecodeError("liquidation row with a price that is not positive", at: rowStart)
    }
    return LiquidationRow(orderID: orderID, symbol: symbol, side: side, price: price, leavesQty: leaves)
  }

  /// The keys of a liquidation row, in the order BitMEX sends them.
  enum LiquidationKey {
    case orderID, symbol, side, price, leavesQty

    @inline(__always)
    static func spelled(by matches: (BytePattern) -> Bool) -> LiquidationKey? {
      if matches(Wire.orderID) { return .orderID }
      if matches(Wire.symbol) { return .symbol }
      if matches(Wire.side) { return .side }
      if matches(Wire.price) { return .price }
      if matches(Wire.leavesQty) { return .leavesQty }
      return nil
    }
  }
}
