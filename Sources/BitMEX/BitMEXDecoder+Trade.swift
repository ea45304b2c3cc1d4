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
      // The usual keys by pattern, in the order BitMEX sends them.
      if s.take(Wire.timestamp) {
        time = try readTime(&s)
        continue
      }
      if s.take(Wire.symbol) {
        symbol = try readSymbol(&s)
        continue
      }
      if s.take(Wire.side) {
        side = try readSide(&s)
        continue
      }
      if s.take(Wire.size) {
        size = try readOptionalInt(&s)
        continue
      }
      if s.take(Wire.price) {
        price = try readOptionalDouble(&s)
        continue
      }
      if s.take(Wire.tickDirection) {
        tick = try readTickDirection(&s)
        continue
      }
      if s.take(Wire.trdMatchID) {
        matchID = try readMatchID(&s)
        continue
      }
      if s.take(Wire.grossValue) || s.take(Wire.homeNotional) || s.take(Wire.trdType) {
        try s.skipValue()
        continue
      }
      let key = try s.readKey()
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "side") {
        side = try readSide(&s)
      } else if s.equals(key, "size") {
        size = try readOptionalInt(&s)
      } else if s.equals(key, "price") {
        price = try readOptionalDouble(&s)
      } else if s.equals(key, "tickDirection") {
        tick = try readTickDirection(&s)
      } else if s.equals(key, "trdMatchID") {
        matchID = try readMatchID(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let time, let symbol, let price else {
      throw DecodeError("trade row without timestamp, symbol or price", at: rowStart)
    }
    return Trade(
      timeMs: time, symbol: symbol, side: side, size: size ?? 0, price: price, tickDirection: tick,
      matchID: matchID)
  }
}
