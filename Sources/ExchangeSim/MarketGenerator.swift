import FoundationEssentials
import MarketModel
import Seeding

#if canImport(Glibc)
import Glibc
#endif

/// A seeded market for one instrument: a book of `depth` levels per side on the tick grid
/// that follows a random-walk fair price, trades at the best prices, and the instrument's
/// changing fields (last, mark, index, funding, volumes).
///
/// Everything is deterministic given the seed: the same sequence of `tick` calls gives the
/// same books, ids, trades and match ids. The book is never crossed, not even between two
/// of the changes `tick` returns, so a client may check after every row; a level's price
/// never changes (an update only changes its size), and ids are arbitrary, not prices.
struct MarketGenerator: Sendable {
  /// What one market tick produced.
  struct Output: Sendable {
    /// The book's changes in the order they happened.
    var changes: [BookChange] = []
    /// Trades printed, oldest first.
    var trades: [SimTrade] = []
    /// Changes to the `liquidation` table (with `activity`), in order.
    var liquidations: [SimLiquidation] = []
  }

  let instrument: SimInstrument
  let scale: PriceScale
  /// Levels each side keeps (the far end is refilled or trimmed after every change).
  let depth: Int
  /// The mean distance between neighbouring levels, in ticks.
  let gapTicks: Double
  /// The fair price's standard deviation per book step, in ticks.
  let sigmaTicks: Double
  let seed: UInt64
  private(set) var book = SimBook()
  private(set) var history: TradeHistory
  private(set) var lastTrade: SimTrade?
  private var rng: SimRandom
  // A separate stream, so that how often the instrument is published never changes the book.
  private var tickerRNG: SimRandom
  private var fair: Double
  private var nextID: Int64
  /// Walls and liquidations (`SimConfig.activity`), from their own random stream.
  let activity: Bool
  private var activityRNG: SimRandom
  private var wall: PlannedWall?
  private var nextWallMs: Int64
  /// The next wall is eaten (else pulled): they alternate, so a minute shows both.
  private var eatNextWall: Bool
  private var liquidation: PlannedLiquidation?
  private var nextLiquidationMs: Int64
  /// The liquidation orders resting now (for a `liquidation` partial).
  private(set) var openLiquidations: [SimLiquidation] = []

  // The instrument's slow-moving fields.
  private var basis: Double
  /// How far the basis may wander either side of zero.
  private var basisLimit = 0.001
  private var fundingRate: Double
  private var indicativeFundingRate: Double
  private var fundingTimeMs: Int64
  private var prevPrice24h: Int64
  private var high24h: Int64
  private var low24h: Int64
  private var volume24h: Int64
  private var turnover24h: Int64
  private var home24h: Double
  private var foreign24h: Double
  private var openInterest: Int64

  init(instrument: SimInstrument, seed: UInt64, depth: Int, startMs: Int64, activity: Bool = false) {
    self.instrument = instrument
    self.activity = activity
    activityRNG = SimRandom(seed: SimRandom.seed(seed, "\(instrument.symbol)/activity"))
    nextWallMs = startMs + 3_000 + Int64(activityRNG.below(5_000))
    eatNextWall = activityRNG.chance(0.5)
    nextLiquidationMs = startMs + 5_000 + Int64(activityRNG.below(10_000))
    self.seed = seed
    self.depth = max(1, depth)
    scale = PriceScale(tickSize: instrument.tickSize)
    let tick = scale.tickSize
    gapTicks = max(1, (instrument.startPrice * 2e-6 / tick).rounded())
    sigmaTicks = max(0.2, instrument.startPrice * instrument.volatility / tick)
    rng = SimRandom(seed: SimRandom.seed(seed, "\(instrument.symbol)/book"))
    tickerRNG = SimRandom(seed: SimRandom.seed(seed, "\(instrument.symbol)/ticker"))
    let start = scale.ticks(nearest: instrument.startPrice)
    fair = Double(start)
    history = TradeHistory(anchorTicks: start, startMs: startMs)
    nextID = 60_000_000_000 + Int64(rng.below(10_000_000_000))

    basis = 0.0002
    fundingRate = 0.0001
    indicativeFundingRate = 0.0001
    fundingTimeMs = Self.nextFunding(after: startMs)
    prevPrice24h = max(1, start + Int64((rng.gaussian() * 0.015 * Double(start)).rounded()))
    high24h = max(start, prevPrice24h) + Int64(Double(start) * 0.008)
    low24h = max(1, min(start, prevPrice24h) - Int64(Double(start) * 0.008))
    let lot = instrument.lotSize
    volume24h = Int64(2_000 + rng.below(20_000)) * Int64(instrument.tradeLots.rounded(.up)) * lot * 40
    let (gross, home, foreign) = Self.notionals(instrument, scale, size: volume24h, ticks: start)
    turnover24h = gross
    home24h = home
    foreign24h = foreign
    openInterest = volume24h / 2

    buildBook(around: start)
  }

