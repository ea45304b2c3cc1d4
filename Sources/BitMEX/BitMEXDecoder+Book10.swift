import MarketModel

/// `orderBook10` rows: ten levels a side as `[[price, size], …]`.
extension BitMEXDecoder {
  mutating func decodeBook10(
    _ s: inout JSONScanner, levels: inout [PriceLevel]
  )
    throws(DecodeError) -> Book10Row
  {
    let rowStart = s.pos
    try s.beginObject()
    var symbol: Symbol?
    var time: Int64?
    var bids = 0..<0
    var asks = 0..<0
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "bids") {
        bids = try readLevels(&s, into: &levels)
      } else if s.equals(key, "asks") {
        asks = try readLevels(&s, into: &levels)
      } else {
        try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("orderBook10 row without symbol", at: rowStart) }
    return Book10Row(symbol: symbol, timeMs: time, bids: bids, asks: asks)
  }

  /// `[[price, size], …]`.
  func readLevels(
    _ s: inout JSONScanner, into levels: inout [PriceLevel]
  )
    throws(DecodeError) -> Range<Int>
  {
    let start = levels.count
    try s.beginArray()
    var first = true
    while try s.nextElement(first: &first) {
      try s.beginArray()
      let price = try s.readDouble()
      try s.expect(UInt8(ascii: ","), "expected [price, size]")
      let size = try s.readInt64()
      try s.expect(UInt8(ascii: "]"), "expected [price, size]")
      levels.append(PriceLevel(price: price, size: size))
    }
    return start..<levels.count
  }
}
