import MarketModel

/// `quote` rows.
extension BitMEXDecoder {
  mutating func decodeQuote(_ s: inout JSONScanner) throws(DecodeError) -> Quote {
    var quote = Quote(timeMs: 0, symbol: .empty)
    let (time, symbol) = try decodeTimedRow(&s, "quote") { (d, key, s) throws(DecodeError) in
      if s.equals(key, "bidPrice") {
        quote.bidPrice = try d.readOptionalDouble(&s)
      } else if s.equals(key, "bidSize") {
        quote.bidSize = try d.readOptionalInt(&s)
      } else if s.equals(key, "askPrice") {
        quote.askPrice = try d.readOptionalDouble(&s)
      } else if s.equals(key, "askSize") {
        quote.askSize = try d.readOptionalInt(&s)
      } else if s.equals(key, "pool") {
        quote.pool = try d.readOptionalString(&s)
      } else {
        return false
      }
      return true
    }
    quote.timeMs = time
    quote.symbol = symbol
    return quote
  }
}