  // MARK: The book

  private mutating func buildBook(around mid: Int64) {
    var bid = mid - 1 - Int64(rng.below(Int(gapTicks) + 1))
    var ask = max(bid + 1, mid) + Int64(rng.below(Int(gapTicks) + 1))
    if ask <= bid { ask = bid + 1 }
    for _ in 0..<depth {
      guard bid > 0 else { break }
      book.insert(.buy, SimLevel(ticks: bid, id: newID(), size: levelSize()))
      bid -= gap()
    }
    for _ in 0..<depth {
      book.insert(.sell, SimLevel(ticks: ask, id: newID(), size: levelSize()))
      ask += gap()
    }
  }

  private mutating func newID() -> Int64 {
    nextID += 1 + Int64(rng.below(40))
    return nextID
  }

  private mutating func levelSize() -> Int64 {
    let lots = max(1, (exp(rng.gaussian()) * instrument.levelLots).rounded())
    return Int64(min(lots, instrument.levelLots * 50)) * instrument.lotSize
  }

  private mutating func gap() -> Int64 {
    1 + Int64(rng.geometric(mean: gapTicks - 0.4, limit: Int(gapTicks) * 8 + 4))
  }

  private var bestBid: Int64 { book.best(.buy)?.ticks ?? 0 }
  private var bestAsk: Int64 { book.best(.sell)?.ticks ?? bestBid + 2 }
  private var mid: Double { Double(bestBid + bestAsk) / 2 }

  /// One market tick: a book step with probability `bookChance` (1 = always), then on
  /// average `tradesPerTick` trades.
  mutating func tick(timeMs: Int64, bookChance: Double, tradesPerTick: Double) -> Output {
    var out = Output()
    if bookChance >= 1 || rng.chance(bookChance) {
      stepBook(&out.changes)
    }
    var trades = Int(tradesPerTick)
    if rng.chance(tradesPerTick - Double(trades)) { trades += 1 }
    for _ in 0..<trades {
      stepTrade(timeMs: timeMs, &out)
    }
    if activity {
      stepWall(timeMs: timeMs, &out)
      stepLiquidation(timeMs: timeMs, &out)
    }
    return out
  }

  /// One book step: the fair price moves and the book moves towards it, or sizes change,
  /// or levels come and go near the top.
  mutating func stepBook(_ out: inout [BookChange]) {
    fair += rng.gaussian() * sigmaTicks
    fair += 0.02 * (mid - fair)
    let drift = fair - mid
    let spread = bestAsk - bestBid
    if abs(drift) > 1.5 * gapTicks && rng.chance(0.45) {
      move(up: drift > 0, &out)
    } else if spread > 1 && rng.chance(min(0.7, 0.12 * Double(spread - 1))) {
      // A wide spread attracts orders: someone improves the best price.
      let side: Side = rng.chance(0.5 + 0.3 * max(-1, min(1, drift / (3 * gapTicks)))) ? .buy : .sell
      let offset = 1 + Int64(rng.below(Int(spread - 1)))
      add(side, side == .buy ? bestBid + offset : bestAsk - offset, &out)
    } else {
      let r = rng.unit()
      if r < 0.6 {
        changeSizes(&out)
      } else if r < 0.8 {
        insertNearTop(rng.chance(0.5) ? .buy : .sell, &out)
      } else {
        deleteNearTop(rng.chance(0.5) ? .buy : .sell, &out)
      }
    }
    rebalance(&out)
  }

