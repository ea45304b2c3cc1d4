/// Everything tradeterm knows about one symbol's market, kept in step with the feed.
///
/// `apply(_:)` takes a decoded batch, keeps the rows for this symbol, and returns the
/// integrity faults the owner must act on (by resyncing the topic). Each table waits
/// for its partial: deltas before it are dropped, and a partial replaces, never merges.
/// After a fault the book keeps its last good levels for display, drops deltas, and
/// waits for a fresh partial, so one bad message costs one resync, not a loop.
public struct MarketState: Sendable {
  public let symbol: Symbol
  /// The book on show: the one price-keyed engine, kept by `rule` (a venue's) or `partial`
  /// (BitMEX's).
  public internal(set) var engine: PriceBook
  /// The rule that keeps a venue's `engine` (`apply(_: VenueBatch)`); unused for BitMEX.
  var rule: AnyBookSync
  /// BitMEX's rule, the partial one (`apply(_: MarketBatch)`, its levels mapped from ids by the
  /// BitMEX adapter's `BitMEXBookIDs`), held as itself: each message goes through it where it is
  /// stored, not through `AnyBookSync`, whose every call takes the rule out of the enum and puts it
  /// back (hundreds of bytes copied each way, per message).
  var partial = PartialSync()
  /// Whether the book is a venue's, kept by the rule it was made with.
  let venueBook: Bool
  /// A venue's book (`apply(_: VenueBatch)`); nil for BitMEX.
  public var priceBook: PriceBook? { venueBook ? engine : nil }
  /// A venue's book rule; nil for BitMEX (whose rule is the partial one, `PartialSync`).
  public var bookPolicy: AnyBookSync? { venueBook ? rule : nil }
  /// The depth the venue book is subscribed at (its faults name the subscription to take again).
  public let bookDepth: Int?
  /// A venue instrument's facts from its metadata (tick, lot, minimum size, contract value and
  /// kind: REST instruments), nil until they arrive and for BitMEX (whose facts are the
  /// `instrument` row in `instrument`).
  public var instrumentSpec: InstrumentSpec?
  /// Decimals of the trade sizes on the tape (the book's own scale is its `sizeScale`): fixed by
  /// the first snapshot or trade of a venue book, 0 for BitMEX's whole contracts.
  public private(set) var tapeSizeScale: UInt8 = 0
  var tapeScaleKnown = false
  /// The book rule asked for a REST snapshot (a bridge rule, after a subscription or a broken
  /// bridge): the owner fetches it and calls `snapshotAsked()`.
  public internal(set) var snapshotWanted = false
  /// The connection's own message counter (Coinbase's `sequence_num`), followed from the first
  /// message after the book was (re)subscribed.
  var connectionSequence = ConnectionSequence()
  /// The L2 table that last filled `book`.
  public private(set) var bookTable: BookTable?
  public private(set) var bookSync: TableSync = .awaitingPartial
  public private(set) var tradeSync: TableSync = .awaitingPartial
  public private(set) var instrumentSync: TableSync = .awaitingPartial
  public private(set) var tape: TradeTape
  public private(set) var instrument: Instrument
  /// Candles at 1s/1m/5m/1h/1d: REST bins, then the tape (see `CandleSeries` for the overlap
  /// rule). The line chart and the candle chart both read them.
  public private(set) var candles: CandleSet
  /// The newest quote per pool (2026 aggregated feeds interleave Primary and Secondary).
  public private(set) var quotes: [String: Quote] = [:]
  /// Counters for the status line and tests.
  public private(set) var droppedBeforePartial = 0
  public private(set) var faultCount = 0

  /// BitMEX's market of `symbol`; with `bookPolicy`, a venue market whose book that rule keeps
  /// at `bookDepth`.
  public init(
    symbol: Symbol, tapeCapacity: Int = 1_000, bookPolicy: AnyBookSync? = nil, bookDepth: Int? = nil
  ) {
    self.symbol = symbol
    self.bookDepth = bookDepth
    venueBook = bookPolicy != nil
    var policy = bookPolicy ?? .partial(PartialSync())
    var book = PriceBook(priceScale: 0, sizeScale: 0)
    if bookPolicy == nil {
      _ = partial.subscribed(book: &book)
    } else {
      _ = policy.subscribed(book: &book)
    }
    engine = book
    rule = policy
    tape = TradeTape(capacity: tapeCapacity)
    instrument = Instrument(symbol: symbol)
    candles = CandleSet()
  }

