import MarketModel
import Seeding

/// One Binance symbol's book, which is a pure function of its source instrument's book: each
/// source level maps to one level of this symbol (its price on this symbol's finer or equal
/// grid, with the fixed basis; its quantity in the base asset), so the two markets move as one
/// price process while each keeps its own grid, sizes and update ids.
///
/// Every change of the source book is one update id here (spot: consecutive; USDⓈ-M: its own id
/// space, in irregular steps, as the real one), gathered by each depth stream's window. The book
/// keeps two captures of the source book taken at whole seconds while no depth stream of it is
/// open, for the snapshot-older-than-the-stream fault.
struct BinanceBook: Sendable {
  let listing: BinanceListing
  /// Source ticks → ticks of this symbol: `ratio` ticks here per source tick, plus a fixed
  /// sub-tick offset per source price (below `ratio`, so the order of prices holds and a book
  /// that is not crossed stays so), plus the basis.
  let ratio: Int64
  let basisTicks: Int64
  /// The source's lot (its sizes are multiples).
  let sourceLot: Int64
  private let salt: UInt64
  /// The last update id given.
  private(set) var lastID: UInt64
  private(set) var windows: [BinanceDepthWindow]
  /// The best bid and ask as last sent on `@bookTicker`.
  private(set) var top: (bid: BinanceLevel?, ask: BinanceLevel?) = (nil, nil)
  /// The two captures of the source book (and the id it was at), older first.
  private(set) var older: (book: SimBook, id: UInt64)?
  private(set) var newer: (book: SimBook, id: UInt64)
  private var nextCaptureMs: Int64
  /// The source book when the last diff depth update went out (and its `u`).
  private(set) var boundary: (book: SimBook, id: UInt64)?
  /// Depth streams of this book open now (captures stop while there are any).
  private(set) var depthStreams = 0
  /// The liquidation order being filled, and how much of it (contracts) had filled at its last
  /// report.
  private var liquidation: (orderID: String, filled: Int64)?
  /// The last trade id given (`t` of `@trade`, `a` of `@aggTrade`).
  private(set) var tradeID: UInt64

  /// The book of `listing` following `generator`, or nil when the source's tick is not a whole
  /// number of this symbol's ticks.
  init?(_ listing: BinanceListing, following generator: MarketGenerator, seed: UInt64, startMs: Int64) {
    let scale = generator.scale
    guard listing.priceDecimals >= scale.decimals, listing.tickUnits > 0 else { return nil }
    let sourceTick = scale.tickUnits * BinanceListing.power(listing.priceDecimals - scale.decimals)
    guard sourceTick % listing.tickUnits == 0 else { return nil }
    self.listing = listing
    ratio = sourceTick / listing.tickUnits
    let tick = listing.tickSize
    basisTicks = Int64((generator.instrument.startPrice * listing.basisBps / 10_000 / tick).rounded())
    sourceLot = max(1, generator.instrument.lotSize)
    salt = SimRandom.seed(seed, "binance/\(listing.market.rawValue)/\(listing.symbol)")
    // Ids of the size real ones have: spot's near 5·10^10, USDⓈ-M's near 5·10^12.
    let base: UInt64 = listing.market == .spot ? 50_000_000_000 : 5_100_000_000_000
    let first = base + salt % 1_000_000_000
    lastID = first
    tradeID = (listing.market == .spot ? 3_700_000_000 : 5_200_000_000) + salt % 10_000_000
    windows = BinanceStream.depthIntervals(listing.market).map {
      BinanceDepthWindow(intervalMs: $0, startMs: startMs, lastID: first)
    }
    newer = (generator.book, lastID)
    nextCaptureMs = (startMs / 1_000 + 1) * 1_000
    top = (generator.book.best(.buy).map(level), generator.book.best(.sell).map(level))
  }

  // MARK: Mapping

  /// 64 well-mixed bits of `x` (SplitMix64's finaliser).
  private static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// This symbol's ticks for a source price.
  func ticks(_ sourceTicks: Int64) -> Int64 {
    let offset = ratio > 1 ? Int64(Self.mix(UInt64(bitPattern: sourceTicks) ^ salt) % UInt64(ratio)) : 0
    return sourceTicks * ratio + offset + basisTicks
  }