  /// Moves the best price of one side towards the fair price: a new level inside the
  /// spread, or the opposite best level pulled.
  private mutating func move(up: Bool, _ out: inout [BookChange]) {
    let spread = bestAsk - bestBid
    if spread > 1 && rng.chance(0.6) {
      let reach = min(spread - 1, Int64((2 * gapTicks).rounded(.up)))
      let offset = 1 + Int64(rng.below(Int(reach)))
      let side: Side = up ? .buy : .sell
      let ticks = up ? bestBid + offset : bestAsk - offset
      guard ticks > 0 else { return }
      add(side, ticks, &out)
    } else {
      let side: Side = up ? .sell : .buy
      guard book.count(side) > 2, book.best(side)?.id != wall?.id else { return }
      remove(side, fromBest: 0, &out)
    }
  }

  private mutating func changeSizes(_ out: inout [BookChange]) {
    let rows = 1 + rng.geometric(mean: 1.5, limit: 9)
    var touched: Set<Int64> = []
    for _ in 0..<rows {
      let side: Side = rng.chance(0.5) ? .buy : .sell
      let count = book.count(side)
      guard count > 0 else { continue }
      let n = rng.chance(0.15) ? rng.below(count) : rng.geometric(mean: 6, limit: count - 1)
      let level = book.level(side, fromBest: n)
      guard level.id != wall?.id, touched.insert(level.id).inserted else { continue }
      var size =
        rng.chance(0.5)
        ? levelSize() : level.size + Int64((rng.gaussian() * 3).rounded()) * instrument.lotSize
      size = max(instrument.lotSize, size)
      if size == level.size { size += instrument.lotSize }
      book.setSize(side, fromBest: n, size)
      out.append(BookChange(action: .update, side: side, id: level.id, ticks: level.ticks, size: size))
    }
  }

  private mutating func insertNearTop(_ side: Side, _ out: inout [BookChange]) {
    let rows = 1 + rng.geometric(mean: 0.6, limit: 3)
    for _ in 0..<rows {
      let count = book.count(side)
      guard count > 0 else { return }
      let far = book.level(side, fromBest: min(count - 1, 20)).ticks
      // A new level may improve on the best price but never reach the other side.
      let low = side == .buy ? far : bestBid + 1
      let high = side == .buy ? bestAsk - 1 : far
      guard high >= low else { continue }
      for _ in 0..<8 {
        let ticks = low + Int64(rng.below(Int(high - low + 1)))
        if ticks > 0 && !book.contains(side, ticks: ticks) {
          add(side, ticks, &out)
          break
        }
      }
    }
  }

  private mutating func deleteNearTop(_ side: Side, _ out: inout [BookChange]) {
    let rows = 1 + rng.geometric(mean: 0.6, limit: 3)
    for _ in 0..<rows {
      let count = book.count(side)
      guard count > 2 else { return }
      let n = rng.geometric(mean: 4, limit: count - 1)
      guard book.level(side, fromBest: n).id != wall?.id else { continue }
      remove(side, fromBest: n, &out)
    }
  }

  /// Trims or refills the far end of each side back to `depth` levels.
  private mutating func rebalance(_ out: inout [BookChange]) {
    for side in [Side.buy, .sell] {
      while book.count(side) > depth {
        remove(side, fromBest: book.count(side) - 1, &out)
      }
      while book.count(side) < depth {
        let ticks: Int64
        if let worst = book.worst(side) {
          ticks = side == .buy ? worst.ticks - gap() : worst.ticks + gap()
        } else {
          ticks = side == .buy ? bestAsk - 1 : bestBid + 1
        }
        // A cheap instrument's bids can run out of positive prices.
        guard ticks > 0 else { break }
        add(side, ticks, &out)
      }
    }
  }

  private mutating func add(_ side: Side, _ ticks: Int64, _ out: inout [BookChange]) {
    let level = SimLevel(ticks: ticks, id: newID(), size: levelSize())
    book.insert(side, level)
    out.append(BookChange(action: .insert, side: side, id: level.id, ticks: ticks, size: level.size))
  }

  private mutating func remove(_ side: Side, fromBest n: Int, _ out: inout [BookChange]) {
    let level = book.remove(side, fromBest: n)
    out.append(BookChange(action: .delete, side: side, id: level.id, ticks: level.ticks, size: level.size))
  }

  // MARK: Walls and liquidations

  /// A wall placed, and what becomes of it.
  struct PlannedWall: Sendable {
    var side: Side
    var id: Int64
    var ticks: Int64
    var eat: Bool
    var untilMs: Int64
  }

  /// A liquidation order working: it fills in two steps, then leaves the table.
  struct PlannedLiquidation: Sendable {
    var order: SimLiquidation
    var nextMs: Int64
  }

