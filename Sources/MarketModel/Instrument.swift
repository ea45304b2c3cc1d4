/// The merged state of one instrument: the `partial` image with every later `update`
/// applied. Fields stay nil until a row has carried them.
///
/// BitMEX `update` rows carry only the fields that changed (plus `symbol`), so `merge`
/// overwrites a field only when the update has it; a missing field never clears one.
public struct Instrument: Sendable, Hashable {
  public let symbol: Symbol
  /// `Open`, `Closed`, `Unlisted`, `Settled`…
  public var state: String?
  /// The instrument type code (`FFWCSX` perpetual, `FFCCSX` future, `IFXXXP` spot, `MRCXXX` index…).
  public var typ: String?
  public var underlying: String?
  public var quoteCurrency: String?
  public var settlCurrency: String?
  /// The price increment; it changes over time, so always take it from the feed.
  public var tickSize: Double?
  /// The size increment, in contracts.
  public var lotSize: Double?
  public var multiplier: Double?
  public var underlyingToPositionMultiplier: Double?
  public var isInverse: Bool?
  public var lastPrice: Double?
  public var lastTickDirection: TickDirection?
  /// The 24-hour change as a fraction (0.0123 = +1.23 %), as BitMEX sends it.
  public var lastChangePcnt: Double?
  public var prevPrice24h: Double?
  public var markPrice: Double?
  /// The index (settlement reference) price.
  public var indicativeSettlePrice: Double?
  /// The current funding rate, as a fraction per funding interval.
  public var fundingRate: Double?
  /// The predicted next funding rate, as a fraction per funding interval.
  public var indicativeFundingRate: Double?
  /// When the next funding happens, milliseconds since the Unix epoch.
  public var fundingTimeMs: Int64?
  public var volume24h: Double?
  public var turnover24h: Double?
  public var openInterest: Double?
  /// The 24-hour high.
  public var highPrice: Double?
  /// The 24-hour low.
  public var lowPrice: Double?
  /// Best bid on BitMEX's 5 s instrument timer; use `quote` for a live BBO.
  public var bidPrice: Double?
  /// Best ask on BitMEX's 5 s instrument timer; use `quote` for a live BBO.
  public var askPrice: Double?
  /// The time of the last merged row that carried one.
  public var timeMs: Int64?

  /// An instrument known only by name.
  public init(symbol: Symbol) {
    self.symbol = symbol
  }

  /// An instrument built from one row (typically the `partial`).
  public init(_ update: InstrumentUpdate) {
    self.init(symbol: update.symbol)
    merge(update)
  }

  /// Applies the fields `update` carries, leaving the others as they were.
  ///
  /// - Returns: false, changing nothing, when `update` is for another symbol.
  @discardableResult
  public mutating func merge(_ update: InstrumentUpdate) -> Bool {
    guard update.symbol == symbol else { return false }
    if let v = update.state { state = v }
    if let v = update.typ { typ = v }
    if let v = update.underlying { underlying = v }
    if let v = update.quoteCurrency { quoteCurrency = v }
    if let v = update.settlCurrency { settlCurrency = v }
    if let v = update.tickSize { tickSize = v }
    if let v = update.lotSize { lotSize = v }
    if let v = update.multiplier { multiplier = v }
    if let v = update.underlyingToPositionMultiplier { underlyingToPositionMultiplier = v }
    if let v = update.isInverse { isInverse = v }
    if let v = update.lastPrice { lastPrice = v }
    if let v = update.lastTickDirection { lastTickDirection = v }
    if let v = update.lastChangePcnt { lastChangePcnt = v }
    if let v = update.prevPrice24h { prevPrice24h = v }
    if let v = update.markPrice { markPrice = v }
    if let v = update.indicativeSettlePrice { indicativeSettlePrice = v }
    if let v = update.fundingRate { fundingRate = v }
    if let v = update.indicativeFundingRate { indicativeFundingRate = v }
    if let v = update.fundingTimeMs { fundingTimeMs = v }
    if let v = update.volume24h { volume24h = v }
    if let v = update.turnover24h { turnover24h = v }
    if let v = update.openInterest { openInterest = v }
    if let v = update.highPrice { highPrice = v }
    if let v = update.lowPrice { lowPrice = v }
    if let v = update.bidPrice { bidPrice = v }
    if let v = update.askPrice { askPrice = v }
    if let v = update.timeMs { timeMs = v }
    return true
  }

  /// The index price (BitMEX's `indicativeSettlePrice`).
  public var indexPrice: Double? { indicativeSettlePrice }

  /// The 24-hour change as a fraction: `lastChangePcnt` when sent, else computed from
  /// `lastPrice` and `prevPrice24h`; nil when neither is available.
  public var change24h: Double? {
    if let sent = lastChangePcnt { return sent }
    guard let last = lastPrice, let previous = prevPrice24h, previous != 0 else { return nil }
    return last / previous - 1
  }

  /// Decimal places to show prices with: those implied by `tickSize` (0.5 → 1, 0.01 → 2,
  /// 1e-8 → 8, 1 → 0, 5 → 0), or 2 when the tick size is unknown or unusable.
  public var priceDecimals: Int { Self.decimals(forIncrement: tickSize) ?? 2 }

  /// Decimal places needed to write multiples of `increment` exactly, tolerating the
  /// floating-point noise of decimal values (0.1 is not exactly representable).
  /// Nil for a missing, non-positive or non-finite increment; at most 12.
  public static func decimals(forIncrement increment: Double?) -> Int? {
    guard let increment, increment.isFinite, increment > 0 else { return nil }
    // The smallest d for which increment × 10^d is (nearly) a whole number. Powers of ten
    // up to 1e22 are exact in Double, so the only error is the increment's own.
    var scale = 1.0
    for d in 0...12 {
      let scaled = increment * scale
      let whole = scaled.rounded()
      // `whole >= 1`: a tiny increment must not pass as "nearly 0".
      if whole >= 1 && abs(scaled - whole) <= 1e-9 * whole { return d }
      scale *= 10
    }
    return 12
  }

  /// Milliseconds from `now` until the next funding, 0 once it is due (until an update
  /// moves `fundingTimeMs` on), nil when the funding time is unknown.
  public func fundingCountdown(now: Int64) -> Int64? {
    guard let fundingTimeMs else { return nil }
    return max(0, fundingTimeMs - now)
  }

  /// The midpoint of the instrument's bid and ask, when both are known.
  public var midPrice: Double? {
    guard let bidPrice, let askPrice else { return nil }
    return (bidPrice + askPrice) / 2
  }
}
