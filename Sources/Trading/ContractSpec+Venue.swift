import MarketModel

extension ContractSpec {
  /// The spec of a venue's instrument from its metadata (`InstrumentSpec`: REST instruments), the
  /// venue's own size unit being the contract:
  /// - spot, and perpetuals or futures sized in the base asset (Kraken, Binance, Coinbase, Bybit
  ///   spot and linear, OKX spot): one contract is one unit of the base asset, so units are the
  ///   base asset (`BTC`), the amount the quote currency (`USD`), and value and P&L are in the
  ///   quote currency;
  /// - linear contracts of a fixed base quantity (OKX `-USDT-SWAP`, `ctVal` 0.01 BTC): units are
  ///   contracts, each `value × price` of the quote currency;
  /// - inverse contracts of a fixed quote value (OKX `-USD-SWAP`, `ctVal` 100 USD; Bybit inverse,
  ///   1 USD): units are contracts, worth `value / price` of the base asset they settle in.
  ///
  /// Settlement units are whole units of the settlement asset here (`settlePerWhole` 1): the
  /// venues write their sizes and prices as decimals, not in satoshis. Lot, tick and minimum size
  /// come from the spec; the fee is not known (the venues' instrument rows do not give it).
  public static func make(_ spec: InstrumentSpec) -> Result<ContractSpec, ContractSpecError> {
    let lot = spec.lotSize.doubleValue
    let tick = spec.tickSize.doubleValue
    guard lot > 0, lot.isFinite else { return .failure(.missing("lot size")) }
    guard tick > 0, tick.isFinite else { return .failure(.missing("tick size")) }
    switch spec.kind {
    case .spot, .linearPerpetual, .inversePerpetual, .future: break
    case .quantoPerpetual, .index, .other:
      return .failure(.notTradable("a \(spec.kind) instrument has no paper ticket here"))
    }
    let kind: Kind
    var multiplier = 1.0
    var perBase: Double?
    var underlyingToSettle: Double?
    var quoteToSettle: Double?
    var settle = spec.quote
    var contractValue: String?
    switch spec.contract {
    case .base:
      // One contract is one unit of the base asset: units are the base asset.
      kind = spec.kind == .spot ? .spot : .linear
      perBase = 1
      quoteToSettle = 1
    case .linear(let value):
      let v = value.doubleValue
      guard v > 0, v.isFinite else { return .failure(.missing("contract value")) }
      kind = .linear
      multiplier = v
      quoteToSettle = 1
      contractValue = "\(value.normalized) \(spec.base)"
    case .inverse(let value):
      let v = value.doubleValue
      guard v > 0, v.isFinite else { return .failure(.missing("contract value")) }
      kind = .inverse
      multiplier = -v
      // Whole base units: a contract's value is `v / price` of the base, `v` of the quote again.
      underlyingToSettle = -1
      settle = spec.settle
      contractValue = "\(value.normalized) \(spec.quote)"
    case .quanto:
      return .failure(.notTradable("a quanto contract has no paper ticket here"))
    }
    let minimum = spec.minSize.map(\.doubleValue).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    var out = ContractSpec(
      symbol: spec.key.symbol, kind: kind, multiplier: multiplier, underlyingToPositionMultiplier: perBase,
      underlyingToSettleMultiplier: underlyingToSettle, quoteToSettleMultiplier: quoteToSettle,
      settlCurrency: settle.description, settlePerWhole: 1, settleName: settle.description,
      quoteCurrency: spec.quote.description, underlying: spec.base.description, lotSize: lot, tickSize: tick)
    out.venue = spec.key.venue
    out.minOrderQty = minimum
    out.contractValue = contractValue
    return .success(out)
  }
}
