import MarketModel

/// One instrument's market inside the world: the generator and what has been published
/// about it (depth-limited book views, the last quote, the last instrument image).
struct MarketSlot: Sendable {
  var generator: MarketGenerator
  var market: FrameEncoder.Market
  var top25: BookView
  var top100: BookView
  /// Whether a view fell behind the book while nobody subscribed to its table (it is
  /// rebuilt, rather than diffed, when the next partial needs it).
  var top25Stale = false
  var top100Stale = false
  /// The instrument fields as last sent; partials repeat these, so that later updates
  /// (which carry the fields changed since) always apply on top of any partial.
  var published: InstrumentTicker
  var lastBid: SimLevel?
  var lastAsk: SimLevel?

  init(generator: MarketGenerator, timeMs: Int64) {
    self.generator = generator
    market = FrameEncoder.Market(instrument: generator.instrument, scale: generator.scale)
    top25 = BookView(depth: 25, book: generator.book)
    top100 = BookView(depth: 100, book: generator.book)
    published = generator.ticker(timeMs: timeMs)
    lastBid = generator.book.best(.buy)
    lastAsk = generator.book.best(.sell)
  }

  var symbol: String { generator.instrument.symbol }
}
