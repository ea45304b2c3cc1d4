import MarketModel

/// `tradeBin1m` rows (and REST `trade/bucketed` ones).
extension BitMEXDecoder {
  mutating func decodeTradeBin(_ s: inout JSONScanner) throws(DecodeError) -> TradeBin {
    var bin = TradeBin(endMs: 0, symbol: .empty)
    let (time, symbol) = try decodeTimedRow(&s, "bin") { (d, key, s) throws(DecodeError) in
      if s.equals(key, "open") {
        bin.open = try d.readOptionalDouble(&s)
      } else if s.equals(key, "high") {
        bin.high = try d.readOptionalDouble(&s)
      } else if s.equals(key, "low") {
        bin.low = try d.readOptionalDouble(&s)
      } else if s.equals(key, "close") {
        bin.close = try d.readOptionalDouble(&s)
      } else if s.equals(key, "trades") {
        bin.trades = try d.readOptionalInt(&s)
      } else if s.equals(key, "volume") {
        bin.volume = try d.readOptionalInt(&s)
      } else {
        return false
      }
      return true
    }
    bin.endMs = time
    bin.symbol = symbol
    return bin
  }
}
