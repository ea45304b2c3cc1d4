import MarketModel

/// The value readers the rows share: sides, symbols, timestamps, optional numbers and
/// strings, tick directions.
extension BitMEXDecoder {
  func readSide(_ s: inout JSONScanner) throws(DecodeError) -> Side? {
    if let side = Side.spelled(by: { s.take($0) }) { return side }
    if s.consumeNull() { return nil }
    let (side, raw) = try s.readWord(Side.spelled)
    if let side { return side }
    if raw?.count == 0 { return nil }
    throw s.fail("side is neither Buy nor Sell")
  }

  mutating func readSymbol(_ s: inout JSONScanner) throws(DecodeError) -> Symbol? {
    if lastSymbolPattern.count > 0, s.take(lastSymbolPattern) { return lastSymbol }
    if s.consumeNull() { return nil }
    s.skipSpace()
    let at = s.pos
    let raw = try s.readRawString()
    let symbol: Symbol?
    if raw.hasEscapes {
      symbol = Symbol(s.string(raw))
    } else {
      symbol = Symbol(utf8: UnsafeBufferPointer(start: s.base + raw.start, count: raw.count))
    }
    guard let symbol else { throw DecodeError("symbol longer than \(Symbol.maxLength) bytes", at: at) }
    if !raw.hasEscapes, raw.count <= 14 {
      lastSymbol = symbol
      lastSymbolPattern = BytePattern(
        UnsafeBufferPointer(start: s.base + raw.start - 1, count: raw.count + 2))
    }
    return symbol
  }

  func readTime(_ s: inout JSONScanner) throws(DecodeError) -> Int64? {
    if s.consumeNull() { return nil }
    s.skipSpace()
    let raw = try s.readRawString()
    guard !raw.hasEscapes, let ms = ISOTime.parseMillis(s.base + raw.start, count: raw.count) else {
      throw DecodeError("bad timestamp", at: raw.start)
    }
    return ms
  }

  func readOptionalDouble(_ s: inout JSONScanner) throws(DecodeError) -> Double? {
    s.consumeNull() ? nil : try s.readDouble()
  }

  func readOptionalInt(_ s: inout JSONScanner) throws(DecodeError) -> Int64? {
    s.consumeNull() ? nil : try s.readInt64()
  }

  func readOptionalString(_ s: inout JSONScanner) throws(DecodeError) -> String? {
    s.consumeNull() ? nil : try s.readString()
  }

  func readTickDirection(_ s: inout JSONScanner) throws(DecodeError) -> TickDirection? {
    if s.consumeNull() { return nil }
    return try s.readWord(TickDirection.spelled).word
  }
}
