/// The markets screen's derived columns, as pure functions of one instrument row (and, for USD
/// values, the `Rates` every screen shares).
///
/// Contract value, from the row's own factors (never a symbol table): inverse contracts are
/// worth `|multiplier|` settlement units of the quote currency (an inverse BTC/USD swap: −10^8,
/// one USD); quanto and linear ones `multiplier × price` settlement units. Settlement units are
/// the currency's as the venue's adapter read its code (`InstrumentFields.settlement`: satoshis,
/// millionths of a USDT, or whole), each valued in USD at `Rates`.
extension Instrument {
  /// The 24-hour change in percent (+1.23 for +1.23 %): `change24h` × 100.
  public var change24hPercent: Double? { change24h.map { $0 * 100 } }

  /// The USD value of `amount` settlement units (`InstrumentFields.settlement`); nil when the currency is
  /// unknown or has no rate in `rates` (EUR; Bitcoin without a price).
  public func settlementToUSD(_ amount: Double, rates: Rates) -> Double? {
    fields.settlement?.usd(amount, rates: rates)
  }

  /// Whether contracts are sized in US dollars: an inverse contract quoted in USD.
  var isUSDInverse: Bool { fields.isInverse == true && fields.quoteCurrency == "USD" }

  /// The 24-hour volume in USD. The rule: an inverse USD-quoted contract counts USD, so
  /// `volume24h × |multiplier| / 10^8` (one USD a contract: volume24h itself); any other
  /// contract's `turnover24h` (the sum of its trades' values in settlement units) converted to
  /// USD at `rates` (USDT at par, satoshis at Bitcoin's rate). Nil when the row lacks the fields.
  public func volume24hUSD(rates: Rates) -> Double? {
    if isUSDInverse, let volume = fields.volume24h, let multiplier = fields.multiplier {
      return volume * abs(multiplier) / 1e8
    }
    guard let turnover = fields.turnover24h else { return nil }
    return settlementToUSD(turnover, rates: rates)
  }

  /// The value of `contracts` at `price`, in settlement units: inverse `|multiplier| / price`
  /// each, others `multiplier × price`. Nil without the multiplier or a positive price.
  public func contractValue(_ contracts: Double, at price: Double?) -> Double? {
    guard let multiplier = fields.multiplier, let price, price > 0 else { return nil }
    if fields.isInverse == true { return contracts * abs(multiplier) / price }
    return contracts * multiplier * price
  }

  /// Open interest in USD: inverse USD-quoted contracts count USD; others are valued at the mark
  /// (else the last price) and converted like `volume24hUSD`. Nil for spot, which has none.
  public func openInterestUSD(rates: Rates) -> Double? {
    guard let openInterest = fields.openInterest, MarketKind(typ: fields.typ) != .spot else { return nil }
    if isUSDInverse, let multiplier = fields.multiplier { return openInterest * abs(multiplier) / 1e8 }
    guard let value = contractValue(openInterest, at: fields.markPrice ?? fields.lastPrice) else {
      return nil
    }
    return settlementToUSD(value, rates: rates)
  }

  /// The bid-ask spread in basis points of the mid price; nil without both sides or when crossed.
  public var spreadBps: Double? {
    guard let bid = fields.bidPrice, let ask = fields.askPrice, bid > 0, ask >= bid else { return nil }
    return (ask - bid) / ((ask + bid) / 2) * 10_000
  }

  /// The basis, as a trader reads it: the contract's price (the mark, the exchange's fair price;
  /// else the last) minus the index it tracks (the spot), in price units; positive in contango.
  /// Nil for spot and indices, which have no basis, and without the prices.
  public var basis: Double? {
    guard kind.hasBasis, let index = fields.indicativeSettlePrice, index > 0,
      let price = fields.markPrice ?? fields.lastPrice
    else { return nil }
    return price - index
  }

  /// A dated future's basis as a yearly rate, in percent: `basis / index × (365 days / time to
  /// expiry) × 100`, the time to expiry counted from the row's own time. Nil for perpetuals
  /// (funding pays their basis), without an expiry or the row's time, and in the last hour
  /// before expiry (the rate runs away as the time goes to 0).
  public var basisAnnualPercent: Double? {
    guard case .future(let expiry?) = kind, let now = fields.timeMs, let basis,
      let index = fields.indicativeSettlePrice
    else { return nil }
    let left = Double(expiry) - Double(now)
    guard left >= 3_600_000 else { return nil }
    return basis / index * (365 * 86_400_000 / left) * 100
  }

  /// The funding rate in percent per interval, for a perpetual; nil for other kinds.
  public var fundingPercent: Double? {
    guard MarketKind(typ: fields.typ).funds, let rate = fields.fundingRate else { return nil }
    return rate * 100
  }

  /// The kind of market, with a future's expiry.
  public var kind: MarketKind { MarketKind(typ: fields.typ, expiryMs: fields.expiryMs) }
}
