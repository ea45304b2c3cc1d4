import WireJSON

extension WireReader {
  /// A decimal sent as a JSON number or a quoted one, kept as the text sent; `what` names it in
  /// the error.
  public mutating func readDecimal(_ what: StaticString) throws(WireError) -> FixedDecimal {
    let text = try readNumberOrQuoted()
    switch FixedDecimal.parse(text) {
    case .success(let value): return value
    case .failure(let why): throw WireError("\(what) \(why)", at: position)
    }
  }

  /// An array of levels written as arrays (`[["61824.00","4.46"], …]`: Binance, Bybit, OKX),
  /// price then size, appended to `levels` on `side`. `extra` is how many more values a level
  /// may carry (OKX: 2, a deprecated field and the order count); more or fewer is an error.
  public mutating func readLevelArrays(
    side: BookSide, extra: Int = 0, into levels: inout [LevelChange]
  )
    throws(WireError)
  {
    try beginArray()
    var firstLevel = true
    while try nextElement(first: &firstLevel) {
      try beginArray()
      var firstValue = true
      guard try nextElement(first: &firstValue) else { throw WireError("empty level", at: position) }
      let price = try readDecimal("price")
      guard try nextElement(first: &firstValue) else { throw WireError("level without a size", at: position) }
      let size = try readDecimal("size")
      var more = 0
      while try nextElement(first: &firstValue) {
        more += 1
        guard more <= extra else { throw WireError("level with extra values", at: position) }
        try skipValue()
      }
      levels.append(LevelChange(side: side, price: price, size: size))
    }
  }
}
