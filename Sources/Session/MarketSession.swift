import MarketModel

/// The UI side of the feed, one path for every front end (the dashboard, `--once`, the soak tool,
/// the integration tests): a drained `FeedUpdate` and its batch in, the market state kept in step,
/// and what changed plus typed commands for the feed out.
///
/// Pure: no clock is read (`now` comes in), no I/O. Only the tables the feed names are reset, so a
/// resync of the book leaves the tape and the instrument running.
public struct MarketSession: Sendable {
  /// The watched symbol's market.
  public internal(set) var market: MarketState
  /// Whether the market keeps the prices each batch changed (`MarketState.changedPrices`, which a
  /// screen flashes): off for a run that draws nothing.
  public var tracksChangedPrices = true {
    didSet { market.tracksChangedPrices = tracksChangedPrices }
  }
  /// Every instrument, live from the all-symbols `instrument` table (the markets list); it
  /// outlives symbol switches. Its times are `MonotonicTime` in milliseconds.
  public internal(set) var markets = MarketUniverse()
  /// The newest status from the feed, if any arrived yet.
  public private(set) var status: FeedStatus?
  /// Messages the feed could not decode (skipped), since the session started.
  public private(set) var decodeErrors = 0
  /// The last decode error in words.
  public private(set) var lastDecodeError: String?
  /// When the last decode error was drained.
  public private(set) var lastDecodeErrorAt: MonotonicTime?
  /// Rows skipped because they were malformed (an instrument row of the all-symbols partial),
  /// the rest of their message kept, since the session started.
  public private(set) var skippedRows = 0
  /// The last skipped row in words, and when it was drained.
  public private(set) var lastSkippedRow: String?
  public private(set) var lastSkippedRowAt: MonotonicTime?
  /// The last integrity fault (why the book resyncs) and when it came.
  public private(set) var lastFault: IntegrityFault?
  public private(set) var lastFaultAt: MonotonicTime?
  /// Resyncs asked for because the book stopped adding up.
  public private(set) var resyncs = 0
  /// Drains that reset at least one table.
  public private(set) var resets = 0
  /// Why recording stopped, once it has.
  public private(set) var recorderFailure: String?
  /// When the book last changed (a partial or a delta applied). Each table has its own age: a
  /// silent book is old while the tape is fresh.
  public private(set) var bookDataAt: MonotonicTime?
  /// When the tape last took a trade.
  public private(set) var tapeDataAt: MonotonicTime?
  /// When the instrument (prices, funding) last changed.
  public private(set) var instrumentDataAt: MonotonicTime?
  /// Where a replay is (replays only).
  public private(set) var replay: ReplayPosition?

  /// A venue's book rule as it is before any message (`nil`: BitMEX's own path): each market of
  /// the session starts from it.
  public let bookPolicy: AnyBookSync?
  /// The depth a venue's book is subscribed at.
  public let bookDepth: Int?

  /// A session watching `symbol`, with an empty market: BitMEX's, or with `bookPolicy` a venue's
  /// whose book that rule keeps at `bookDepth`; its markets list is `venue`'s.
  public init(
    symbol: Symbol, tapeCapacity: Int = 1_000, bookPolicy: AnyBookSync? = nil, bookDepth: Int? = nil,
    venue: InstrumentID.Venue = .bitmex
  ) {
    self.bookPolicy = bookPolicy
    self.bookDepth = bookDepth
    markets = MarketUniverse(venue: venue)
    market = MarketState(
      symbol: symbol, tapeCapacity: tapeCapacity, bookPolicy: bookPolicy, bookDepth: bookDepth)
  }

  /// An empty market for `symbol` as this session keeps its markets: its book rule and depth, the
  /// tape's size, whether changed prices are kept.
  private func newMarket(_ symbol: Symbol) -> MarketState {
    var fresh = MarketState(
      symbol: symbol, tapeCapacity: market.tape.capacity, bookPolicy: bookPolicy, bookDepth: bookDepth)
    fresh.tracksChangedPrices = tracksChangedPrices
    return fresh
  }

