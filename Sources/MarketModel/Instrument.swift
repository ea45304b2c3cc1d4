/// The merged state of one instrument: the `partial` image with every later `update`
/// applied. Fields stay nil until a row has carried them; they read and write as the
/// instrument's own (`instrument.markPrice`; see `InstrumentFields`).
///
/// BitMEX `update` rows carry only the fields that changed (plus `symbol`), so `merge`
/// overwrites a field only when the update has it; a missing field never clears one.
@dynamicMemberLookup
public struct Instrument: Sendable, Hashable {
  public let symbol: Symbol
  /// Everything known about the instrument, field by field.
  public var fields = InstrumentFields()

  /// An instrument known only by name.
  public init(symbol: Symbol) {
    self.symbol = symbol
  }

  /// An instrument built from one row (typically the `partial`).
  public init(_ update: InstrumentUpdate) {
    symbol = update.symbol
    fields = update.fields
  }

  /// A field of the instrument.
  @inlinable
  public subscript<Value>(dynamicMember path: WritableKeyPath<InstrumentFields, Value>) -> Value {
    get { fields[keyPath: path] }
    set { fields[keyPath: path] = newValue }
  }

  /// Applies the fields `update` carries, leaving the others as they were.
  ///
  /// - Returns: false, changing nothing, when `update` is for another symbol.
  @discardableResult
  public mutating func merge(_ update: InstrumentUpdate) -> Bool {
    guard update.symbol == symbol else { return false }
    fields.merge(update.fields)
    return true
  }

  /// The index price (BitMEX's `indicativeSettlePrice`).
  public var indexPrice: Double? { fields.indicativeSettlePrice }

  /// The 24-hour change as a fraction: `lastChangePcnt` when sent, else computed from
  /// `lastPrice` and `prevPrice24h`; nil when neither is available.
  public var change24h: Double? {
    if let sent = fields.lastChangePcnt { return sent }
    guard let last = fields.lastPrice, let previous = fields.prevPrice24h, previous != 0 else { return nil }
    return last / previous - 1
  }

  /// Decimal places to show prices with: those implied by `tickSize` (0.5 → 1, 0.01 → 2,
  /// 1e-8 → 8, 1 → 0, 5 → 0), or 2 when the tick size is unknown or unusable.
  public var priceDecimals: Int { Self.decimals(forIncrement: fields.tickSize) ?? 2 }

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
    guard let fundingTimeMs = fields.fundingTimeMs else { return nil }
    // Times from the wire: their difference cannot trap, whatever they are.
    let (left, overflow) = fundingTimeMs.subtractingReportingOverflow(now)
    if overflow { return fundingTimeMs > now ? .max : 0 }
    return max(0, left)
  }

  /// The midpoint of the instrument's bid and ask, when both are known.
  public var midPrice: Double? {
    guard let bidPrice = fields.bidPrice, let askPrice = fields.askPrice else { return nil }
    return (bidPrice + askPrice) / 2
  }
}
