/// Everything tradeterm knows about one symbol's market, kept in step with the feed.
///
/// `apply(_:)` takes a decoded batch, keeps the rows for this symbol, and returns the
/// integrity faults the owner must act on (by resyncing the topic). Each table waits
/// for its partial: deltas before it are dropped, and a partial replaces, never merges.
/// After a fault the book keeps its last good levels for display, drops deltas, and
/// waits for a fresh partial, so one bad message costs one resync, not a loop.
public struct MarketState: Sendable {
  public let symbol: Symbol
  public private(set) var book: OrderBook
  /// The L2 table that last filled `book`.
  public private(set) var bookTable: BookTable?
  public private(set) var bookSync: TableSync = .awaitingPartial
  public private(set) var tradeSync: TableSync = .awaitingPartial
  public private(set) var instrumentSync: TableSync = .awaitingPartial
  public private(set) var tape: TradeTape
  public private(set) var instrument: Instrument
  public private(set) var series: PriceSeriesSet
  /// The newest quote per pool (2026 aggregated feeds interleave Primary and Secondary).
  public private(set) var quotes: [String: Quote] = [:]
  /// Counters for the status line and tests.
  public private(set) var droppedBeforePartial = 0
  public private(set) var faultCount = 0

  public init(symbol: Symbol, tapeCapacity: Int = 1_000) {
    self.symbol = symbol
    book = OrderBook(symbol: symbol)
    tape = TradeTape(capacity: tapeCapacity)
    instrument = Instrument(symbol: symbol)
    series = PriceSeriesSet()
  }

  /// Applies every event of `batch` that concerns this symbol.
  public mutating func apply(_ batch: MarketBatch) -> [IntegrityFault] {
    var faults: [IntegrityFault] = []
    for event in batch.events {
      switch event {
      case .book(let message):
        if let fault = applyBook(message, batch.bookRows[message.rows]) { faults.append(fault) }
      case .trades(let slice):
        applyTrades(slice, batch.trades[slice.rows])
      case .instrument(let slice):
        applyInstrument(slice, batch.instruments[slice.rows])
      case .quotes(let slice):
        for q in batch.quotes[slice.rows] where q.symbol == symbol {
          quotes[q.pool ?? ""] = q
        }
      case .tradeBins:
        // 1-minute bins from the socket only confirm what trades already built.
        break
      default:
        break
      }
    }
    return faults
  }

  /// A new connection: every table waits for its partial again. The data stays, to be
  /// shown dimmed until replaced.
  public mutating func resetTables() {
    bookSync = .awaitingPartial
    tradeSync = .awaitingPartial
    instrumentSync = .awaitingPartial
  }

  /// Seeds the chart from REST `trade/bucketed` rows.
  public mutating func seed(bins: [TradeBin], interval: SeriesInterval) {
    series.seed(bins: bins.filter { $0.symbol == symbol }, interval: interval)
  }

  /// Sets instrument facts learned over REST.
  public mutating func merge(instrument update: InstrumentUpdate) {
    guard update.symbol == symbol else { return }
    instrument.merge(update)
  }

  // MARK: Tables

  private mutating func applyBook(_ message: BookMessage, _ rows: ArraySlice<BookRow>) -> IntegrityFault? {
    if message.action == .partial {
      // A partial names its symbol in `filter`; an all-symbols partial mixes them.
      let covers = message.filterSymbol.map { $0 == symbol } ?? rows.contains { $0.symbol == symbol }
      guard covers else { return nil }
      bookTable = message.table
      let mine = message.filterSymbol == nil ? ArraySlice(rows.filter { $0.symbol == symbol }) : rows
      if let fault = book.replace(with: mine) {
        return fail(message.table, fault)
      }
      bookSync = .live
      return nil
    }
    guard let first = rows.first, first.symbol == symbol else { return nil }
    guard bookSync == .live, message.table == bookTable else {
      droppedBeforePartial += 1
      return nil
    }
    // Deltas on a symbol-scoped subscription carry one symbol; rows of others are not ours.
    // All or nothing: a faulting message is taken back whole (crossing included).
    if let fault = book.apply(message.action, rows) {
      return fail(message.table, fault)
    }
    return nil
  }

  private mutating func fail(_ table: BookTable, _ fault: BookFault) -> IntegrityFault {
    bookSync = .faulted
    faultCount += 1
    return IntegrityFault(table: table, symbol: symbol, fault: fault)
  }

  private mutating func applyTrades(_ slice: TableSlice, _ rows: ArraySlice<Trade>) {
    if slice.action == .partial {
      guard slice.filterSymbol.map({ $0 == symbol }) ?? true else { return }
      tradeSync = .live
    } else if tradeSync != .live {
      if rows.contains(where: { $0.symbol == symbol }) { droppedBeforePartial += 1 }
      return
    }
    for trade in rows where trade.symbol == symbol {
      if tape.append(trade) {
        series.add(trade: trade)
      }
    }
  }

  private mutating func applyInstrument(_ slice: TableSlice, _ rows: ArraySlice<InstrumentUpdate>) {
    if slice.action == .partial {
      guard let row = rows.first(where: { $0.symbol == symbol }) else { return }
      // A partial is a full image: start again from it, keeping nothing stale — but
      // the contract's fixed facts learned over REST stay if the image lacks them.
      var fresh = Instrument(row)
      fresh.keepStaticFacts(from: instrument)
      instrument = fresh
      instrumentSync = .live
      return
    }
    guard instrumentSync == .live else {
      if rows.contains(where: { $0.symbol == symbol }) { droppedBeforePartial += 1 }
      return
    }
    for row in rows where row.symbol == symbol {
      instrument.merge(row)
    }
  }
}
