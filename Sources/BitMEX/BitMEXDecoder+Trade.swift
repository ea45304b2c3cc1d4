import MarketModel

/// `trade` rows and their `trdMatchID`s.
extension BitMEXDecoder {
  /// A `trdMatchID` GUID as 128 bits; a non-GUID id is hashed so it still de-duplicates.
  func readMatchID(_ s: inout JSONScanner) throws(DecodeError) -> MatchID {
    if s.consumeNull() { return .none }
    s.skipSpace()
    let raw = try s.readRawString()
    return Self.matchID(s.base + raw.start, count: raw.count, hasEscapes: raw.hasEscapes)
  }

  /// The id spelled by a raw `trdMatchID` string.
  static func matchID(_ p: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> MatchID {
    if count == 36, !hasEscapes, let id = FixedLayouts.guid(p) { return id }
    return matchIDGeneral(p, count: count, hasEscapes: hasEscapes)
  }

  /// `matchID` a byte at a time: dashes anywhere, any 32 hex digits, else a hash.
  static func matchIDGeneral(_ p: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> MatchID {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var nibbles = 0
    var valid = !hasEscapes
    var i = 0
    while valid, i < count {
      let c = p[i]
      i += 1
      if c == UInt8(ascii: "-") { continue }
      guard let v = JSONScanner.hexValue(c), nibbles < 32 else {
        valid = false
        break
      }
      high = high << 4 | low >> 60
      low = low << 4 | UInt64(v)
      nibbles += 1
    }
    if valid, nibbles == 32 { return MatchID(high: high, low: low) }
    // FNV-1a over the raw bytes, tagged so it cannot collide with the all-zero id.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for k in 0..<count {
      hash = (hash ^ UInt64(p[k])) &* 0x100_0000_01b3
    }
    return MatchID(high: 1, low: hash)
  }

  mutating func decodeTrade(_ s: inout JSONScanner) throws(DecodeError) -> Trade {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var side: Side?
    var size: Int64?
    var price: Double?
    var tick: TickDirection?
    var matchID = MatchID.none
    var first = true
    while try s.advanceToKey(first: &first) {
      switch try s.readKey(TradeKey.spelled) {
      case .timestamp?: time = try readTime(&s)
      case .symbol?: symbol = try readSymbol(&s)
      case .side?: side = try readSide(&s)
      case .size?: size = try readOptionalInt(&s)
      case .price?: price = try readOptionalDouble(&s)
      case .tickDirection?: tick = try readTickDirection(&s)
      case .trdMatchID?: matchID = try readMatchID(&s)
      case .unused?, nil: try s.skipValue()
      }
    }
    guard let time, let symbol, let price else {
      throw DecodeError("trade row without timestamp, symbol or price", at: rowStart)
    }
    return Trade(
      timeMs: time, symbol: symbol, side: side, size: size ?? 0, price: price, tickDirection: tick,
      matchID: matchID)
  }

  /// The usual trade row in one straight pass (see `usualBookRow`):
  /// `{"timestamp":"<ISO>","symbol":"<the symbol before>","side":"Buy"|"Sell","size":<digits>,
  /// "price":<price>,"tickDirection":"<one of four>","trdMatchID":"<GUID>","grossValue":<number>,
  /// "homeNotional":<number>,"foreignNotional":<number>,"trdType":"<plain string>"}`, nothing
  /// else. Returns the trade and where the row ends, or nil (the scanner is not moved) for the
  /// general loop to read.
  @inline(__always)
  func usualTrade(_ s: JSONScanner) -> (trade: Trade, end: Int)? {
    guard lastSymbolPattern.count > 0 else { return nil }
    var c = UsualCursor(s)
    guard c.take(Wire.openTimestamp), let time = c.isoMillis(), c.take(Wire.commaSymbol),
      c.take(lastSymbolPattern), c.take(Wire.commaSide)
    else { return nil }
    let side: Side
    if c.take(Wire.buy) {
      side = .buy
    } else if c.take(Wire.sell) {
      side = .sell
    } else {
      return nil
    }
    guard c.take(Wire.commaSize), let size = c.digits(), c.take(Wire.commaPrice), let price = c.price(),
      c.take(Wire.commaTickDirection), c.take(UInt8(ascii: ":")),
      let tick = TickDirection.spelled(by: { c.take($0) }),
      c.take(Wire.commaTrdMatchID), let matchID = c.guid(),
      c.take(Wire.commaGrossValue), c.skipNumber(),
      c.take(Wire.commaHomeNotional), c.skipNumber(),
      c.take(Wire.commaForeignNotional), c.take(UInt8(ascii: "l")), c.take(UInt8(ascii: "\"")),
      c.take(UInt8(ascii: ":")), c.skipNumber(),
      c.take(Wire.commaTrdType), c.skipPlainString(), c.take(UInt8(ascii: "}"))
    else { return nil }
    return (
      Trade(
        timeMs: time, symbol: lastSymbol, side: side, size: Int64(size), price: price, tickDirection: tick,
        matchID: matchID),
      c.i
    )
  }

  /// The keys of a trade row, in the order BitMEX sends them (see `JSONScanner.readKey`);
  /// `unused` are the usual ones whose values are not kept (`grossValue`, `homeNotional`,
  /// `trdType`).
  enum TradeKey {
    case timestamp, symbol, side, size, price, tickDirection, trdMatchID, unused

    @inline(__always)
    static func spelled(by matches: (BytePattern) -> Bool) -> TradeKey? {
      if matches(Wire.timestamp) { return .timestamp }
      if matches(Wire.symbol) { return .symbol }
      if matches(Wire.side) { return .side }
      if matches(Wire.size) { return .size }
      if matches(Wire.price) { return .price }
      if matches(Wire.tickDirection) { return .tickDirection }
      if matches(Wire.trdMatchID) { return .trdMatchID }
      if matches(Wire.grossValue) || matches(Wire.homeNotional) || matches(Wire.trdType) { return .unused }
      return nil
    }
  }
}
