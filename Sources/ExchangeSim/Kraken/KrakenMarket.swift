import FoundationEssentials
import MarketModel
import Seeding

#if canImport(Glibc)
import Glibc
#endif

/// A seeded book and tape for one Kraken pair: price-keyed levels on the pair's price grid,
/// decimal quantities in the base asset, a book that moves towards a fair price it is given each
/// tick (the followed instrument's, with the pair's ratio and basis), and takers that trade at the
/// best prices.
///
/// Prices are held in units of 10^-pricePrecision, quantities in units of 10^-qtyPrecision
/// (`SimLevel.ticks` and `.size`; ids are unused). Deterministic given the seed and the fair
/// prices; the book is never crossed.
struct KrakenMarket: Sendable {
  /// What one tick did.
  struct Output: Sendable {
    var bookChanged = false
    var trades: [KrakenTrade] = []
  }

  let pair: KrakenPair
  /// Levels each side keeps: more than the deepest subscription (1000), so that a level deleted
  /// inside that depth always has one to move up in its place.
  let levels: Int
  /// Mean distance between neighbouring levels, in price units.
  let gapUnits: Double
  /// A typical resting level and a typical taker order, in quantity units.
  let levelQty: Double
  let tradeQty: Double
  private(set) var book = SimBook()
  /// The newest trades (a `trade` snapshot sends the last 50), oldest first.
  private(set) var recent: [KrakenTrade] = []
  private(set) var lastTrade: KrakenTrade?
  private var rng: SimRandom
  private var nextTradeID: Int64

  static let keptTrades = 50

  init(pair: KrakenPair, seed: UInt64, centre: Int64, levels: Int = 1_050) {
    self.pair = pair
    self.levels = max(2, levels)
    rng = SimRandom(seed: SimRandom.seed(seed, "kraken/\(pair.symbol)/book"))
    let price = Double(max(1, centre)) / pair.priceUnitsPerOne
    gapUnits = max(1, (Double(centre) * 1.5e-6).rounded())
    // A level is worth about 2,000 in the quote currency, a taker order about 800.
    levelQty = max(1, 2_000 / max(price, 1e-12) * pair.qtyUnitsPerOne)
    tradeQty = max(1, 800 / max(price, 1e-12) * pair.qtyUnitsPerOne)
    nextTradeID = 1_000_000 + Int64(rng.below(90_000_000))
    var bid = max(1, centre - 1 - Int64(rng.below(Int(gapUnits) + 1)))
    var ask = max(bid + 1, centre) + Int64(rng.below(Int(gapUnits) + 1))
    for _ in 0..<self.levels {
      guard bid > 0 else { break }
      book.insert(.buy, SimLevel(ticks: bid, id: 0, size: newQty()))
      bid -= gap()
    }
    for _ in 0..<self.levels {
      book.insert(.sell, SimLevel(ticks: ask, id: 0, size: newQty()))
      ask += gap()
    }
  }

  private var bestBid: Int64 { book.best(.buy)?.ticks ?? 0 }
  private var bestAsk: Int64 { book.best(.sell)?.ticks ?? bestBid + 2 }

  /// The mid price in price units.
  var mid: Double { Double(bestBid + bestAsk) / 2 }

  /// A resting quantity: log-normal around `levelQty`, often with trailing zeros (`0.10000000`,
  /// `0.00005100`), as real books have.
  private mutating func newQty() -> Int64 {
    var q = max(1, (exp(rng.gaussian() * 1.1) * levelQty).rounded())
    if rng.chance(0.35) {
      let digits = Double(2 + rng.below(5))
      let step = max(1, pow(10, (log10(q) - digits).rounded(.down)))
      q = max(step, (q / step).rounded() * step)
    }
    return Int64(min(q, levelQty * 80))
  }

  private mutating func gap() -> Int64 {
    1 + Int64(rng.geometric(mean: max(0, gapUnits - 0.6), limit: Int(gapUnits) * 8 + 4))
  }

  /// One tick at `timeMs` towards `fair` (price units): a book step with probability
  /// `bookChance`, then on average `tradesPerTick` taker orders.
  mutating func tick(fair: Double, timeMs: Int64, bookChance: Double, tradesPerTick: Double) -> Output {
    var out = Output()
    if bookChance >= 1 || rng.chance(bookChance) {
      stepBook(fair: fair)
      out.bookChanged = true
    }
    var orders = Int(tradesPerTick)
    if rng.chance(tradesPerTick - Double(orders)) { orders += 1 }
    for _ in 0..<orders {
      let lean = max(-1, min(1, (fair - mid) / (3 * gapUnits)))
      let side: Side = rng.chance(0.5 + 0.3 * lean) ? .buy : .sell
      if take(side, timeMs: timeMs, &out.trades) { out.bookChanged = true }
    }
    return out
  }

  private mutating func stepBook(fair: Double) {
    let drift = fair - mid
    let spread = bestAsk - bestBid
    if abs(drift) > 1.5 * gapUnits && rng.chance(0.6) {
      // Far behind (a jump of the followed price): several steps at once.
      let steps = min(8, 1 + Int(abs(drift) / (10 * gapUnits)))
      for _ in 0..<steps { move(up: drift > 0) }
    } else if spread > 1 && rng.chance(min(0.6, 0.1 * Double(spread - 1))) {
      let side: Side = rng.chance(0.5) ? .buy : .sell
      let offset = 1 + Int64(rng.below(Int(min(spread - 1, 1_000_000))))
      add(side, side == .buy ? bestBid + offset : bestAsk - offset)
    } else {
      let r = rng.unit()
      if r < 0.55 {
        changeSizes()
      } else if r < 0.78 {
        insertNearTop(rng.chance(0.5) ? .buy : .sell)
      } else {
        deleteNearTop(rng.chance(0.5) ? .buy : .sell)
      }
    }
    rebalance()
  }