  /// What one `ingest` did.
  public struct Step: Sendable, Hashable {
    /// What the market's apply changed.
    public var changes = MarketChanges()
    /// What the feed must be asked to do (a resync of each faulted topic).
    public var commands: [FeedCommand] = []
    /// A new status arrived.
    public var statusChanged = false
    /// The tables that were reset and wait for their partial.
    public var resetTopics: [Subscription] = []
    /// Messages skipped since the last drain.
    public var decodeErrors = 0
    /// Malformed rows skipped (their messages kept) since the last drain.
    public var skippedRows = 0
    /// Recording just stopped, with this reason.
    public var recorderFailure: String?
    /// Rows of the markets list that changed.
    public var marketsChanged = 0
    /// The market started again empty (a replay went back).
    public var rewound = false
    /// The replay's position moved.
    public var replayMoved = false

    public init() {}

    /// Whether anything shown on screen may have changed.
    public var changedAnything: Bool {
      changes.anything || statusChanged || !resetTopics.isEmpty || decodeErrors > 0 || skippedRows > 0
        || recorderFailure != nil
        || rewound || replayMoved
    }
  }

  /// Takes one drain of the feed: the reset tables first (they were reset before the batch's
  /// newer frames arrived), then the batch, then the status.
  public mutating func ingest(_ update: FeedUpdate, _ batch: MarketBatch, now: MonotonicTime) -> Step {
    var step = begin(update, skippedRows: batch.skippedRows, lastSkippedRow: batch.lastSkippedRow, now: now)
    if !batch.isEmpty {
      step.changes = market.apply(batch)
      step.marketsChanged = markets.apply(batch, now: now.nanoseconds / 1_000_000)
    }
    return finish(step, update, now: now)
  }

  /// `ingest` of a venue's batch (a session made with a book rule): its tickers go to the
  /// markets list too.
  public mutating func ingest(_ update: FeedUpdate, _ batch: VenueBatch, now: MonotonicTime) -> Step {
    var step = begin(update, skippedRows: 0, lastSkippedRow: nil, now: now)
    if !batch.events.isEmpty {
      step.changes = market.apply(batch)
      step.marketsChanged = markets.apply(batch, now: now.nanoseconds / 1_000_000)
    }
    return finish(step, update, now: now)
  }

  /// What comes before the batch: a replay's rewind and position, the reset tables, the feed's
  /// errors.
  private mutating func begin(
    _ update: FeedUpdate, skippedRows skipped: Int, lastSkippedRow skippedRow: String?, now: MonotonicTime
  ) -> Step {
    var step = Step()
    if update.rewound {
      market = newMarket(market.symbol)
      markets = MarketUniverse(venue: markets.venue)
      (bookDataAt, tapeDataAt, instrumentDataAt) = (nil, nil, nil)
      (lastFault, lastFaultAt) = (nil, nil)
      step.rewound = true
    }
    if let position = update.replay {
      replay = position
      step.replayMoved = true
    }
    if !update.resetTopics.isEmpty {
      market.resetTables(update.resetTopics)
      markets.resetTables(update.resetTopics)
      resets += 1
      step.resetTopics = update.resetTopics
    }
    if let failure = update.recorderError {
      recorderFailure = failure
      step.recorderFailure = failure
    }
    decodeErrors += update.decodeErrors
    step.decodeErrors = update.decodeErrors
    if let error = update.lastDecodeError { lastDecodeError = error }
    if update.lastDecodeError != nil { lastDecodeErrorAt = now }
    if skipped > 0 {
      skippedRows += skipped
      step.skippedRows = skipped
      lastSkippedRow = skippedRow
      lastSkippedRowAt = now
    }
    return step
  }

  /// What comes after the batch: the data ages, a resync for each fault, the status.
  private mutating func finish(_ step: Step, _ update: FeedUpdate, now: MonotonicTime) -> Step {
    var step = step
    if step.changes.bookChanged { bookDataAt = now }
    if step.changes.newTrades > 0 { tapeDataAt = now }
    if step.changes.instrumentChanged { instrumentDataAt = now }
    for fault in step.changes.faults {
      (lastFault, lastFaultAt) = (fault, now)
      resyncs += 1
      step.commands.append(.resync(fault.subscription))
    }
    if market.snapshotWanted {
      // A bridge rule fetches its snapshot over REST (the resync of a bridge is a new snapshot).
      let book = Subscription(.book, market.symbol, depth: bookDepth)
      step.commands.removeAll { $0 == .resync(book) }
      step.commands.append(.fetchSnapshot(book))
      market.snapshotAsked()
    }
    if let status = update.status {
      self.status = status
      step.statusChanged = true
    }
    return step
  }

