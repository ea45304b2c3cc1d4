import MarketModel

/// What an order of a given size would cost if it walked the book now: taking liquidity from
/// the asks for a buy, from the bids for a sell, level by level from the best.
///
/// The average price is the one at which the whole fill is worth what its levels are worth
/// together: for linear contracts the size-weighted mean, for inverse ones the harmonic mean
/// (BitMEX averages inverse fills that way, as their value is `size / price`).
public struct Sweep: Sendable, Hashable {
  public var side: Side
  /// Contracts asked for.
  public var requested: Double
  /// Contracts the book in view can fill (≤ `requested`).
  public var filled: Double
  /// The average fill price; nil when nothing fills.
  public var averagePrice: Double?
  /// The last (worst) price reached; nil when nothing fills.
  public var worstPrice: Double?
  /// Levels taken from (the last one perhaps in part).
  public var levels: Int
  /// Levels on that side of the book in view.
  public var levelsInView: Int
  /// The book's mid when it has both sides.
  public var mid: Double?
  /// The filled part's value in settlement units.
  public var value: Double
  /// The taker fee on it, in settlement units.
  public var fee: Double

  /// Whether the whole size fills within the book in view.
  public var complete: Bool { filled >= requested && requested > 0 }

  /// The filled share of the size, 0…1.
  public var fillFraction: Double { requested > 0 ? min(1, filled / requested) : 0 }

  /// Slippage of the average price against the mid, in basis points, signed as a cost: paying
  /// above the mid on a buy (or receiving below it on a sell) is positive.
  public var slippageBps: Double? {
    guard let mid, mid > 0, let averagePrice else { return nil }
    let move = (averagePrice - mid) / mid * 10_000
    return side == .buy ? move : -move
  }

  /// Walks `book` for `contracts` on `side` (`.buy` takes the asks), contracts being the book's
  /// own size unit (BitMEX contracts; a venue's base asset or contracts, at its `sizeScale`).
  public static func walk(_ book: some BookLevels, side: Side, contracts: Double, spec: ContractSpec) -> Sweep
  {
    let bookSide: Side = side == .buy ? .sell : .buy
    var sweep = Sweep(
      side: side, requested: max(0, contracts), filled: 0, averagePrice: nil, worstPrice: nil, levels: 0,
      levelsInView: book.count(bookSide), mid: book.mid, value: 0, fee: 0)
    guard contracts > 0 else { return sweep }
    var left = contracts
    var value = 0.0
    let perContract = Double(FixedDecimal.powerOfTen(book.sizeScale))
    book.forEachLevel(bookSide) { level in
      // A level's size is in integer units of the book's scale (a venue's 0.5 BTC at scale 8 is
      // 50,000,000): contracts are whole venue units.
      let take = min(left, Double(level.size) / perContract)
      guard take > 0, let v = spec.settlementValue(contracts: take, price: level.price) else { return true }
      value += v
      left -= take
      sweep.filled += take
      sweep.levels += 1
      sweep.worstPrice = level.price
      return left > 0
    }
    sweep.value = value
    sweep.fee = spec.takerFee(onValue: value)
    if sweep.filled > 0 {
      sweep.averagePrice = averagePrice(value: value, contracts: sweep.filled, spec: spec)
    }
    return sweep
  }

  /// The price at which `contracts` are worth `value` settlement units.
  static func averagePrice(value: Double, contracts: Double, spec: ContractSpec) -> Double? {
    guard contracts > 0, value > 0 else { return nil }
    switch spec.kind {
    case .inverse: return contracts * abs(spec.multiplier) / value
    case .quanto, .linear, .spot: return value / (contracts * spec.multiplier)
    }
  }

  /// The total cost in settlement units: the value plus the fee on a buy, the value less the
  /// fee on a sell (what is received).
  public var totalSettlement: Double { side == .buy ? value + fee : value - fee }

  /// The total in the quote currency at the average price.
  public func totalQuote(_ spec: ContractSpec) -> Double? {
    guard let averagePrice else { return nil }
    return spec.quoteAmount(settlementUnits: totalSettlement, price: averagePrice)
  }

  /// The fee in the quote currency at the average price.
  public func feeQuote(_ spec: ContractSpec) -> Double? {
    guard let averagePrice else { return nil }
    return spec.quoteAmount(settlementUnits: fee, price: averagePrice)
  }

  /// What to say when the book in view cannot fill the size: `fills 62 % within the 25 levels
  /// subscribed; --depth full for the whole book` (or, with the whole book, that it is not deep
  /// enough). Nil when it fills.
  public func shortfall(depthLimit: Int?) -> String? {
    guard requested > 0, !complete else { return nil }
    let percent = Int((fillFraction * 100).rounded(.down))
    if let depthLimit {
      return "fills \(percent) % within the \(depthLimit) levels subscribed; --depth full for the whole book"
    }
    return "fills \(percent) %: the whole book (\(levelsInView) levels) is not deep enough"
  }
}
