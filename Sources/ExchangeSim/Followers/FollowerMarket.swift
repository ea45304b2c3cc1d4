import FoundationEssentials
import MarketModel
import Seeding

#if canImport(Glibc)
import Glibc
#endif

/// A follower venue's book and tape for one listing: price-keyed levels on the listing's grid
/// (`SimLevel.ticks` in price units, `.size` in size units; the id is the price, unique per
/// side), moving each tick towards the fair price it is given (the reference instrument's mid
/// with the listing's basis), and takers trading at the best prices.
///
/// Deterministic given the seed and the fair prices; the book is never crossed, not even
/// between two of the changes a tick reports.
struct FollowerMarket: Sendable {
  /// A level's new absolute size (0: gone), in the order the changes happened.
  struct Change: Sendable, Hashable {
    var side: Side
    var ticks: Int64
    var size: Int64
  }

  /// One taker order filled at the best price.
  struct Trade: Sendable, Hashable {
    var id: Int64
    var timeMs: Int64
    /// The taker's side.
    var side: Side
    var ticks: Int64
    var size: Int64
  }

  /// What one tick did.
  struct Output: Sendable {
    var changes: [Change] = []
    var trades: [Trade] = []
    /// Liquidations of the reference instrument that entered this tick, on this listing.
    var liquidations: [FollowerLiquidation] = []
  }

  let listing: FollowerListing
  /// Mean distance between neighbouring levels, in price units.
  let gapUnits: Double
  /// A typical resting level and a typical taker order, in size units.
  let levelSize: Double
  let tradeSize: Double
  private(set) var book = SimBook()
  var lastTrade: Trade? { recent.last }
  /// The newest trades (at most `keptTrades`), oldest first: REST's recent trades.
  private(set) var recent: [Trade] = []
  private var rng: SimRandom
  private var nextTradeID: Int64

  static let keptTrades = 1_000

  /// A book of `listing.levels` per side around `fair` (a price).
  init(listing: FollowerListing, seed: UInt64, fair: Double) {
    self.listing = listing
    rng = SimRandom(seed: SimRandom.seed(seed, "follower/\(listing.venue.rawValue)/\(listing.symbol)"))
    let centre = max(listing.tickUnits, Int64((fair * listing.pricePerOne).rounded()))
    // About 1.5e-6 of the price between levels, at least one tick.
    gapUnits = max(Double(listing.tickUnits), (Double(centre) * 1.5e-6).rounded())
    let unit = max(listing.unitValue(price: fair), 1e-12)
    // A level is worth about 20,000 in the quote currency, a taker order about 3,000.
    levelSize = max(Double(listing.lotUnits), 20_000 / unit)
    tradeSize = max(Double(listing.lotUnits), 3_000 / unit)
    nextTradeID = 100_000_000 + Int64(rng.below(900_000_000))
    var bid = snap(centre - 1)
    var ask = max(bid + listing.tickUnits, snap(centre + listing.tickUnits))
    var bids: [Int64] = []
    var asks: [Int64] = []
    for _ in 0..<listing.levels where bid > 0 {
      bids.append(bid)
      bid -= gap()
    }
    for _ in 0..<listing.levels {
      asks.append(ask)
      ask += gap()
    }
    // Farthest first: each insert lands at the best end, so a book of tens of thousands of
    // levels builds in linear time.
    for t in bids.reversed() { book.insert(.buy, SimLevel(ticks: t, id: t, size: newSize())) }
    for t in asks.reversed() { book.insert(.sell, SimLevel(ticks: t, id: t, size: newSize())) }
  }

  private var tick: Int64 { listing.tickUnits }
  private var bestBid: Int64 { book.best(.buy)?.ticks ?? 0 }
  private var bestAsk: Int64 { book.best(.sell)?.ticks ?? bestBid + 2 * tick }

  /// The mid price in price units.
  var mid: Double { Double(bestBid + bestAsk) / 2 }

  /// `units` rounded down onto the tick grid.
  private func snap(_ units: Int64) -> Int64 { units - ((units % tick) + tick) % tick }

  private mutating func newSize() -> Int64 {
    let lots = max(1, (exp(rng.gaussian() * 1.1) * levelSize / Double(listing.lotUnits)).rounded())
    return Int64(min(lots, 1e12)) * listing.lotUnits
  }

  /// A gap between neighbouring levels, on the grid.
  private mutating func gap() -> Int64 {
    let ticks = gapUnits / Double(tick)
    return tick * Int64(1 + rng.geometric(mean: max(0, ticks - 0.6), limit: Int(ticks) * 8 + 4))
  }

  /// One tick towards `fair` (a price): a book step with probability `bookChance`, then on
  /// average `tradesPerTick` taker orders.
  mutating func tick(fair: Double, timeMs: Int64, bookChance: Double, tradesPerTick: Double) -> Output {
    var out = Output()
    let target = fair * listing.pricePerOne
    if bookChance >= 1 || rng.chance(bookChance) { stepBook(target, &out.changes) }
    var orders = Int(tradesPerTick)
    if rng.chance(tradesPerTick - Double(orders)) { orders += 1 }
    for _ in 0..<orders {
      let lean = max(-1, min(1, (target - mid) / (3 * gapUnits)))
      take(rng.chance(0.5 + 0.3 * lean) ? .buy : .sell, timeMs: timeMs, &out)
    }
    return out
  }