  /// The wall's size: sixty times a median level, far above the top 1 % of ordinary levels.
  var wallSize: Int64 { Int64((instrument.levelLots * 60).rounded()) * instrument.lotSize }

  /// Places a wall a few levels from the best every 8–20 s; 6–14 s later it is pulled (deleted)
  /// or eaten (a sweep trades through every level up to and including it), in turn.
  private mutating func stepWall(timeMs: Int64, _ out: inout Output) {
    if var planned = wall {
      guard timeMs >= planned.untilMs else { return }
      wall = nil
      guard let n = book.index(planned.side, id: planned.id) else { return }
      // Far from the best by now: too far to trade through, so it is pulled.
      if planned.eat && n > 8 { planned.eat = false }
      if planned.eat {
        fair = Double(planned.ticks)
        sweep(planned.side == .buy ? .sell : .buy, through: n, timeMs: timeMs, &out)
      } else {
        remove(planned.side, fromBest: n, &out.changes)
      }
      rebalance(&out.changes)
      nextWallMs = timeMs + 8_000 + Int64(activityRNG.below(12_000))
      return
    }
    guard timeMs >= nextWallMs else { return }
    let side: Side = activityRNG.chance(0.5) ? .buy : .sell
    let n = 2 + activityRNG.below(4)
    guard book.count(side) > n + 1 else { return }
    let level = book.level(side, fromBest: n)
    book.setSize(side, fromBest: n, wallSize)
    out.changes.append(
      BookChange(action: .update, side: side, id: level.id, ticks: level.ticks, size: wallSize))
    wall = PlannedWall(
      side: side, id: level.id, ticks: level.ticks, eat: eatNextWall,
      untilMs: timeMs + 6_000 + Int64(activityRNG.below(8_000)))
    eatNextWall.toggle()
  }

  /// An aggressive `side` order that takes every level of the other side from the best
  /// through the `n`th, one trade per level.
  private mutating func sweep(_ side: Side, through n: Int, timeMs: Int64, _ out: inout Output) {
    let resting: Side = side == .buy ? .sell : .buy
    for _ in 0...n {
      guard book.count(resting) > 2, let best = book.best(resting) else { return }
      remove(resting, fromBest: 0, &out.changes)
      out.trades.append(makeTrade(timeMs: timeMs, side: side, size: best.size, ticks: best.ticks))
    }
  }

  /// An aggressive order of up to `size` contracts on `side`, level by level from the best;
  /// returns how much it filled.
  private mutating func take(_ side: Side, size: Int64, timeMs: Int64, _ out: inout Output) -> Int64 {
    let resting: Side = side == .buy ? .sell : .buy
    var left = size
    while left > 0, book.count(resting) > 2, let best = book.best(resting) {
      let fill = min(left, best.size)
      if fill == best.size {
        remove(resting, fromBest: 0, &out.changes)
      } else {
        book.setSize(resting, fromBest: 0, best.size - fill)
        out.changes.append(
          BookChange(action: .update, side: resting, id: best.id, ticks: best.ticks, size: best.size - fill))
      }
      out.trades.append(makeTrade(timeMs: timeMs, side: side, size: fill, ticks: best.ticks))
      left -= fill
    }
    return size - left
  }

  /// Every 10–25 s a position is liquidated: its order enters the `liquidation` table at the
  /// best price of the other side, fills half a second later by half, then by the rest, and
  /// leaves the table.
  private mutating func stepLiquidation(timeMs: Int64, _ out: inout Output) {
    if var planned = liquidation {
      guard timeMs >= planned.nextMs else { return }
      let half = planned.order.leavesQty == planned.order.originalQty
      let want =
        half
        ? max(instrument.lotSize, planned.order.leavesQty / 2 / instrument.lotSize * instrument.lotSize)
        : planned.order.leavesQty
      let filled = take(planned.order.side, size: want, timeMs: timeMs, &out)
      planned.order.leavesQty -= filled
      rebalance(&out.changes)
      if planned.order.leavesQty > 0 && half {
        planned.order.action = .update
        planned.nextMs = timeMs + 500 + Int64(activityRNG.below(1_000))
        liquidation = planned
        openLiquidations = [planned.order]
        out.liquidations.append(planned.order)
      } else {
        planned.order.action = .delete
        liquidation = nil
        openLiquidations = []
        out.liquidations.append(planned.order)
        nextLiquidationMs = timeMs + 10_000 + Int64(activityRNG.below(15_000))
      }
      return
    }
    guard timeMs >= nextLiquidationMs else { return }
    let side: Side = activityRNG.chance(0.5) ? .sell : .buy
    guard let other = book.best(side == .sell ? .buy : .sell) else { return }
    let lots = Int64((instrument.tradeLots * Double(8 + activityRNG.below(40))).rounded())
    let qty = max(2, lots) * instrument.lotSize
    // The order's limit is its bankruptcy price, beyond the levels it will fill at.
    let reach = Int64((gapTicks * 10).rounded(.up))
    let limit = side == .sell ? max(1, other.ticks - reach) : other.ticks + reach
    let order = SimLiquidation(
      action: .insert, orderID: activityRNG.guid(), side: side, ticks: limit, leavesQty: qty, originalQty: qty
    )
    liquidation = PlannedLiquidation(order: order, nextMs: timeMs + 300 + Int64(activityRNG.below(700)))
    openLiquidations = [order]
    out.liquidations.append(order)
  }

