/// Decoded events and the rows they refer to, in arrival order.
///
/// A batch is filled by the decoder, applied by `MarketState`, then emptied with
/// `removeAll()` and reused: its arrays keep their capacity, so in steady state no
/// message allocates. The feed and UI threads hand batches back and forth.
public struct MarketBatch: Sendable {
  public var events: [MarketEvent] = []
  public var bookRows: [BookRow] = []
  /// The book rows mapped to price levels, per book (`BookMessage.levels`).
  public var bookLevels: [LevelChange] = []
  /// Why a book message's rows could not be mapped, each named by its message
  /// (`BookMessage.faultIndex`; read with `fault(of:)`).
  public var bookFaults: [BookSyncFault] = []
  public var trades: [Trade] = []
  public var quotes: [Quote] = []
  public var instruments: [InstrumentUpdate] = []
  public var bins: [TradeBin] = []
  public var book10: [Book10Row] = []
  public var levels: [PriceLevel] = []
  public var liquidations: [LiquidationRow] = []
  /// Table partials decoded into this batch since it was made (a running count, not reset by
  /// `removeAll`): a reader compares it before and after a frame to learn, without looking at
  /// the events, whether the frame was a partial (a replay indexes where partials are).
  public var partialsDecoded = 0
  /// Rows the decoder skipped (a malformed row of a table whose rows stand alone, such as an
  /// instrument in the all-symbols partial), while the rest of their message was kept.
  public var skippedRows = 0
  /// The last skipped row in words (which row, its symbol when readable, and why).
  public var lastSkippedRow: String?

  public init() {}

  /// Empties the batch, keeping its storage for the next round.
  public mutating func removeAll() {
    // Most arrays are empty most of the time; checking is cheaper than clearing.
    if !events.isEmpty { events.clearKeepingCapacity() }
    if !bookRows.isEmpty { bookRows.clearKeepingCapacity() }
    if !bookLevels.isEmpty { bookLevels.clearKeepingCapacity() }
    if !bookFaults.isEmpty { bookFaults.clearKeepingCapacity() }
    if !trades.isEmpty { trades.clearKeepingCapacity() }
    if !quotes.isEmpty { quotes.clearKeepingCapacity() }
    if !instruments.isEmpty { instruments.clearKeepingCapacity() }
    if !bins.isEmpty { bins.clearKeepingCapacity() }
    if !book10.isEmpty { book10.clearKeepingCapacity() }
    if !levels.isEmpty { levels.clearKeepingCapacity() }
    if !liquidations.isEmpty { liquidations.clearKeepingCapacity() }
    if skippedRows != 0 {
      skippedRows = 0
      lastSkippedRow = nil
    }
  }

  /// Why the rows of a book message of this batch could not be mapped (nil: they were).
  public func fault(of message: BookMessage) -> BookSyncFault? {
    message.faultIndex.map { bookFaults[$0] }
  }

  /// Whether the batch holds no event.
  public var isEmpty: Bool { events.isEmpty }

  /// The lengths of every array: taken before a message is decoded and restored with
  /// `rollBack(to:)` if it fails, so a bad message leaves nothing behind.
  public struct Mark: Sendable, Hashable {
    var events, bookRows, bookLevels, bookFaults, trades, quotes, instruments, bins, book10, levels,
      liquidations: Int
    var skippedRows: Int
  }

  public var mark: Mark {
    Mark(
      events: events.count, bookRows: bookRows.count, bookLevels: bookLevels.count,
      bookFaults: bookFaults.count,
      trades: trades.count,
      quotes: quotes.count,
      instruments: instruments.count, bins: bins.count, book10: book10.count,
      levels: levels.count, liquidations: liquidations.count, skippedRows: skippedRows)
  }

  /// Drops everything appended since `mark` was taken.
  public mutating func rollBack(to mark: Mark) {
    events.removeSubrange(mark.events...)
    bookRows.removeSubrange(mark.bookRows...)
    bookLevels.removeSubrange(mark.bookLevels...)
    bookFaults.removeSubrange(mark.bookFaults...)
    trades.removeSubrange(mark.trades...)
    quotes.removeSubrange(mark.quotes...)
    instruments.removeSubrange(mark.instruments...)
    bins.removeSubrange(mark.bins...)
    book10.removeSubrange(mark.book10...)
    levels.removeSubrange(mark.levels...)
    liquidations.removeSubrange(mark.liquidations...)
    skippedRows = mark.skippedRows
  }
}