  private mutating func stepBook(_ target: Double, _ out: inout [Change]) {
    let drift = target - mid
    let spread = bestAsk - bestBid
    if abs(drift) > 1.5 * gapUnits && rng.chance(0.6) {
      // Far behind (the followed price jumped): several steps at once.
      for _ in 0..<min(8, 1 + Int(abs(drift) / (10 * gapUnits))) { move(up: drift > 0, &out) }
    } else if spread > tick && rng.chance(min(0.6, 0.1 * Double(spread / tick - 1))) {
      let side: Side = rng.chance(0.5) ? .buy : .sell
      let offset = tick * (1 + Int64(rng.below(Int(min(spread / tick - 1, 1_000_000)))))
      add(side, side == .buy ? bestBid + offset : bestAsk - offset, &out)
    } else {
      let r = rng.unit()
      if r < 0.55 {
        changeSizes(&out)
      } else if r < 0.78 {
        insertNearTop(rng.chance(0.5) ? .buy : .sell, &out)
      } else {
        deleteNearTop(rng.chance(0.5) ? .buy : .sell, &out)
      }
    }
    rebalance(&out)
  }

  /// Moves the touch towards the target: a level inside the spread, or the far side's best pulled.
  private mutating func move(up: Bool, _ out: inout [Change]) {
    let spread = bestAsk - bestBid
    if spread > tick && rng.chance(0.6) {
      let reach = min(spread / tick - 1, Int64((2 * gapUnits / Double(tick)).rounded(.up)))
      let offset = tick * (1 + Int64(rng.below(Int(max(1, reach)))))
      add(up ? .buy : .sell, up ? bestBid + offset : bestAsk - offset, &out)
    } else {
      let side: Side = up ? .sell : .buy
      guard book.count(side) > 2 else { return }
      remove(side, fromBest: 0, &out)
    }
  }

  private mutating func changeSizes(_ out: inout [Change]) {
    for _ in 0...rng.geometric(mean: 1.2, limit: 6) {
      let side: Side = rng.chance(0.5) ? .buy : .sell
      let count = book.count(side)
      guard count > 0 else { continue }
      let n = rng.chance(0.1) ? rng.below(count) : rng.geometric(mean: 5, limit: count - 1)
      let size = newSize()
      book.setSize(side, fromBest: n, size)
      out.append(Change(side: side, ticks: book.level(side, fromBest: n).ticks, size: size))
    }
  }

  private mutating func insertNearTop(_ side: Side, _ out: inout [Change]) {
    let count = book.count(side)
    guard count > 1 else { return }
    let far = book.level(side, fromBest: min(count - 1, 20)).ticks
    let low = side == .buy ? far : bestBid + tick
    let high = side == .buy ? bestAsk - tick : far
    guard high >= low else { return }
    let ticks = low + tick * Int64(rng.below(Int(min((high - low) / tick + 1, 1_000_000))))
    if !book.contains(side, ticks: ticks) { add(side, ticks, &out) }
  }

  private mutating func deleteNearTop(_ side: Side, _ out: inout [Change]) {
    let count = book.count(side)
    guard count > 2 else { return }
    remove(side, fromBest: rng.geometric(mean: 4, limit: count - 1), &out)
  }

  /// Trims or refills the far end of each side back to `levels`.
  private mutating func rebalance(_ out: inout [Change]) {
    for side in [Side.buy, .sell] {
      while book.count(side) > listing.levels { remove(side, fromBest: book.count(side) - 1, &out) }
      while book.count(side) < listing.levels {
        let worst = book.worst(side)?.ticks ?? (side == .buy ? bestAsk - tick : bestBid + tick)
        let ticks = side == .buy ? worst - gap() : worst + gap()
        guard ticks > 0 else { break }
        add(side, ticks, &out)
      }
    }
  }

  private mutating func add(_ side: Side, _ ticks: Int64, _ out: inout [Change]) {
    // Never crossed: a bid below the best ask, an ask above the best bid.
    guard ticks > 0, !book.contains(side, ticks: ticks) else { return }
    if side == .buy, let ask = book.best(.sell), ticks >= ask.ticks { return }
    if side == .sell, let bid = book.best(.buy), ticks <= bid.ticks { return }
    let level = SimLevel(ticks: ticks, id: ticks, size: newSize())
    book.insert(side, level)
    out.append(Change(side: side, ticks: ticks, size: level.size))
  }

  private mutating func remove(_ side: Side, fromBest n: Int, _ out: inout [Change]) {
    let level = book.remove(side, fromBest: n)
    out.append(Change(side: side, ticks: level.ticks, size: 0))
  }

  /// A taker order of `side` against the best opposite level: a partial fill, or the whole level.
  private mutating func take(_ side: Side, timeMs: Int64, _ out: inout Output) {
    let resting: Side = side == .buy ? .sell : .buy
    guard book.count(resting) > 2, let best = book.best(resting) else { return }
    let lots = max(1, (exp(rng.gaussian()) * tradeSize / Double(listing.lotUnits)).rounded())
    let size = min(best.size, Int64(min(lots, 1e12)) * listing.lotUnits)
    if size >= best.size {
      remove(resting, fromBest: 0, &out.changes)
    } else {
      book.setSize(resting, fromBest: 0, best.size - size)
      out.changes.append(Change(side: resting, ticks: best.ticks, size: best.size - size))
    }
    nextTradeID += 1
    let trade = Trade(id: nextTradeID, timeMs: timeMs, side: side, ticks: best.ticks, size: size)
    if recent.count >= Self.keptTrades { recent.removeFirst(Self.keptTrades / 2) }
    recent.append(trade)
    out.trades.append(trade)
    rebalance(&out.changes)
  }
}
