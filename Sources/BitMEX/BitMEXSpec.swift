import MarketModel
import VenueCore

/// A BitMEX instrument's facts as the venue-neutral `InstrumentSpec` (what the cross-venue parts
/// read), every factor from the instrument's own row (REST `/instrument` or the live `instrument`
/// table), never from a table of symbols:
/// - inverse (XBTUSD): a contract is worth `|multiplier| / |underlyingToSettleMultiplier|` of the
///   quote (one USD);
/// - quanto (ETHUSD): `multiplier` settlement units per point of price, the settlement currency's
///   units per whole from its code (`XBt`: 10^8);
/// - linear and spot (XBTUSDT, XBT_USDT): a contract is `1 / underlyingToPositionMultiplier` of
///   the underlying.
public enum BitMEXSpec {
  /// The spec of `instrument`, nil while its row lacks a fact the contract needs (tick, lot, the
  /// currencies, its multipliers) or the instrument is no contract (an index).
  public static func spec(_ instrument: Instrument) -> InstrumentSpec? {
    let f = instrument.fields
    let kind = instrument.kind
    guard kind != .index, let tick = decimal(f.tickSize), let lot = decimal(f.lotSize),
      let underlying = f.underlying.flatMap(AssetCode.init),
      let quote = f.quoteCurrency.flatMap(AssetCode.init),
      let settlement = f.settlement
    else { return nil }
    let contract: ContractDescriptor
    let contractKind: InstrumentKind
    if f.isInverse == true {
      guard let m = f.multiplier, let u = f.underlyingToSettleMultiplier, u != 0,
        let value = decimal(abs(m) / abs(u))
      else { return nil }
      contract = .inverse(value: value)
      contractKind = .inversePerpetual
    } else if f.isQuanto == true {
      guard let m = f.multiplier.flatMap(decimal), let perWhole = decimal(settlement.perWhole) else {
        return nil
      }
      contract = .quanto(multiplier: m, settlePerWhole: perWhole)
      contractKind = .quantoPerpetual
    } else {
      guard let perUnit = f.underlyingToPositionMultiplier, perUnit > 0, let value = decimal(1 / perUnit)
      else {
        return nil
      }
      contract = .linear(value: value)
      contractKind = kind == .spot ? .spot : .linearPerpetual
    }
    let finalKind: InstrumentKind
    switch kind {
    case .perpetual, .spot: finalKind = contractKind
    case .future(let expiry): finalKind = .future(expiryMs: expiry)
    case .index, .other: finalKind = .other
    }
    return InstrumentSpec(
      key: InstrumentKey(venue: .bitmex, symbol: instrument.symbol), kind: finalKind, base: underlying,
      quote: quote, settle: settlement.asset, tickSize: tick, lotSize: lot, contract: contract)
  }

  /// BitMEX's perpetual of `asset` against the dollar, as BitMEX spells it (`XBTUSD`: bitcoin is
  /// XBT there), nil for an asset it lists none of. Its contract (inverse, quanto) is read from its
  /// instrument row when that comes (`spec`), never from this name.
  public static func dollarPerpetual(of asset: AssetCode) -> String? {
    let a = asset.description
    return a == "BTC" ? "XBTUSD" : ["ETH", "SOL", "XRP", "DOGE", "LTC"].contains(a) ? "\(a)USD" : nil
  }

  /// `value` as an exact decimal of at most 10 places, nil when it is not one (or not finite,
  /// or not positive): a tick of 0.5, a lot of 100, a contract of 0.000001.
  static func decimal(_ value: Double?) -> FixedDecimal? {
    guard let value, value.isFinite, value > 0, value < 1e15 else { return nil }
    var scaled = value
    for scale in 0...10 {
      let rounded = scaled.rounded()
      if abs(scaled - rounded) <= 1e-9 * max(1, rounded), rounded >= 1, rounded < 9e15 {
        return FixedDecimal(mantissa: Int64(rounded), scale: UInt8(scale))
      }
      scaled *= 10
    }
    return nil
  }
}
