/// One of the universe's ticker-only instruments inside the world: its ticker, the row as
/// last published, and when it publishes (every `period` market ticks, at `phase`).
struct UniverseSlot: Sendable {
  var ticker: UniverseTicker
  let market: FrameEncoder.Market
  /// The instrument fields as last sent; partials repeat these.
  var published: InstrumentTicker
  /// Market ticks between publications.
  let period: Int64
  /// The tick (modulo `period`) it publishes on, so the universe does not publish at once.
  let phase: Int64
  /// A client subscribed its book: a full market (`MarketSlot`) now runs it instead.
  var promoted = false

  init(ticker: UniverseTicker, timeMs: Int64, tickRate: Double, rate: Double) {
    self.ticker = ticker
    market = FrameEncoder.Market(instrument: ticker.instrument, scale: ticker.scale)
    published = ticker.ticker(timeMs: timeMs)
    period = max(1, Int64((ticker.interval / max(rate, 1e-6) * tickRate).rounded()))
    // The symbol's hash is per-process; a stable phase comes from its characters.
    phase = Int64(ticker.instrument.symbol.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }) % period
  }

  var symbol: String { ticker.instrument.symbol }
}
