extension Instrument {
  /// Fills the contract's fixed facts (tick and lot size, currencies, type, multipliers)
  /// from `other` where this instrument does not know them.
  mutating func keepStaticFacts(from other: Instrument) {
    tickSize = tickSize ?? other.tickSize
    lotSize = lotSize ?? other.lotSize
    underlying = underlying ?? other.underlying
    quoteCurrency = quoteCurrency ?? other.quoteCurrency
    settlCurrency = settlCurrency ?? other.settlCurrency
    typ = typ ?? other.typ
    multiplier = multiplier ?? other.multiplier
    underlyingToPositionMultiplier = underlyingToPositionMultiplier ?? other.underlyingToPositionMultiplier
    isInverse = isInverse ?? other.isInverse
  }
}