  // MARK: Trades

  /// One aggressive order: it takes liquidity from the best levels of the other side (up
  /// to three), printing one trade per level at that level's price.
  mutating func stepTrade(timeMs: Int64, _ out: inout Output) {
    let lean = max(-1, min(1, (fair - mid) / (3 * gapTicks)))
    let side: Side = rng.chance(0.5 + 0.3 * lean) ? .buy : .sell
    let resting: Side = side == .buy ? .sell : .buy
    let lot = instrument.lotSize
    var remaining = Int64(1 + rng.geometric(mean: instrument.tradeLots - 1)) * lot
    var levels = 0
    while remaining > 0 && levels < 3, let best = book.best(resting) {
      levels += 1
      var take = min(remaining, best.size)
      if take == best.size && book.count(resting) <= 2 {
        // Never empty a side: leave a lot behind.
        take = best.size - lot
      }
      guard take > 0 else { break }
      if take == best.size {
        remove(resting, fromBest: 0, &out.changes)
      } else {
        book.setSize(resting, fromBest: 0, best.size - take)
        out.changes.append(
          BookChange(action: .update, side: resting, id: best.id, ticks: best.ticks, size: best.size - take))
      }
      remaining -= take
      out.trades.append(makeTrade(timeMs: timeMs, side: side, size: take, ticks: best.ticks))
    }
    rebalance(&out.changes)
  }

  private mutating func makeTrade(timeMs: Int64, side: Side, size: Int64, ticks: Int64) -> SimTrade {
    let direction: TickDirection
    if let last = lastTrade {
      if ticks > last.ticks {
        direction = .plusTick
      } else if ticks < last.ticks {
        direction = .minusTick
      } else {
        direction = last.tickDirection.isUp ? .zeroPlusTick : .zeroMinusTick
      }
    } else {
      direction = .zeroPlusTick
    }
    let (gross, home, foreign) = Self.notionals(instrument, scale, size: size, ticks: ticks)
    let trade = SimTrade(
      timeMs: timeMs, side: side, size: size, ticks: ticks, tickDirection: direction, matchID: rng.guid(),
      grossValue: gross, homeNotional: home, foreignNotional: foreign)
    lastTrade = trade
    history.record(trade)
    volume24h += size
    turnover24h += gross
    home24h += home
    foreign24h += foreign
    high24h = max(high24h, ticks)
    low24h = min(low24h, ticks)
    return trade
  }

  /// Gross value (settlement minor units), home and foreign notional of a trade.
  static func notionals(
    _ instrument: SimInstrument, _ scale: PriceScale, size: Int64, ticks: Int64
  ) -> (Int64, Double, Double) {
    let price = max(scale.price(ticks), scale.tickSize)
    let home: Double
    let foreign: Double
    let gross: Double
    switch instrument.kind {
    case .inverse:
      home = Double(size) / price
      foreign = Double(size)
      gross = home * 1e8
    case .linear:
      home = Double(size) / (instrument.underlyingToPositionMultiplier ?? 1)
      foreign = home * price
      gross = instrument.settlesInBitcoin ? foreign * 1e8 : foreign * 1e6
    case .quanto:
      gross = Double(size) * price * instrument.multiplier
      home = Double(size)
      foreign = gross / 1e8
    }
    return (Int64(gross.rounded()), Self.decimalRound(home, 8), Self.decimalRound(foreign, 8))
  }

