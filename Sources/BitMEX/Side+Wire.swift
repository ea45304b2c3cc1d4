import MarketModel

extension Side {
  /// The side `matches` finds first among BitMEX's spellings (see `JSONScanner.readWord`).
  @inline(__always)
  static func spelled(by matches: (BytePattern) -> Bool) -> Side? {
    if matches(Wire.buy) { return .buy }
    if matches(Wire.sell) { return .sell }
    return nil
  }
}
