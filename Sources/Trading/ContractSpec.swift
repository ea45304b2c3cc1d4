import MarketModel

/// The contract maths of one instrument, with every factor taken from the instrument's own row
/// (`/instrument/active` or the `instrument` table), never from a table of symbols.
///
/// Three sizes meet here:
/// - **contracts**: what BitMEX books and orders count (`orderQty`, book level sizes);
/// - **units**: what a person types on the ticket: contracts for inverse and quanto contracts
///   (an inverse BTC/USD swap: one contract is one USD), the base currency's quantity for
///   linear contracts and spot (`contracts / underlyingToPositionMultiplier`: a BTC/USDT swap
///   of 10^6 contracts a BTC: 1,000 contracts = 0.001 BTC);
/// - **settlement units**: what profit and margin are paid in (satoshis = 10^-8 BTC, millionths
///   of a USDT).
///
/// Value of one contract at `price` in settlement units: inverse `|multiplier| / price`;
/// quanto, linear and spot `multiplier × price`. Its notional in the quote currency: inverse
/// contracts convert their value back through the underlying (`value / |underlyingToSettle|
/// × price`; an inverse BTC/USD swap: one USD a contract); the others divide by
/// `quoteToSettleMultiplier` (settlement units per unit of quote currency: 10^6 for
/// USDT-settled, the venue's current satoshis-per-USD rate for a quanto).
public struct ContractSpec: Sendable, Hashable {
  /// How the contract's value follows its price.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Valued in the underlying, priced in the quote currency (an inverse BTC/USD swap).
    case inverse
    /// Settled in a third currency at a fixed rate per point of price (ETH/USD in satoshis).
    case quanto
    /// Valued in the quote currency, which it settles in (a BTC/USDT swap).
    case linear
    /// A spot pair: linear maths, no leverage (XBT_USDT).
    case spot
  }

  public var symbol: Symbol
  /// The venue the instrument trades on (BitMEX for a spec from an instrument row).
  public var venue: InstrumentID.Venue = .bitmex
  /// The venue's name as people know it (its `VenueAbout.displayName`), which the ticket's
  /// messages say; nil: its name. The caller, which has the venue's about, gives it.
  public var venueName: String?
  public var kind: Kind
  /// Settlement units per contract per unit of price (negative for inverse contracts).
  public var multiplier: Double
  /// Contracts per whole unit of the underlying (linear, spot); nil when the row has none.
  public var underlyingToPositionMultiplier: Double?
  /// Settlement units per whole unit of the underlying (inverse: −10^8 satoshis per BTC).
  public var underlyingToSettleMultiplier: Double?
  /// Settlement units per whole unit of the quote currency.
  public var quoteToSettleMultiplier: Double?
  /// The settlement currency's code as the venue sends it (see `SettlementCurrency`).
  public var settlCurrency: String
  /// Settlement units per whole settlement currency (10^8 for a currency counted in satoshis).
  public var settlePerWhole: Double
  /// The whole settlement currency's name (`XBT` for one counted in satoshis).
  public var settleName: String
  public var quoteCurrency: String
  public var underlying: String
  /// Order size increment, in contracts.
  public var lotSize: Double
  public var tickSize: Double
  /// The largest order, in contracts; nil when unknown.
  public var maxOrderQty: Double?
  /// The taker fee as a fraction of the value traded; nil when unknown.
  public var takerFee: Double?
  /// The maker fee as a fraction of the value traded (negative: a rebate); nil when unknown.
  public var makerFee: Double?
  /// The smallest order, in contracts; nil when the venue does not say.
  public var minOrderQty: Double?
  /// What one contract is, when a contract is not the unit typed by its name alone (`0.01 BTC`,
  /// `100 USD`): a venue's contract value (OKX `ctVal`, Bybit inverse), shown on the ticket.
  public var contractValue: String?

  public init(
    symbol: Symbol, kind: Kind, multiplier: Double, underlyingToPositionMultiplier: Double? = nil,
    underlyingToSettleMultiplier: Double? = nil, quoteToSettleMultiplier: Double? = nil,
    settlCurrency: String,
    settlePerWhole: Double, settleName: String, quoteCurrency: String, underlying: String, lotSize: Double,
    tickSize: Double, maxOrderQty: Double? = nil, takerFee: Double? = nil, makerFee: Double? = nil
  ) {
    self.symbol = symbol
    self.kind = kind
    self.multiplier = multiplier
    self.underlyingToPositionMultiplier = underlyingToPositionMultiplier
    self.underlyingToSettleMultiplier = underlyingToSettleMultiplier
    self.quoteToSettleMultiplier = quoteToSettleMultiplier
    self.settlCurrency = settlCurrency
    self.settlePerWhole = settlePerWhole
    self.settleName = settleName
    self.quoteCurrency = quoteCurrency
    self.underlying = underlying
    self.lotSize = lotSize
    self.tickSize = tickSize
    self.maxOrderQty = maxOrderQty
    self.takerFee = takerFee
    self.makerFee = makerFee
  }

  /// The spec of `instrument`, or why it cannot be traded on the ticket (a field the maths
  /// needs is missing, or the settlement currency is one this does not know).
  public static func make(_ instrument: Instrument) -> Result<ContractSpec, ContractSpecError> {
    let f = instrument.fields
    guard let multiplier = f.multiplier, multiplier != 0, multiplier.isFinite else {
      return .failure(.missing("multiplier"))
    }
    guard let lot = f.lotSize, lot > 0 else { return .failure(.missing("lotSize")) }
    guard let tick = f.tickSize, tick > 0 else { return .failure(.missing("tickSize")) }
    guard let settl = f.settlCurrency, !settl.isEmpty else { return .failure(.missing("settlCurrency")) }
    guard let currency = f.settlement else { return .failure(.unknownCurrency(settl)) }
    let kind: Kind
    if f.isInverse == true {
      kind = .inverse
    } else if f.isQuanto == true {
      kind = .quanto
    } else if MarketKind(typ: f.typ) == .spot {
      kind = .spot
    } else {
      kind = .linear
    }
    // An inverse contract's notional needs the underlying's conversion; the others' the quote's.
    if kind == .inverse && (f.underlyingToSettleMultiplier ?? 0) == 0 {
      return .failure(.missing("underlyingToSettleMultiplier"))
    }
    if kind != .inverse && (f.quoteToSettleMultiplier ?? 0) == 0 {
      return .failure(.missing("quoteToSettleMultiplier"))
    }
    let u2p = f.underlyingToPositionMultiplier.flatMap { $0 > 0 ? $0 : nil }
    return .success(
      ContractSpec(
        symbol: instrument.symbol, kind: kind, multiplier: multiplier, underlyingToPositionMultiplier: u2p,
        underlyingToSettleMultiplier: f.underlyingToSettleMultiplier,
        quoteToSettleMultiplier: f.quoteToSettleMultiplier, settlCurrency: settl,
        settlePerWhole: currency.perWhole,
        settleName: currency.wholeName, quoteCurrency: f.quoteCurrency ?? "", underlying: f.underlying ?? "",
        lotSize: lot, tickSize: tick, maxOrderQty: f.maxOrderQty.flatMap { $0 > 0 ? $0 : nil },
        takerFee: f.takerFee, makerFee: f.makerFee))
  }

  /// The instrument's identity: its venue and symbol.
  public var instrument: InstrumentID { InstrumentID(venue: venue, symbol: symbol) }

  // MARK: Contracts and units

  /// Contracts per unit typed: 1 for inverse and quanto contracts; for linear contracts and spot
  /// `underlyingToPositionMultiplier` (contracts per whole base currency), 1 when absent.
  public var contractsPerUnit: Double {
    switch kind {
    case .inverse, .quanto: 1
    case .linear, .spot: underlyingToPositionMultiplier ?? 1
    }
  }

  /// What the units are called: `contracts`, or the base currency (`XBT`, `SOL`).
  public var unitName: String {
    switch kind {
    case .inverse, .quanto: "contracts"
    case .linear, .spot: underlyingToPositionMultiplier == nil ? "contracts" : underlying
    }
  }

  public func contracts(units: Double) -> Double { units * contractsPerUnit }
  public func units(contracts: Double) -> Double { contracts / contractsPerUnit }

  /// The lot size in units (an inverse BTC/USD swap: 100 contracts; a BTC/USDT swap: 0.001 BTC).
  public var lotUnits: Double { units(contracts: lotSize) }
  /// The largest order in units, when known.
  public var maxOrderUnits: Double? { maxOrderQty.map { units(contracts: $0) } }
  /// The smallest order in units, when known.
  public var minOrderUnits: Double? { minOrderQty.map { units(contracts: $0) } }

  /// Decimal places a size in units may have: those of the lot in units (0.001 BTC: 3).
  public var unitDecimals: Int { Instrument.decimals(forIncrement: lotUnits) ?? 0 }
  /// Decimal places of a price: those of the tick.
  public var priceDecimals: Int { Instrument.decimals(forIncrement: tickSize) ?? 2 }

  // MARK: Value

  /// The value of `contracts` at `price`, in settlement units (satoshis, …); signed like
  /// `contracts`. Nil for a price that is not positive and finite.
  public func settlementValue(contracts: Double, price: Double) -> Double? {
    guard price > 0, price.isFinite else { return nil }
    switch kind {
    case .inverse: return contracts * abs(multiplier) / price
    case .quanto, .linear, .spot: return contracts * multiplier * price
    }
  }

  /// The notional of `contracts` at `price` in the quote currency (USD for an inverse BTC/USD or
  /// a quanto ETH/USD swap, USDT for a BTC/USDT one).
  public func quoteNotional(contracts: Double, price: Double) -> Double? {
    guard let value = settlementValue(contracts: contracts, price: price) else { return nil }
    return quoteAmount(settlementUnits: value, price: price)
  }

  /// Settlement units expressed in the quote currency at `price`.
  public func quoteAmount(settlementUnits value: Double, price: Double) -> Double? {
    switch kind {
    case .inverse:
      guard let u2s = underlyingToSettleMultiplier, u2s != 0 else { return nil }
      return value / abs(u2s) * price
    case .quanto, .linear, .spot:
      guard let q2s = quoteToSettleMultiplier, q2s != 0 else { return nil }
      return value / q2s
    }
  }

  /// Settlement units in the whole settlement currency (satoshis → XBT).
  public func wholeSettlement(_ settlementUnits: Double) -> Double { settlementUnits / settlePerWhole }

  /// The contracts whose notional at `price` is `quote` (not rounded to a lot).
  public func contracts(quoteNotional quote: Double, price: Double) -> Double? {
    guard let one = quoteNotional(contracts: 1, price: price), one != 0 else { return nil }
    return quote / one
  }

  /// Units (see `contractsPerUnit`) and amount, both ways: units × price → amount.
  public func amount(units: Double, price: Double) -> Double? {
    quoteNotional(contracts: contracts(units: units), price: price)
  }

  /// Amount ÷ price → units (not rounded to a lot).
  public func units(amount: Double, price: Double) -> Double? {
    contracts(quoteNotional: amount, price: price).map { units(contracts: $0) }
  }

  // MARK: Profit and loss

  /// The P&L in settlement units of `contracts` (negative for a short) bought at `entry` and
  /// closed at `exit`: inverse `qty × |multiplier| × (1/entry − 1/exit)`; quanto, linear and
  /// spot `qty × multiplier × (exit − entry)`. Nil for a price that is not positive.
  public func pnl(contracts: Double, entry: Double, exit: Double) -> Double? {
    guard entry > 0, exit > 0, entry.isFinite, exit.isFinite else { return nil }
    switch kind {
    case .inverse: return contracts * abs(multiplier) * (1 / entry - 1 / exit)
    case .quanto, .linear, .spot: return contracts * multiplier * (exit - entry)
    }
  }

  /// The taker fee in settlement units for trading `settlementUnits` of value (0 when unknown).
  public func takerFee(onValue settlementUnits: Double) -> Double {
    abs(settlementUnits) * (takerFee ?? 0)
  }

  // MARK: Prices

  /// `price` on the tick grid (nearest tick).
  public func snapToTick(_ price: Double) -> Double {
    let ticks = (price / tickSize).rounded()
    let decimals = priceDecimals
    return Self.round(ticks * tickSize, decimals: decimals)
  }

  /// `value` rounded to `decimals` places (removing floating noise like 0.30000000000000004).
  static func round(_ value: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<min(max(decimals, 0), 15) { scale *= 10 }
    return (value * scale).rounded() / scale
  }
}

/// Why an instrument cannot be traded on the ticket.
public enum ContractSpecError: Error, Sendable, Hashable, CustomStringConvertible {
  case missing(String)
  case unknownCurrency(String)
  /// The kind of instrument has no paper trading here (an index, an option, a quanto contract of
  /// another venue).
  case notTradable(String)
  /// A venue instrument whose facts (tick, lot, minimum size, contract value) have not arrived.
  case waitingForFacts(venue: String)

  public var description: String {
    switch self {
    case .missing(let field): "the instrument's \(field) is not known yet"
    case .unknownCurrency(let c): "settlement currency \(c) is not supported"
    case .notTradable(let why): why
    case .waitingForFacts(let venue):
      "waiting for \(venue)'s instrument facts (tick, lot, minimum size)"
    }
  }
}
