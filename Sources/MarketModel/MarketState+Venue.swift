extension MarketState {
  /// Applies every event of a venue's `batch` that concerns this symbol, and says what changed:
  /// book messages go through the venue's sync rule into the price-keyed book (a fault is
  /// returned for the owner to take the book again), trades onto the tape, tickers into the
  /// instrument (the header's last, 24 h change and volume, VWAP, mark, index and funding). A market made
  /// without a sync rule (BitMEX's) takes no venue batch.
  public mutating func apply(_ batch: VenueBatch) -> MarketChanges {
    var changes = MarketChanges()
    if !changedPrices.isEmpty { changedPrices.clearKeepingCapacity() }
    guard bookPolicy != nil else { return changes }
    for event in batch.events {
      switch event {
      case let .book(s, update, range) where s == symbol:
        applyVenueBook(update, batch.levels(range), &changes)
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

  private mutating func applyVenueBook(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, _ changes: inout MarketChanges
  ) {
    guard var policy = bookPolicy, var book = priceBook else { return }
    // The book's precision is the decimals the venue writes: a snapshot with more of them than
    // the book holds (the first one, or a venue that changed its tick) starts a book that can.
    if update.kind == .snapshot {
      var (p, s) = (book.priceScale, book.sizeScale)
      for l in levels {
        p = max(p, l.price.scale)
        s = max(s, l.size.scale)
      }
      if p != book.priceScale || s != book.sizeScale { book = PriceBook(priceScale: p, sizeScale: s) }
      adoptTapeScale(s)
    }
    (bookPolicy, priceBook) = (nil, nil)  // no second reference while the rule changes them
    let outcome = policy.receive(update, levels, book: &book)
    (bookPolicy, priceBook) = (policy, book)
    if outcome.applied {
      changes.bookChanged = true
      if update.kind != .snapshot {
        for l in levels { changedPrices.append(l.price.doubleValue) }
      }
    }
    if outcome.dropped { noteDropped() }
    if outcome.action == .fetchSnapshot { snapshotWanted = true }
    if let fault = outcome.fault {
      changes.faults.append(IntegrityFault(book: Subscription(.book, symbol, depth: bookDepth), fault: fault))
      noteFault()
    }
    let sync: TableSync =
      switch policy.state {
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
    guard var policy = bookPolicy, var book = priceBook else { return }
    (bookPolicy, priceBook) = (nil, nil)
    let outcome = policy.receiveBBO(updateID: updateID, bid: bid, ask: ask, book: &book)
    (bookPolicy, priceBook) = (policy, book)
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
    guard var policy = bookPolicy else { return }
    let gap = connectionSequence.next(n)
    bookPolicy = nil
    let outcome = policy.connectionSequence(gap)
    bookPolicy = policy
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
