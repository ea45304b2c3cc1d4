import MarketModel

/// `quote` rows.
extension BitMEXDecoder {
  mutating func decodeQuote(_ s: inout JSONScanner) throws(DecodeError) -> Quote {
    let rowStart = s.pos
    try s.beginObject()
    var time: Int64?
    var symbol: Symbol?
    var quote = Quote(timeMs: 0, symbol: .empty)
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "timestamp") {
        time = try readTime(&s)
      } else if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else if s.equals(key, "bidPrice") {
        quote.bidPrice = try readOptionalDouble(&s)
      } else if s.equals(key, "bidSize") {
        quote.bidSize = try readOptionalInt(&s)
      } else if s.equals(key, "askPrice") {
        quote.askPrice = try readOptionalDouble(&s)
      } else if s.equals(key, "askSize") {
        quote.askSize = try readOptionalInt(&s)
      } else if s.equals(key, "pool") {
        quote.pool = try readOptionalString(&s)
      } else {
        try s.skipValue()
      }
    }
    guard let time, let symbol else {
      throw DecodeError("quote row without timestamp or symbol", at: rowStart)
    }
    quote.timeMs = time
    quote.symbol = symbol
    return quote
  }
}
