extension InstrumentFields {
  /// Takes every field `other` has, leaving the others as they are: a field `other` lacks
  /// never clears one.
  public mutating func merge(_ other: InstrumentFields) {
    take(other, onlyIfMissing: false, staticFactsOnly: false)
  }

  /// Takes every field `other` has that these fields lack, leaving the others as they are.
  public mutating func fillMissing(from other: InstrumentFields) {
    take(other, onlyIfMissing: true, staticFactsOnly: false)
  }

  /// Takes the contract's fixed facts (the fields marked `isStaticFact`) from `other` where
  /// these fields lack them.
  public mutating func fillStaticFacts(from other: InstrumentFields) {
    take(other, onlyIfMissing: true, staticFactsOnly: true)
  }

  /// The three above, field by field in code rather than through `all`'s key paths: a key
  /// path read or written asks the runtime for its types' metadata each time, and that was
  /// most of applying an instrument update (the markets list applies every venue's tickers).
  /// `InstrumentFieldsMergeTests` holds this list to `all`: every field taken, the fixed facts
  /// and only they by `fillStaticFacts`.
  private mutating func take(_ o: InstrumentFields, onlyIfMissing: Bool, staticFactsOnly: Bool) {
    let m = onlyIfMissing
    // The contract's fixed facts.
    Self.take(&typ, o.typ, m)
    Self.take(&rootSymbol, o.rootSymbol, m)
    Self.take(&underlying, o.underlying, m)
    Self.take(&quoteCurrency, o.quoteCurrency, m)
    Self.take(&positionCurrency, o.positionCurrency, m)
    // The code and its scale go together (`InstrumentField.Slot.settlement`).
    if o.settlCurrency != nil, !m || settlCurrency == nil {
      settlCurrency = o.settlCurrency
      settlement = o.settlement
    }
    Self.take(&expiryMs, o.expiryMs, m)
    Self.take(&tickSize, o.tickSize, m)
    Self.take(&lotSize, o.lotSize, m)
    Self.take(&maxOrderQty, o.maxOrderQty, m)
    Self.take(&multiplier, o.multiplier, m)
    Self.take(&underlyingToPositionMultiplier, o.underlyingToPositionMultiplier, m)
    Self.take(&underlyingToSettleMultiplier, o.underlyingToSettleMultiplier, m)
    Self.take(&quoteToSettleMultiplier, o.quoteToSettleMultiplier, m)
    Self.take(&isInverse, o.isInverse, m)
    Self.take(&isQuanto, o.isQuanto, m)
    Self.take(&takerFee, o.takerFee, m)
    Self.take(&makerFee, o.makerFee, m)
    if staticFactsOnly { return }
    // The market.
    Self.take(&state, o.state, m)
    Self.take(&lastPrice, o.lastPrice, m)
    Self.take(&lastTickDirection, o.lastTickDirection, m)
    Self.take(&lastChangePcnt, o.lastChangePcnt, m)
    Self.take(&prevPrice24h, o.prevPrice24h, m)
    Self.take(&markPrice, o.markPrice, m)
    Self.take(&indicativeSettlePrice, o.indicativeSettlePrice, m)
    Self.take(&fundingRate, o.fundingRate, m)
    Self.take(&indicativeFundingRate, o.indicativeFundingRate, m)
    Self.take(&fundingTimeMs, o.fundingTimeMs, m)
    Self.take(&volume24h, o.volume24h, m)
    Self.take(&turnover24h, o.turnover24h, m)
    Self.take(&homeNotional24h, o.homeNotional24h, m)
    Self.take(&foreignNotional24h, o.foreignNotional24h, m)
    Self.take(&openInterest, o.openInterest, m)
    Self.take(&highPrice, o.highPrice, m)
    Self.take(&lowPrice, o.lowPrice, m)
    Self.take(&vwap, o.vwap, m)
    Self.take(&bidPrice, o.bidPrice, m)
    Self.take(&askPrice, o.askPrice, m)
    Self.take(&timeMs, o.timeMs, m)
  }

  /// `theirs` into `mine` when there is one and (with `onlyIfMissing`) `mine` has none.
  @inline(__always)
  private static func take<Value>(_ mine: inout Value?, _ theirs: Value?, _ onlyIfMissing: Bool) {
    guard let theirs, !onlyIfMissing || mine == nil else { return }
    mine = theirs
  }
}