  /// Moves the touch towards the fair price: a level inside the spread, or the far side's best
  /// pulled.
  private mutating func move(up: Bool) {
    let spread = bestAsk - bestBid
    if spread > 1 && rng.chance(0.6) {
      let reach = min(spread - 1, Int64((2 * gapUnits).rounded(.up)))
      let offset = 1 + Int64(rng.below(Int(reach)))
      add(up ? .buy : .sell, up ? bestBid + offset : bestAsk - offset)
    } else {
      let side: Side = up ? .sell : .buy
      guard book.count(side) > 2 else { return }
      book.remove(side, fromBest: 0)
    }
  }

  private mutating func changeSizes() {
    let rows = 1 + rng.geometric(mean: 1.2, limit: 6)
    for _ in 0..<rows {
      let side: Side = rng.chance(0.5) ? .buy : .sell
      let count = book.count(side)
      guard count > 0 else { continue }
      let n = rng.chance(0.1) ? rng.below(min(count, 1_000)) : rng.geometric(mean: 5, limit: count - 1)
      var size = newQty()
      if size == book.level(side, fromBest: n).size { size += 1 }
      book.setSize(side, fromBest: n, size)
    }
  }

  private mutating func insertNearTop(_ side: Side) {
    let count = book.count(side)
    guard count > 0 else { return }
    let far = book.level(side, fromBest: min(count - 1, 25)).ticks
    let low = side == .buy ? far : bestBid + 1
    let high = side == .buy ? bestAsk - 1 : far
    guard high >= low, low > 0 else { return }
    for _ in 0..<8 {
      let ticks = low + Int64(rng.below(Int(min(high - low + 1, 1 << 40))))
      if !book.contains(side, ticks: ticks) {
        add(side, ticks)
        return
      }
    }
  }

  private mutating func deleteNearTop(_ side: Side) {
    let count = book.count(side)
    guard count > 2 else { return }
    book.remove(side, fromBest: rng.geometric(mean: 4, limit: count - 1))
  }

  /// Inserts a new level at a free price inside the top `depth` of `side` (not the best), so the
  /// level at the edge of that depth is pushed out (Kraken sends no delete for it). Returns
  /// whether there was a free price.
  @discardableResult
  mutating func pushOut(_ side: Side, depth: Int) -> Bool {
    let top = book.top(side, depth)
    guard top.count >= 2 else { return false }
    for i in 0..<(top.count - 1) {
      let a = top[i].ticks
      let b = top[i + 1].ticks
      if abs(a - b) > 1 {
        add(side, side == .buy ? a - 1 : a + 1)
        return true
      }
    }
    return false
  }

  /// Trims or refills the far end of each side back to `levels`.
  private mutating func rebalance() {
    for side in [Side.buy, .sell] {
      while book.count(side) > levels { book.remove(side, fromBest: book.count(side) - 1) }
      while book.count(side) < levels {
        let ticks: Int64
        if let worst = book.worst(side) {
          ticks = side == .buy ? worst.ticks - gap() : worst.ticks + gap()
        } else {
          ticks = side == .buy ? bestAsk - 1 : bestBid + 1
        }
        guard ticks > 0 else { break }
        add(side, ticks)
      }
    }
  }

  private mutating func add(_ side: Side, _ ticks: Int64) {
    guard ticks > 0, !book.contains(side, ticks: ticks) else { return }
    book.insert(side, SimLevel(ticks: ticks, id: 0, size: newQty()))
  }

  /// A taker order on `side` through up to two levels of the other; returns whether the book
  /// changed.
  private mutating func take(_ side: Side, timeMs: Int64, _ trades: inout [KrakenTrade]) -> Bool {
    let resting: Side = side == .buy ? .sell : .buy
    var left = max(1, Int64((exp(rng.gaussian()) * tradeQty).rounded()))
    if rng.chance(0.3) { left = max(1, left / 10_000 * 10_000) }
    let market = rng.chance(0.7)
    var changed = false
    var n = 0
    while left > 0, n < 2, let best = book.best(resting) {
      n += 1
      var fill = min(left, best.size)
      if fill == best.size && book.count(resting) <= 2 { fill = best.size - 1 }
      guard fill > 0 else { break }
      if fill == best.size {
        book.remove(resting, fromBest: 0)
      } else {
        book.setSize(resting, fromBest: 0, best.size - fill)
      }
      changed = true
      left -= fill
      nextTradeID += 1
      let trade = KrakenTrade(
        side: side, priceUnits: best.ticks, qtyUnits: fill, market: market, id: nextTradeID, timeMs: timeMs)
      trades.append(trade)
      record(trade)
    }
    if changed { rebalance() }
    return changed
  }

  private mutating func record(_ trade: KrakenTrade) {
    lastTrade = trade
    recent.append(trade)
    if recent.count > Self.keptTrades { recent.removeFirst(recent.count - Self.keptTrades) }
  }
}
