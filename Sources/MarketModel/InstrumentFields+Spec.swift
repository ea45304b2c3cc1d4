import VenueCore

extension InstrumentFields {
  /// A venue instrument's facts (`InstrumentSpec`, from its REST instruments) in the
  /// instrument's words: its kind as the type code the screens read (`IFXXXP` spot, `FFWCSX`
  /// perpetual, `FFCCSX` future with its expiry), its assets, tick and lot. Prices and the
  /// contract's value are not facts of this kind: they stay nil.
  public init(spec: InstrumentSpec) {
    self.init()
    switch spec.kind {
    case .spot: typ = "IFXXXP"
    case .linearPerpetual, .inversePerpetual, .quantoPerpetual: typ = "FFWCSX"
    case .future(let expiry):
      typ = "FFCCSX"
      expiryMs = expiry
    case .index, .other: break
    }
    underlying = spec.base.description
    quoteCurrency = spec.quote.description
    tickSize = spec.tickSize.doubleValue
    lotSize = spec.lotSize.doubleValue
    if case .inverse = spec.contract { isInverse = true }
  }
}
