/// Decoded events and the rows they refer to, in arrival order.
///
/// A batch is filled by the decoder, applied by `MarketState`, then emptied with
/// `removeAll()` and reused: its arrays keep their capacity, so in steady state no
/// message allocates. The feed and UI threads hand batches back and forth.
public struct MarketBatch: Sendable {
  public var events: [MarketEvent] = []
  public var bookRows: [BookRow] = []
  public var trades: [Trade] = []
  public var quotes: [Quote] = []
  public var instruments: [InstrumentUpdate] = []
  public var tradeBins: [TradeBin] = []
  public var book10: [Book10Row] = []
  public var levels: [PriceLevel] = []

  public init() {}

  /// Empties the batch, keeping its storage for the next round.
  public mutating func removeAll() {
    // Most arrays are empty most of the time; checking is cheaper than clearing.
    if !events.isEmpty { Self.clear(&events) }
    if !bookRows.isEmpty { Self.clear(&bookRows) }
    if !trades.isEmpty { Self.clear(&trades) }
    if !quotes.isEmpty { Self.clear(&quotes) }
    if !instruments.isEmpty { Self.clear(&instruments) }
    if !tradeBins.isEmpty { Self.clear(&tradeBins) }
    if !book10.isEmpty { Self.clear(&book10) }
    if !levels.isEmpty { Self.clear(&levels) }
  }

  /// Empties `array`, keeping its storage. `removeAll(keepingCapacity:)` goes through the
  /// generic `replaceSubrange` (~170 instructions even for one element); a message leaves a
  /// few elements, and taking them off the end costs a few instructions each.
  @inline(__always) private static func clear<Element>(_ array: inout [Element]) {
    if array.count <= 32 {
      while array.popLast() != nil {}
    } else {
      array.removeAll(keepingCapacity: true)
    }
  }

  /// Whether the batch holds no event.
  public var isEmpty: Bool { events.isEmpty }

  /// The lengths of every array: taken before a message is decoded and restored with
  /// `rollBack(to:)` if it fails, so a bad message leaves nothing behind.
  public struct Mark: Sendable, Hashable {
    var events, bookRows, trades, quotes, instruments, tradeBins, book10, levels: Int
  }

  public var mark: Mark {
    Mark(
      events: events.count, bookRows: bookRows.count, trades: trades.count, quotes: quotes.count,
      instruments: instruments.count, tradeBins: tradeBins.count, book10: book10.count,
      levels: levels.count)
  }

  /// Drops everything appended since `mark` was taken.
  public mutating func rollBack(to mark: Mark) {
    events.removeSubrange(mark.events...)
    bookRows.removeSubrange(mark.bookRows...)
    trades.removeSubrange(mark.trades...)
    quotes.removeSubrange(mark.quotes...)
    instruments.removeSubrange(mark.instruments...)
    tradeBins.removeSubrange(mark.tradeBins...)
    book10.removeSubrange(mark.book10...)
    levels.removeSubrange(mark.levels...)
  }
}