  /// The quantity of a source level (`size` contracts at `sourceTicks`), never zero: the lots in
  /// the base asset, spread ±20 % per level so that sizes do not all share one factor.
  func qty(_ sourceTicks: Int64, size: Int64) -> Int64 {
    let spread = Double(
      Self.mix(UInt64(bitPattern: sourceTicks) &* 31 &+ UInt64(bitPattern: size) ^ salt) >> 11)
    let factor = 0.8 + 0.4 * spread * 0x1.0p-53
    return units(lots: Double(size) / Double(sourceLot) * factor)
  }

  /// The quantity of `lots` source lots, in whole steps (at least one).
  func units(lots: Double) -> Int64 {
    let steps = max(1, (lots * listing.basePerLot / listing.stepSize).rounded())
    return Int64(min(steps, 1e12)) * listing.stepUnits
  }

  /// The level a source level maps to.
  func level(_ source: SimLevel) -> BinanceLevel {
    BinanceLevel(ticks: ticks(source.ticks), qty: qty(source.ticks, size: source.size))
  }

  /// The book now, best first, at most `limit` levels a side.
  func levels(of book: SimBook, limit: Int) -> (bids: [BinanceLevel], asks: [BinanceLevel]) {
    (book.top(.buy, limit).map(level), book.top(.sell, limit).map(level))
  }

  // MARK: Changes

  /// A depth stream of `intervalMs` opened (`delta` 1) or closed (-1).
  mutating func listen(intervalMs: Int, by delta: Int) {
    depthStreams = max(0, depthStreams + delta)
    for w in windows.indices where windows[w].intervalMs == intervalMs { windows[w].listen(by: delta) }
  }

  /// The next update id: consecutive on spot, in steps of 1 to 23 on USDⓈ-M.
  private mutating func nextID() -> UInt64 {
    lastID += listing.market == .spot ? 1 : 1 + Self.mix(lastID ^ salt) % 23
    return lastID
  }

  /// The source book changed by `changes` at `t`: each change takes an id and goes to every
  /// window; the captures move on at whole seconds while no depth stream is open. Returns the
  /// new best bid and ask when they differ from the last sent.
  mutating func sourceChanged(
    _ changes: [BookChange], book: SimBook, timeMs t: Int64
  ) -> (bid: BinanceLevel?, ask: BinanceLevel?)? {
    let gathering = depthStreams > 0
    for change in changes {
      let id = nextID()
      guard gathering else {
        for w in windows.indices { windows[w].spent(id) }
        continue
      }
      let mapped = BinanceLevel(
        ticks: ticks(change.ticks), qty: change.action == .delete ? 0 : qty(change.ticks, size: change.size))
      for w in windows.indices { windows[w].record(bid: change.side == .buy, mapped, id: id) }
    }
    if depthStreams == 0, t >= nextCaptureMs {
      older = newer
      newer = (book, lastID)
      nextCaptureMs = (t / 1_000 + 1) * 1_000
    }
    guard !changes.isEmpty else { return nil }
    let now = (book.best(.buy).map(level), book.best(.sell).map(level))
    guard now.0 != top.bid || now.1 != top.ask else { return nil }
    top = now
    return now
  }

  /// The updates of the windows that end at `t` (all of them with `now`), with their window's
  /// interval.
  mutating func flush(at t: Int64, now: Bool) -> [(intervalMs: Int, event: BinanceDepthEvent)] {
    var out: [(Int, BinanceDepthEvent)] = []
    for w in windows.indices {
      if let event = windows[w].flush(at: t, now: now) { out.append((windows[w].intervalMs, event)) }
    }
    return out
  }

  /// A diff depth update just went out: `book` is the source book as of its `u` (the last id).
  mutating func wentOut(_ book: SimBook) {
    boundary = (book, lastID)
  }

  /// The fills of the source's liquidation orders `changes` (contracts): each update or delete
  /// with what it filled since the last (`last`) and in all (`filled`); an order entering has
  /// filled nothing yet.
  mutating func liquidationFills(
    _ changes: [SimLiquidation]
  ) -> [(order: SimLiquidation, last: Int64, filled: Int64)] {
    var out: [(SimLiquidation, Int64, Int64)] = []
    for order in changes {
      guard order.action != .insert else {
        liquidation = (order.orderID, 0)
        continue
      }
      let filled = order.originalQty - order.leavesQty
      let before = liquidation?.orderID == order.orderID ? liquidation?.filled ?? 0 : 0
      liquidation = order.action == .delete ? nil : (order.orderID, filled)
      out.append((order, max(0, filled - before), filled))
    }
    return out
  }

  /// A new trade id.
  mutating func nextTradeID() -> UInt64 {
    tradeID += 1
    return tradeID
  }
}