  /// The book on show.
  public var book: MarketBook { engine }

  /// The prices of the book levels the last `apply` changed (updates, inserts, deletes; not a
  /// partial's rows), for the ~300 ms flash. Its storage is reused from one apply to the next.
  public internal(set) var changedPrices: [Double] = []
  /// Whether `changedPrices` is kept (a screen flashes them); off where nothing is drawn (`--once`),
  /// which then spends nothing on them.
  public var tracksChangedPrices = true

  /// Applies every event of `batch` that concerns this symbol, and says what changed.
  public mutating func apply(_ batch: MarketBatch) -> MarketChanges {
    var changes = MarketChanges()
    if !changedPrices.isEmpty { changedPrices.clearKeepingCapacity() }
    for event in batch.events {
      switch event {
      case .book(let message):
        applyBook(message, batch, &changes)
      case .trades(let slice):
        applyTrades(slice, batch.trades[slice.rows], &changes)
      case .instrument(let slice):
        applyInstrument(slice, batch.instruments[slice.rows], &changes)
      case .quotes(let slice):
        for q in batch.quotes[slice.rows] where q.symbol == symbol {
          quotes[q.pool ?? ""] = q
          changes.quotesChanged = true
        }
      case .bins:
        // 1-minute bins from the socket only confirm what trades already built.
        break
      default:
        break
      }
    }
    return changes
  }

  /// These tables wait for their partial again (a new connection resets every table; a resync
  /// or a stale resubscribe only its own). Topics of other symbols are ignored. The data stays,
  /// to be shown dimmed until replaced.
  public mutating func resetTables(_ topics: [Subscription]) {
    for topic in topics where topic.symbol.map({ $0 == symbol }) ?? true {
      switch topic.channel {
      case .book:
        bookSync = .awaitingPartial
        connectionSequence.reset()
        guard venueBook else {
          _ = partial.subscribed(book: &engine)
          continue
        }
        var (policy, book) = takeBook()
        if policy.subscribed(book: &book) == .fetchSnapshot { snapshotWanted = true }
        (rule, engine) = (policy, book)
      case .trades: tradeSync = .awaitingPartial
      case .ticker: instrumentSync = .awaitingPartial
      default: break
      }
    }
  }

  /// Whether every table this state follows has its partial and applied cleanly since.
  public var allTablesLive: Bool { bookSync == .live && tradeSync == .live && instrumentSync == .live }

  /// Whether the tables the feed cannot do without (the book and the trades) have their partial
  /// and applied cleanly since. The instrument is auxiliary: its pane says on its own when it is
  /// missing.
  public var requiredTablesLive: Bool { bookSync == .live && tradeSync == .live }

  /// Takes `image` as this symbol's instrument from the all-symbols `instrument` table, which
  /// stays subscribed across a symbol switch (so no fresh partial comes for the new symbol): the
  /// table is live for this symbol from now on. Another symbol's image is ignored.
  public mutating func adopt(instrument image: Instrument) {
    guard image.symbol == symbol else { return }
    var fresh = image
    fresh.keepStaticFacts(from: instrument)
    instrument = fresh
    instrumentSync = .live
  }

  /// Backfills candles from complete REST `trade/bucketed` bins (`partial=false`).
  public mutating func backfillCandles(bins: [TradeBin], interval: CandleInterval) {
    candles.backfill(bins.filter { $0.symbol == symbol }, interval: interval)
  }

  /// Sets instrument facts learned over REST.
  ///
  /// Once the `instrument` table is live for this symbol its rows are the newer: the REST row
  /// (asked for at a symbol switch, answered a moment later) then only fills the fields the table
  /// has not sent, and never puts its older prices (last, 24 h base, change) over the live ones.
  public mutating func merge(instrument update: InstrumentUpdate) {
    guard update.symbol == symbol else { return }
    if instrumentSync == .live {
      instrument.fields.fillMissing(from: update.fields)
    } else {
      instrument.merge(update)
    }
  }

  // MARK: Tables

