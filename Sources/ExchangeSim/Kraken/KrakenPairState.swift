import FoundationEssentials
import MarketModel
import Seeding

#if canImport(Glibc)
import Glibc
#endif

/// One Kraken pair inside the simulator: its book and tape once it has them, the depth views
/// published to subscribers, its ticker, its candles, and the random walks that move it (its
/// basis over the followed price; its own price when it follows nothing).
struct KrakenPairState: Sendable {
  let pair: KrakenPair
  /// The book and tape: from the start for a pair that follows a listed instrument, from the
  /// first book or trade subscription for the others.
  var market: KrakenMarket?
  /// The views published, by depth: one per depth someone subscribes.
  var views: [Int: KrakenBookView] = [:]
  var day: KrakenDay
  /// Every trade, in minute bars, for REST `OHLC`.
  var history: TradeHistory
  /// The pair's own price (price units) when it follows nothing: a seeded walk.
  private(set) var walk: Double
  /// The premium over the followed price (a small random walk around zero).
  private(set) var basis: Double
  var rng: SimRandom
  /// A ticker-only pair publishes every `period` market ticks, at `phase`.
  let period: Int64
  let phase: Int64

  /// A pair whose followed instrument is at `reference` (in the pair's quote currency; nil: it
  /// follows nothing and starts near its listed price).
  init(pair: KrakenPair, seed: UInt64, startMs: Int64, tickRate: Double, reference: Double?) {
    self.pair = pair
    var rng = SimRandom(seed: SimRandom.seed(seed, "kraken/\(pair.symbol)/ticker"))
    let basis = 0.0003 * rng.gaussian()
    self.basis = basis
    let price = reference.map { $0 * (1 + basis) } ?? pair.startPrice * (1 + 0.01 * rng.gaussian())
    let start = max(1, Int64((price * pair.priceUnitsPerOne).rounded()))
    walk = Double(start)
    let open = max(1, start + Int64((rng.gaussian() * 0.02 * Double(start)).rounded()))
    let volume = pair.quoteVolume24h * (0.5 + rng.unit()) / pair.startPrice * pair.qtyUnitsPerOne
    let spread = max(1, Int64(Double(start) * 0.0001))
    day = KrakenDay(
      open: open, high: max(open, start) + start / 100, low: max(1, min(open, start) - start / 100),
      last: start, volume: Int64(volume.rounded()), turnover: volume * Double(start), trades: 0,
      bid: start - spread,
      bidQty: Int64(pair.qtyUnitsPerOne), ask: start + spread, askQty: Int64(pair.qtyUnitsPerOne))
    history = TradeHistory(anchorTicks: start, startMs: startMs)
    let interval = 1.2 * pow(9 / 1.2, rng.unit())
    period = max(1, Int64((interval * tickRate).rounded()))
    phase = Int64(pair.symbol.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }) % period
    self.rng = rng
  }

  var symbol: String { pair.symbol }

  /// One market tick of the walks.
  mutating func stepWalks() {
    basis = max(-0.0008, min(0.0008, basis + rng.gaussian() * 0.000002))
    walk = max(1, walk * (1 + rng.gaussian() * 1.2e-5))
  }

  /// The fair price in price units: the followed price (when there is one) × ratio × (1 + basis),
  /// else the pair's own walk.
  func fair(following price: Double?) -> Double {
    guard let price else { return walk }
    return price * pair.ratio * (1 + basis) * pair.priceUnitsPerOne
  }

  /// Records a trade: the ticker and the candles.
  mutating func record(_ trade: KrakenTrade) {
    day.traded(price: trade.priceUnits, qty: trade.qtyUnits)
    let base = Double(trade.qtyUnits) / pair.qtyUnitsPerOne
    history.record(
      SimTrade(
        timeMs: trade.timeMs, side: trade.side, size: trade.qtyUnits, ticks: trade.priceUnits,
        tickDirection: .zeroPlusTick, matchID: "", grossValue: 0, homeNotional: base,
        foreignNotional: base * Double(trade.priceUnits) / pair.priceUnitsPerOne))
  }

  /// The touch from the book, when there is one.
  mutating func refreshTouch() {
    guard let book = market?.book else { return }
    if let b = book.best(.buy) {
      day.bid = b.ticks
      day.bidQty = b.size
    }
    if let a = book.best(.sell) {
      day.ask = a.ticks
      day.askQty = a.size
    }
  }

  /// A ticker-only publication at `timeMs` towards `fair`: maybe a trade, a new touch.
  mutating func stepTickerOnly(fair: Double, timeMs: Int64) {
    if rng.chance(0.7) {
      let noise = rng.gaussian() * max(1, fair * 0.0002)
      let price = max(1, Int64((fair + noise).rounded()))
      let qty = max(1, Int64((exp(rng.gaussian()) * 500 / pair.startPrice * pair.qtyUnitsPerOne).rounded()))
      record(
        KrakenTrade(
          side: rng.chance(0.5) ? .buy : .sell, priceUnits: price, qtyUnits: qty, market: true, id: 0,
          timeMs: timeMs))
    }
    let spread = max(1, Int64(Double(day.last) * 0.0001 * (1 + 2 * rng.unit())))
    day.bid = max(1, day.last - Int64(rng.below(Int(spread) + 1)))
    day.ask = day.bid + spread
    day.bidQty = max(
      1, Int64((exp(rng.gaussian()) * 2_000 / pair.startPrice * pair.qtyUnitsPerOne).rounded()))
    day.askQty = max(
      1, Int64((exp(rng.gaussian()) * 2_000 / pair.startPrice * pair.qtyUnitsPerOne).rounded()))
  }
}
