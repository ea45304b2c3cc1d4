import MarketModel

/// `instrument` rows (and REST `/instrument` ones).
extension BitMEXDecoder {
  mutating func decodeInstrument(_ s: inout JSONScanner) throws(DecodeError) -> InstrumentUpdate {
    let rowStart = s.pos
    try s.beginObject()
    var u = InstrumentUpdate(symbol: .empty)
    var symbol: Symbol?
    var first = true
    while let key = try s.nextKey(first: &first) {
      switch s.string(key) {
      case "symbol": symbol = try readSymbol(&s)
      case "state": u.state = try readOptionalString(&s)
      case "typ": u.typ = try readOptionalString(&s)
      case "underlying": u.underlying = try readOptionalString(&s)
      case "quoteCurrency": u.quoteCurrency = try readOptionalString(&s)
      case "settlCurrency": u.settlCurrency = try readOptionalString(&s)
      case "tickSize": u.tickSize = try readOptionalDouble(&s)
      case "lotSize": u.lotSize = try readOptionalDouble(&s)
      case "multiplier": u.multiplier = try readOptionalDouble(&s)
      case "underlyingToPositionMultiplier": u.underlyingToPositionMultiplier = try readOptionalDouble(&s)
      case "isInverse": u.isInverse = s.consumeNull() ? nil : try s.readBool()
      case "lastPrice": u.lastPrice = try readOptionalDouble(&s)
      case "lastTickDirection": u.lastTickDirection = try readTickDirection(&s)
      case "lastChangePcnt": u.lastChangePcnt = try readOptionalDouble(&s)
      case "prevPrice24h": u.prevPrice24h = try readOptionalDouble(&s)
      case "markPrice": u.markPrice = try readOptionalDouble(&s)
      case "indicativeSettlePrice": u.indicativeSettlePrice = try readOptionalDouble(&s)
      case "fundingRate": u.fundingRate = try readOptionalDouble(&s)
      case "indicativeFundingRate": u.indicativeFundingRate = try readOptionalDouble(&s)
      case "fundingTimestamp": u.fundingTimeMs = try readTime(&s)
      case "volume24h": u.volume24h = try readOptionalDouble(&s)
      case "turnover24h": u.turnover24h = try readOptionalDouble(&s)
      case "openInterest": u.openInterest = try readOptionalDouble(&s)
      case "highPrice": u.highPrice = try readOptionalDouble(&s)
      case "lowPrice": u.lowPrice = try readOptionalDouble(&s)
      case "bidPrice": u.bidPrice = try readOptionalDouble(&s)
      case "askPrice": u.askPrice = try readOptionalDouble(&s)
      case "timestamp": u.timeMs = try readTime(&s)
      default: try s.skipValue()
      }
    }
    guard let symbol else { throw DecodeError("instrument row without symbol", at: rowStart) }
    u.symbol = symbol
    return u
  }
}
