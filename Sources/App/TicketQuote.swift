import MarketModel
import Screen
import Trading

/// Everything the ticket shows, worked out from its state and the live market: the contract,
/// both size fields (one typed, one computed), the size check, the sweep and whether Confirm
/// can act (and why not). Pure.
struct TicketQuote {
  var spec: ContractSpec?
  /// Why the instrument cannot be traded here, when `spec` is nil.
  var specError: String?
  var unitsText: String
  var amountText: String
  var verdict: SizeCheck.Verdict
  /// The price the amount is worked out at: BUY (the best ask) for a buy, SELL for a sell, or
  /// the limit price.
  var referencePrice: Double?
  /// The typed limit price on the tick grid, for a limit order.
  var limitPrice: Double?
  var sweep: Sweep?
  /// Whether Confirm fills at once: a market order, or a limit priced through the book when the
  /// book in view fills it within the limit (a live book). Any other limit rests.
  var marketable = false
  /// For a limit that rests: the contracts already at its price on its side, ahead of it.
  var queueAhead: Double?
  /// Why Confirm is dimmed, or nil when it can act.
  var blocked: String?
  var bookStale: Bool
  var bookAgeMs: Int64?

  /// Decimal places of the amount field.
  static func amountDecimals(_ spec: ContractSpec) -> Int { max(2, min(spec.priceDecimals, 8)) }

  /// Units computed from an amount: on the lot when within a rounding error of it (an amount
  /// typed to the cent), else with three more decimals than the lot, so that the size check
  /// says which lots are nearest rather than the ticket rounding silently.
  static func unitsText(_ units: Double, _ spec: ContractSpec) -> String {
    let lots = spec.contracts(units: units) / spec.lotSize
    if abs(lots - lots.rounded()) < 0.005 {
      return SizeCheck.fieldText(lots.rounded() * spec.lotUnits, decimals: spec.unitDecimals)
    }
    return SizeCheck.fieldText(units, decimals: spec.unitDecimals + 3)
  }

  init(_ s: AppState, _ t: TicketState) {
    let market = s.market
    bookStale =
      !s.session.bookIsLive || s.session.bookIsSilent(now: s.now, limit: DashboardView.bookSilentAfter)
    bookAgeMs = s.age(of: s.session.bookDataAt)
    unitsText = t.unitsText
    amountText = t.amountText
    verdict = .invalid("enter a size")
    switch App.contractSpec(s) {
    case .success(let spec): self.spec = spec
    case .failure(let error): specError = error.description
    }
    guard let spec else {
      blocked = specError
      return
    }
    let touch = t.side == .buy ? market.book.bestAsk?.price : market.book.bestBid?.price
    if t.type == .limit, let typed = Double(t.priceText), typed > 0 {
      limitPrice = spec.snapToTick(typed)
    }
    referencePrice = t.type == .limit ? (limitPrice ?? touch) : touch
    // The field not typed last follows the one that was, at the reference price.
    if let price = referencePrice {
      if t.source == .amount {
        if let amount = Double(t.amountText), let units = spec.units(amount: amount, price: price) {
          unitsText = Self.unitsText(units, spec)
        } else {
          unitsText = ""
        }
      } else if let units = Double(t.unitsText), let amount = spec.amount(units: units, price: price) {
        amountText = SizeCheck.fieldText(amount, decimals: Self.amountDecimals(spec))
      } else {
        amountText = ""
      }
    } else if t.source == .amount {
      unitsText = ""
    } else {
      amountText = ""
    }
    verdict = SizeCheck.check(unitsText: unitsText, spec: spec)
    if case .valid(let contracts) = verdict {
      sweep = Sweep.walk(market.book, side: t.side, contracts: contracts, spec: spec)
    }
    marketable = t.type == .market
    if t.type == .limit, let limit = limitPrice, let sweep, sweep.complete, let worst = sweep.worstPrice,
      !bookStale
    {
      marketable = t.side == .buy ? worst <= limit : worst >= limit
    }
    if t.type == .limit, !marketable, let limit = limitPrice {
      // The contracts already resting at the price on the order's side are ahead of it.
      var ahead = 0.0
      let perContract = Double(FixedDecimal.powerOfTen(market.book.sizeScale))
      market.book.forEachLevel(t.side) { level in
        if level.price == limit { ahead = Double(level.size) / perContract }
        return t.side == .buy ? level.price > limit : level.price < limit
      }
      queueAhead = ahead
    }
    blocked = Self.blocker(s, t, self)
  }

  /// Why Confirm cannot place the order now, the first reason that applies.
  private static func blocker(_ s: AppState, _ t: TicketState, _ q: TicketQuote) -> String? {
    if case .invalid(let reason) = q.verdict { return reason }
    if let readOnly = s.paper.readOnly { return readOnly }
    if q.referencePrice == nil && t.type == .market { return "no price: the book is empty" }
    if t.type == .limit {
      guard q.limitPrice != nil else { return "enter a limit price" }
      return nil
    }
    if q.bookStale { return "the book is not live: no market order on old prices" }
    if let sweep = q.sweep, !sweep.complete {
      return "the book in view cannot fill it (see the sweep)"
    }
    return nil
  }
}