  // MARK: The instrument

  /// Moves the slow fields (basis, predicted funding, open interest; funding at its time).
  mutating func evolveTicker(timeMs: Int64) {
    basis = max(-basisLimit, min(basisLimit, basis + tickerRNG.gaussian() * 0.00002))
    indicativeFundingRate = max(
      -0.00375, min(0.00375, Self.decimalRound(indicativeFundingRate + tickerRNG.gaussian() * 0.000002, 6)))
    let drift = Int64((tickerRNG.gaussian() * 20).rounded()) * instrument.lotSize
    // Spot and indices have no open interest, dated futures no funding.
    if !instrument.isSpot && !instrument.isIndex { openInterest = max(0, openInterest + drift) }
    if instrument.isPerpetual, timeMs >= fundingTimeMs {
      fundingRate = indicativeFundingRate
      fundingTimeMs = Self.nextFunding(after: timeMs)
    }
  }

  /// Takes over a ticker-only instrument's day (`SimWorld.promote`): its 24 h base (so the 24 h
  /// change goes on from the same price), high, low, volume and turnover so far, open interest,
  /// basis and funding. The warm-up's own past is the ticker's, already counted.
  mutating func continueDay(_ day: SimDay) {
    let last = history.lastTicks
    prevPrice24h = day.prevPrice24h
    high24h = max(day.high24h, last)
    low24h = min(day.low24h, last)
    volume24h = day.volume24h
    turnover24h = day.turnover24h
    home24h = day.home24h
    foreign24h = day.foreign24h
    openInterest = day.openInterest
    basis = instrument.isSpot ? 0 : day.basis
    basisLimit = instrument.isSpot ? 0 : max(0.001, abs(day.basis) + 0.001)
    fundingRate = day.fundingRate
    indicativeFundingRate = day.indicativeFundingRate
    fundingTimeMs = day.fundingTimeMs
  }

  /// The instrument's changing fields now.
  func ticker(timeMs: Int64) -> InstrumentTicker {
    let last = history.lastTicks
    let markDecimals = max(2, scale.decimals + 1)
    let m = mid
    let midPrice = Self.decimalRound(scale.price(1) * m, markDecimals)
    let mark = Self.decimalRound(midPrice * (1 + basis), markDecimals)
    let index = Self.decimalRound(midPrice * (1 + basis * 0.5 - 0.00005), markDecimals)
    let change = Self.decimalRound(Double(last) / Double(prevPrice24h) - 1, 4)
    let vwap = Self.decimalRound(scale.price(1) * Double(prevPrice24h + last) / 2, markDecimals)
    let perpetual = instrument.isPerpetual
    let values: [InstrumentTicker.Value] = [
      .ticks(last), .text(Self.name(lastTrade?.tickDirection ?? .zeroPlusTick)), .number(change),
      .ticks(prevPrice24h), .ticks(max(high24h, last)), .ticks(min(low24h, last)), .ticks(bestBid),
      .number(midPrice), .ticks(bestAsk), .number(mark), .number(mark), .number(index),
      perpetual ? .number(fundingRate) : .null, perpetual ? .number(indicativeFundingRate) : .null,
      perpetual ? .time(fundingTimeMs) : .null, .integer(volume24h), .integer(turnover24h),
      .number(Self.decimalRound(home24h, 4)), .number(Self.decimalRound(foreign24h, 4)), .number(vwap),
      .integer(openInterest),
      .integer(Self.notionals(instrument, scale, size: openInterest, ticks: last).0),
    ]
    return InstrumentTicker(values: values, timeMs: timeMs)
  }

  /// BitMEX's name for a tick direction.
  static func name(_ direction: TickDirection) -> String {
    switch direction {
    case .plusTick: "PlusTick"
    case .zeroPlusTick: "ZeroPlusTick"
    case .minusTick: "MinusTick"
    case .zeroMinusTick: "ZeroMinusTick"
    }
  }

  /// The next funding time (04:00, 12:00, 20:00 UTC) after `ms`.
  static func nextFunding(after ms: Int64) -> Int64 {
    let eight: Int64 = 8 * 3_600_000
    let four: Int64 = 4 * 3_600_000
    return TradeHistory.floor(ms - four, eight) + four + eight
  }

  private static func decimalRound(_ x: Double, _ decimals: Int) -> Double {
    let p = pow(10, Double(decimals))
    return (x * p).rounded() / p
  }
}
