extension MarketState {
  /// Applies every event of a venue's `batch` that concerns this symbol, and says what changed:
  /// book messages go through the venue's sync rule into the price-keyed book (a fault is
  /// returned for the owner to take the book again), trades onto the tape, tickers into the
  /// instrument (the header's last, 24 h change and volume, VWAP, mark, index and funding). A market made
  /// without a sync rule (BitMEX's) takes no venue batch.
  public mutating func apply(_ batch: VenueBatch) -> MarketChanges {
    var changes = MarketChanges()
    if !changedPrices.isEmpty { changedPrices.clearKeepingCapacity() }
    guard venueBook else { return changes }
    for event in batch.events {
      switch event {
      case let .book(s, update, range) where s == symbol:
        applyLevels(update, batch.levels(range), depth: bookDepth, &changes)
      case let .trades(s, range) where s == symbol:
        applyVenueTrades(batch.trades[range], &changes)
      case let .liquidations(s, range) where s == symbol:
        // Their sizes are the tape's units (`LiquidationLog.Event.size`): one that comes before
        // any trade or book sets the scale as a trade would. The log itself is the app's.
        for l in batch.liquidations[range] { adoptTapeScale(l.size.scale) }
      case let .bbo(s, id?, bid, ask) where s == symbol:
        applyVenueBBO(id, bid, ask, &changes)
      case .connectionSequence(let n):
        applyConnectionSequence(n, &changes)
      case let .ticker(s, index) where s == symbol:
        mergeTicker(InstrumentFields(ticker: batch.tickers[index]))
        changes.instrumentChanged = true
      case let .subscribed(channel, s) where channel == .trades && (s == nil || s == symbol):
        // Trades have no image to wait for: the stream is whole from its acknowledgement.
        markTradesLive()
      default:
        break
      }
    }
    return changes
  }

  /// The rule and the book, taken out of the state to be changed (no second reference to their
  /// storage while they change, which would copy it); the caller puts them back.
  mutating func takeBook() -> (AnyBookSync, PriceBook) {
    let taken = (rule, engine)
    (rule, engine) = (.partial(PartialSync()), PriceBook(priceScale: 0, sizeScale: 0))
    return taken
  }

  /// The rule alone, taken out (see `takeBook`).
  mutating func takeRule() -> AnyBookSync {
    let taken = rule
    rule = .partial(PartialSync())
    return taken
  }

  /// One book message through the book's rule (a venue's, or BitMEX's partial rule): the path
  /// every book takes. `depth` is the subscription's, named in a fault; `minimumPriceScale` the
  /// decimals the instrument's tick needs, when known (a snapshot whose prices happen to need
  /// fewer must not make the next finer price a fault).
  mutating func applyLevels(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, depth: Int?, minimumPriceScale: Int? = nil,
    _ changes: inout MarketChanges
  ) {
    // The book's precision is the decimals the venue writes: a snapshot with more of them than
    // the book holds (the first one, or a venue that changed its tick) starts a book that can.
    if update.kind == .snapshot {
      var (p, s) = (engine.priceScale, engine.sizeScale)
      if let minimumPriceScale { p = max(p, UInt8(clamping: minimumPriceScale)) }
      for l in levels {
        p = max(p, l.price.scale)
        s = max(s, l.size.scale)
      }
      if p != engine.priceScale || s != engine.sizeScale { engine = PriceBook(priceScale: p, sizeScale: s) }
      adoptTapeScale(s)
    }
    // The rule and the book changed where they are stored (two stored properties: no copy of
    // either, so their buffers are never shared while they change).
    let outcome =
      venueBook ? rule.receive(update, levels, book: &engine) : partial.receive(update, levels, book: &engine)
    if outcome.applied {
      changes.bookChanged = true
      if update.kind != .snapshot, tracksChangedPrices {
        for l in levels { changedPrices.append(l.price.doubleValue) }
      }
    }
    settle(outcome, depth: depth, &changes)
  }

  /// What a message's outcome leaves: the drop counted, a snapshot wanted, the fault for the owner
  /// to take the book again, and the book's sync as the rule now stands.
  mutating func settle(_ outcome: SyncOutcome, depth: Int?, _ changes: inout MarketChanges) {
    if outcome.dropped { noteDropped() }
    if outcome.action == .fetchSnapshot { snapshotWanted = true }
    if let fault = outcome.fault {
      changes.faults.append(IntegrityFault(book: Subscription(.book, symbol, depth: depth), fault: fault))
      noteFault()
    }
    let sync: TableSync =
      switch venueBook ? rule.state : partial.state {
      case .live: .live
      case .waiting: .awaitingPartial
      case .resyncing: .faulted
      }
    setBookSync(sync)
  }

  /// The venue's own best bid/ask at a book update id (Binance `@bookTicker`): the bridge
  /// cross-checks the book's top against it, and a mismatch takes the book again. It ran on
  /// recordings only: the live path never handed it to the rule, so a live book was never
  /// checked.
  private mutating func applyVenueBBO(
    _ updateID: UInt64, _ bid: LevelChange, _ ask: LevelChange, _ changes: inout MarketChanges
  ) {
    var (policy, book) = takeBook()
    let outcome = policy.receiveBBO(updateID: updateID, bid: bid, ask: ask, book: &book)
    (rule, engine) = (policy, book)
    if outcome.action == .fetchSnapshot { snapshotWanted = true }
    if let fault = outcome.fault {
      changes.faults.append(IntegrityFault(book: Subscription(.book, symbol, depth: bookDepth), fault: fault))
      noteFault()
      setBookSync(.faulted)
    }
  }

  /// One link of the connection's counter: a gap anywhere on the connection is a gap in the
  /// book's stream too (Coinbase), and the book is taken again.
  private mutating func applyConnectionSequence(_ n: UInt64, _ changes: inout MarketChanges) {
    let gap = connectionSequence.next(n)
    var policy = takeRule()
    let outcome = policy.connectionSequence(gap)
    rule = policy
    if let fault = outcome.fault {
      changes.faults.append(IntegrityFault(book: Subscription(.book, symbol, depth: bookDepth), fault: fault))
      noteFault()
      setBookSync(.faulted)
    }
  }

  private mutating func applyVenueTrades(_ trades: ArraySlice<VenueTrade>, _ changes: inout MarketChanges) {
    markTradesLive()
    for t in trades {
      adoptTapeScale(t.size.scale)
      guard let size = Self.units(t.size, scale: tapeSizeScale) else { continue }
      let trade = Trade(
        timeMs: t.venueTimeMs ?? 0, symbol: symbol, side: t.aggressor == .buy ? .buy : .sell, size: size,
        price: t.price.doubleValue)
      if appendToTape(trade) {
        changes.newTrades += 1
        changes.liveTrades += 1
      }
    }
  }

  /// `value` in integer units of `scale` decimals, rounded half away from zero when it has more
  /// (a trade printed finer than the tape's scale); nil when it does not fit.
  static func units(_ value: FixedDecimal, scale: UInt8) -> Int64? {
    if let exact = value.mantissa(atScale: scale) { return exact }
    guard value.scale > scale else { return nil }
    let p = FixedDecimal.powerOfTen(value.scale - scale)
    let (q, r) = value.mantissa.quotientAndRemainder(dividingBy: p)
    return abs(r) * 2 >= p ? q + (value.mantissa < 0 ? -1 : 1) : q
  }
}
