import BitMEX
import MarketModel

/// A BitMEX market as the feed keeps it: the market state, and the id map of BitMEX's adapter
/// that the decoder would hold (`BitMEXBookIDs`), which turns the book rows of the batches these
/// tests build by hand into the price levels the state applies. Everything else reads through
/// to the state.
@dynamicMemberLookup
struct BitMEXMarket {
  var market: MarketState
  var ids = BitMEXBookIDs()

  init(symbol: Symbol, tapeCapacity: Int = 1_000) {
    market = MarketState(symbol: symbol, tapeCapacity: tapeCapacity)
  }

  subscript<T>(dynamicMember path: KeyPath<MarketState, T>) -> T { market[keyPath: path] }

  /// Maps the batch's book rows, then applies it.
  mutating func apply(_ batch: MarketBatch) -> MarketChanges {
    var mapped = batch
    ids.map(&mapped)
    return market.apply(mapped)
  }

  mutating func resetTables(_ topics: [Subscription]) { market.resetTables(topics) }
  mutating func merge(instrument update: InstrumentUpdate) { market.merge(instrument: update) }
  mutating func adopt(instrument image: Instrument) { market.adopt(instrument: image) }
  mutating func backfillCandles(bins: [TradeBin], interval: CandleInterval) {
    market.backfillCandles(bins: bins, interval: interval)
  }

  /// A level as a set member: side, price and size.
  struct Level: Hashable {
    var side: Side
    var price: Double
    var size: Int64
  }

  /// Every level of the book.
  var allLevels: Set<Level> {
    var out = Set<Level>()
    for side in [Side.buy, .sell] {
      for l in market.book.top(side, .max) { out.insert(Level(side: side, price: l.price, size: l.size)) }
    }
    return out
  }

  /// The levels `rows` (a partial's, one symbol) make.
  static func levels(_ rows: [BookRow]) -> Set<Level> {
    Set(rows.map { Level(side: $0.side, price: $0.price?.doubleValue ?? 0, size: $0.size ?? 0) })
  }

  /// Whether the best bid is at or above the best ask.
  var crossed: Bool {
    guard let bid = market.book.bestBid, let ask = market.book.bestAsk else { return false }
    return bid.price >= ask.price
  }
}
