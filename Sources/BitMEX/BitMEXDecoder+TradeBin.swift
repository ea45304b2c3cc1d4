import MarketModel

/// `tradeBin1m` rows (and REST `trade/bucketed` ones).
extension BitMEXDecoder {
  mutating func decodeTradeBin(_ s: inout JSONScanner) throws(DecodeError) -> TradeBin {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var bin = TradeBin(endMs: 0, symbol: .empty)
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "open") {
        bin.open = try readOptionalDouble(&s)
      } else if s.equals(key, "high") {
        bin.high = try readOptionalDouble(&s)
      } else if s.equals(key, "low") {
        bin.low = try readOptionalDouble(&s)
      } else if s.equals(key, "close") {
        bin.close = try readOptionalDouble(&s)
      } else if s.equals(key, "trades") {
        bin.trades = try readOptionalInt(&s)
      } else if s.equals(key, "volume") {
        bin.volume = try readOptionalInt(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let time, let symbol else { throw DecodeError("bin row without timestamp or symbol", at: rowStart) }
    bin.endMs = time
    bin.symbol = symbol
    return bin
  }
}