  /// One BitMEX book message, mapped to price levels by its adapter (`BookMessage.symbol`), through
  /// the partial rule into the book (the same engine and path as a venue's book).
  private mutating func applyBook(
    _ message: BookMessage, _ batch: MarketBatch, _ changes: inout MarketChanges
  ) {
    // A partial names its symbol in `filter`, an all-symbols partial is mapped per symbol, and a
    // delta names its rows' symbol: the adapter made one message per book. Another symbol's is
    // not this book's (a row of another symbol in this symbol's image is not our level: it says
    // nothing against ours, so it is skipped, not a fault).
    guard message.symbol == symbol else { return }
    let table = message.table
    if message.action == .partial {
      bookTable = table
      if partial.depthLimit != table.depthLimit { partial.depthLimit = table.depthLimit }
      if let fault = batch.fault(of: message) {
        // A partial that cannot be mapped (an id given twice): no book until the next one.
        refuse(.snapshot(), fault, depth: table.depthLimit, &changes)
        changes.bookChanged = true
        return
      }
      // The book's decimals: the tick's, or until the tick is known 8 (an empty partial, or one
      // whose prices happen to be whole, must not make the next half-dollar insert a fault); more
      // when the partial's prices are written with more. A price finer still is a fault.
      applyLevels(
        .snapshot(), batch.bookLevels[message.levels], depth: table.depthLimit,
        minimumPriceScale: Instrument.decimals(forIncrement: instrument.tickSize) ?? 8, &changes)
      return
    }
    guard bookSync == .live, table == bookTable else {
      noteDropped()
      return
    }
    if let fault = batch.fault(of: message) {
      refuse(.delta(), fault, depth: table.depthLimit, &changes)
      return
    }
    applyLevels(.delta(), batch.bookLevels[message.levels], depth: table.depthLimit, &changes)
  }

  /// A message the adapter could not map (`BookMessage.faultIndex`), through the rule.
  private mutating func refuse(
    _ update: BookUpdate, _ fault: BookSyncFault, depth: Int?, _ changes: inout MarketChanges
  ) {
    let outcome = partial.refuse(update, fault, book: &engine)
    settle(outcome, depth: depth, &changes)
  }

  // MARK: For the venue path (`MarketState+Venue`)

  /// Fixes the tape's size scale at the first snapshot or trade.
  mutating func adoptTapeScale(_ scale: UInt8) {
    guard !tapeScaleKnown else { return }
    tapeSizeScale = scale
    tapeScaleKnown = true
  }

  mutating func markTradesLive() { tradeSync = .live }

  /// The REST snapshot the book rule wanted has been asked for.
  public mutating func snapshotAsked() { snapshotWanted = false }
  mutating func noteDropped() { droppedBeforePartial += 1 }
  mutating func noteFault() { faultCount += 1 }
  mutating func setBookSync(_ sync: TableSync) { bookSync = sync }

  /// Merges a venue ticker's fields into the instrument (a field it lacks stays as it was): the
  /// instrument's prices are live from the first ticker on.
  mutating func mergeTicker(_ fields: InstrumentFields) {
    instrument.fields.merge(fields)
    instrumentSync = .live
  }

  /// Puts `trade` on the tape and the candles (the charts'); false when the tape already had it.
  mutating func appendToTape(_ trade: Trade) -> Bool {
    guard tape.append(trade) else { return false }
    candles.add(trade: trade)
    return true
  }

  private mutating func applyTrades(
    _ slice: TableSlice, _ rows: ArraySlice<Trade>, _ changes: inout MarketChanges
  ) {
    let partial = slice.action == .partial
    if partial {
      guard slice.filterSymbol.map({ $0 == symbol }) ?? true else { return }
      tradeSync = .live
    } else if tradeSync != .live {
      if rows.contains(where: { $0.symbol == symbol }) { droppedBeforePartial += 1 }
      return
    }
    for trade in rows where trade.symbol == symbol {
      if tape.append(trade) {
        candles.add(trade: trade)
        changes.newTrades += 1
        if !partial { changes.liveTrades += 1 }
      }
    }
  }

  private mutating func applyInstrument(
    _ slice: TableSlice, _ rows: ArraySlice<InstrumentUpdate>, _ changes: inout MarketChanges
  ) {
    if slice.action == .partial {
      guard let row = rows.first(where: { $0.symbol == symbol }) else { return }
      // A partial is a full image: start again from it, keeping nothing stale — but
      // the contract's fixed facts learned over REST stay if the image lacks them.
      var fresh = Instrument(row)
      fresh.keepStaticFacts(from: instrument)
      instrument = fresh
      instrumentSync = .live
      changes.instrumentChanged = true
      return
    }
    guard instrumentSync == .live else {
      if rows.contains(where: { $0.symbol == symbol }) { droppedBeforePartial += 1 }
      return
    }
    for row in rows where row.symbol == symbol {
      instrument.merge(row)
      changes.instrumentChanged = true
    }
  }
}
