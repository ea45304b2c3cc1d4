import MarketModel

/// The tables the decoder knows by shape.
enum TableKind: Equatable {
  case book(BookTable)
  case orderBook10
  case trade
  case quote
  case instrument
  case tradeBin1m
  case liquidation
  case other

  /// The table `matches` finds first among the names a pattern holds, the usual ones first
  /// (see `JSONScanner.readWord`). `orderBookL2_100` is too long for a pattern: `named`
  /// knows it.
  @inline(__always)
  static func spelled(by matches: (BytePattern) -> Bool) -> TableKind? {
    if matches(Wire.orderBookTop25) { return .book(.top25) }
    if matches(Wire.trade) { return .trade }
    if matches(Wire.orderBookL2) { return .book(.full) }
    if matches(Wire.quote) { return .quote }
    if matches(Wire.instrument) { return .instrument }
    if matches(Wire.orderBook10) { return .orderBook10 }
    if matches(Wire.tradeBin1m) { return .tradeBin1m }
    if matches(Wire.liquidation) { return .liquidation }
    return nil
  }

  /// The table a name read the general way (as `JSONScanner.readWord` leaves it) stands for.
  static func named(_ raw: JSONScanner.RawString, in s: JSONScanner) -> TableKind {
    if let spelling = s.spelling(of: raw), let table = spelled(by: { $0 == spelling }) { return table }
    return s.equals(raw, "orderBookL2_100") ? .book(.top100) : .other
  }
}