  /// Watch `symbol` instead: a fresh, empty market (nothing of the old symbol may show under the
  /// new one). The all-symbols `instrument` table stays subscribed, so while it is live the new
  /// symbol's header starts from its row there. Returns the command for the feed, or nothing when
  /// it is the symbol already watched.
  public mutating func switchSymbol(to symbol: Symbol) -> [FeedCommand] {
    guard symbol != market.symbol else { return [] }
    market = newMarket(symbol)
    bookDataAt = nil
    tapeDataAt = nil
    instrumentDataAt = nil
    if markets.sync == .live, let row = markets.row(symbol), row.changedAt != nil {
      market.adopt(instrument: row.instrument)
    }
    return [.switchSymbol(symbol.description)]
  }

  /// Sets instrument facts learned over REST.
  public mutating func merge(instrument update: InstrumentUpdate) {
    market.merge(instrument: update)
  }

  /// Merges REST `/instrument/active` rows into the markets list (facts such as tick, lot and
  /// multiplier, and prices until the table's partial comes).
  public mutating func merge(markets rows: [InstrumentUpdate]) {
    markets.merge(rest: rows)
  }

  /// Backfills the candles from complete REST `trade/bucketed` bins.
  public mutating func backfillCandles(bins: [TradeBin], interval: CandleInterval) {
    market.backfillCandles(bins: bins, interval: interval)
  }

  /// Whether the feed is LIVE and every table of the watched symbol has its partial: a table
  /// waiting for one (after a reconnect, a resync or a stale resubscribe) is not live. The
  /// instrument, an auxiliary table, counts as settled once the feed gave up on it (refused, or
  /// no partial in time) or once the all-symbols image came without a row for this symbol (a
  /// bad row skipped): nothing more will come for it until an update does.
  public var isLive: Bool {
    guard case .live = status?.state, market.requiredTablesLive else { return false }
    // A venue market has no instrument table to wait for (its header reads its tape and book).
    if bookPolicy != nil { return true }
    return market.instrumentSync == .live || markets.sync == .live || instrumentUnavailable != nil
  }

  /// Whether the feed is LIVE and the book and the trades have their partial: what the status
  /// line's badge says. An auxiliary table (the instrument, liquidations) missing or still on
  /// its way holds nothing back; its own pane says so.
  public var requiredTablesLive: Bool {
    guard case .live = status?.state else { return false }
    return market.requiredTablesLive
  }

  /// Why the feed goes on without the `instrument` table (the header's prices, the markets
  /// list), or nil while it has it or still waits for it.
  public var instrumentUnavailable: String? { status?.unavailable(.ticker) }

  /// Why the feed goes on without the `liquidation` table (the Activity pane), or nil.
  public var liquidationsUnavailable: String? { status?.unavailable(.liquidations) }

  /// Whether the book is live: the feed connected and the book holding a clean partial.
  public var bookIsLive: Bool {
    guard let state = status?.state, state.isConnected else { return false }
    return market.bookSync == .live
  }

  /// Whether the book has had no change for `limit` seconds at `now` while the tape or the
  /// instrument moved after it: a book that silent is old news even before the feed's stale
  /// watchdog resubscribes it, and is shown as such.
  public func bookIsSilent(now: MonotonicTime, limit: Double) -> Bool {
    guard let book = bookDataAt, now - book >= limit else { return false }
    let others = [tapeDataAt, instrumentDataAt].compactMap { $0 }.max()
    return others.map { $0 > book } ?? false
  }

  /// Whether the tape (and the instrument's prices) are live.
  public var tapeIsLive: Bool {
    guard let state = status?.state, state.isConnected else { return false }
    return market.tradeSync == .live
  }

  /// Whether the instrument's prices are live.
  public var instrumentIsLive: Bool {
    guard let state = status?.state, state.isConnected else { return false }
    return market.instrumentSync == .live
  }
}
