import MarketModel
import NIOCore
import Seeding

/// The Kraken dialect's part of the simulated world: every Kraken pair, the sessions at
/// `/kraken/v2`, and what each market tick sends them. Each pair's price follows one of the
/// simulator's instruments (the one shared price process), with its own grid, sizes, basis and
/// depth.
///
/// Confined to the world's event loop, like `SimWorld`, which owns it and calls `advance` from
/// its market tick.
final class KrakenVenue {
  /// The depths a book may be subscribed at (Kraken's list); 10 when none is given.
  static let depths = [10, 25, 100, 500, 1000]
  static let defaultDepth = 10

  unowned let world: SimWorld
  private(set) var pairs: [KrakenPairState] = []
  private var sessions: [ObjectIdentifier: KrakenSession] = [:]
  private var connectionIDs: SimRandom

  init(world: SimWorld) {
    self.world = world
    connectionIDs = SimRandom(seed: SimRandom.seed(world.config.seed, "kraken/connections"))
    let startMs = world.nowMs()
    for pair in KrakenListing.pairs {
      let followed = followedPrice(pair.follows)
      var state = KrakenPairState(
        pair: pair, seed: world.config.seed, startMs: startMs, tickRate: world.config.tickRate,
        reference: followed.map { $0 * pair.ratio })
      // A pair that follows a listed instrument has a book and a tape from the start.
      if let symbol = pair.follows, world.slot(symbol) != nil {
        state.market = KrakenMarket(
          pair: pair, seed: world.config.seed, centre: Int64(state.fair(following: followed).rounded()))
        state.refreshTouch()
      }
      pairs.append(state)
    }
  }

  /// The index of the pair `symbol`, if listed.
  func index(_ symbol: String) -> Int? {
    guard let i = KrakenListing.index[symbol], i < pairs.count else { return nil }
    return i
  }

  /// The followed instrument's price: a listed market's mid, or a universe instrument's last.
  private func followedPrice(_ symbol: String?) -> Double? {
    guard let symbol else { return nil }
    // Crossed (`venue-cross`): every pair that much off the price it follows.
    let crossed = 1 + (world.venueCrossBps["kraken"] ?? 0) / 10_000
    if let slot = world.slot(symbol) {
      let book = slot.generator.book
      guard let bid = book.best(.buy)?.ticks, let ask = book.best(.sell)?.ticks else { return nil }
      return slot.generator.scale.price(1) * Double(bid + ask) / 2 * crossed
    }
    return world.universeSlot(symbol).map { $0.ticker.lastPrice * crossed }
  }

  /// Gives pair `i` a book and a tape (the first book or trade subscription of a ticker-only
  /// pair), centred on its price now.
  func ensureMarket(_ i: Int) {
    guard pairs[i].market == nil else { return }
    let fair = pairs[i].fair(following: followedPrice(pairs[i].pair.follows))
    pairs[i].market = KrakenMarket(
      pair: pairs[i].pair, seed: world.config.seed, centre: Int64(max(1, fair.rounded())))
    pairs[i].refreshTouch()
  }

  // MARK: The market tick

  /// One market tick at `timeMs`: every pair moves; subscribers get the changes.
  func advance(timeMs t: Int64) {
    let config = world.config
    let pace = config.pace("kraken")
    let bookChance = pace.book / config.tickRate
    let tradesPerTick = pace.trades / config.tickRate
    for i in pairs.indices {
      pairs[i].stepWalks()
      let fair = pairs[i].fair(following: followedPrice(pairs[i].pair.follows))
      if pairs[i].market != nil {
        let out = pairs[i].market!.tick(
          fair: fair, timeMs: t, bookChance: bookChance, tradesPerTick: tradesPerTick)
        for trade in out.trades { pairs[i].record(trade) }
        if out.bookChanged {
          pairs[i].refreshTouch()
          publishBook(i, timeMs: t)
        }
        if !out.trades.isEmpty {
          publish(.trade, i) { KrakenFrames.trades(snapshot: false, pair: $0.pair, out.trades) }
          publish(.ticker, i) { KrakenFrames.ticker(snapshot: false, pair: $0.pair, $0.day) }
        }
      } else if world.ticks % pairs[i].period == pairs[i].phase {
        pairs[i].stepTickerOnly(fair: fair, timeMs: t)
        publish(.ticker, i) { KrakenFrames.ticker(snapshot: false, pair: $0.pair, $0.day) }
      }
    }
    flush()
  }

  /// Sends pair `i`'s frame (made only when someone follows `channel` for it).
  private func publish(_ channel: KrakenChannel, _ i: Int, _ frame: (KrakenPairState) -> [UInt8]) {
    let symbol = pairs[i].symbol
    let targets = sessions.values.filter { $0.follows(channel, symbol) }
    guard !targets.isEmpty else { return }
    let buffer = ByteBuffer(bytes: frame(pairs[i]))
    for session in targets { session.send(buffer, kind: channel.kind) }
  }

  /// Moves every published depth view of pair `i` to its book and sends each depth's update
  /// (nothing when nothing within that depth changed). A view nobody follows any more is dropped,
  /// to be made afresh for the next subscriber.
  private func publishBook(_ i: Int, timeMs t: Int64) {
    guard let book = pairs[i].market?.book else { return }
    let symbol = pairs[i].symbol
    let pair = pairs[i].pair
    for depth in pairs[i].views.keys.sorted() {
      let targets = sessions.values.filter { $0.bookDepth(symbol) == depth }
      guard !targets.isEmpty, var view = pairs[i].views[depth] else {
        pairs[i].views[depth] = nil
        continue
      }
      let changes = view.advance(to: book)
      pairs[i].views[depth] = view
      guard !changes.isEmpty else { continue }
      let checksum = KrakenBookChecksum.of(asks: view.asks, bids: view.bids, pair: pair)
      let bids = changes.filter { $0.side == .buy }.map { (price: $0.priceUnits, qty: $0.qtyUnits) }
      let asks = changes.filter { $0.side == .sell }.map { (price: $0.priceUnits, qty: $0.qtyUnits) }
      let frame = ByteBuffer(
        bytes: KrakenFrames.book(
          snapshot: false, pair: pair, bids: bids, asks: asks, checksum: checksum, timeMs: t))
      var wrong: ByteBuffer?
      for session in targets {
        if session.takeChecksumFault() {
          // The fault: the same levels under a checksum one off.
          wrong =
            wrong
            ?? ByteBuffer(
              bytes: KrakenFrames.book(
                snapshot: false, pair: pair, bids: bids, asks: asks, checksum: checksum ^ 1, timeMs: t))
          session.send(wrong!, kind: "kraken-book-bad-checksum")
        } else {
          session.send(frame, kind: KrakenChannel.book.kind)
        }
      }
    }
  }

  private func flush() {
    for session in sessions.values { session.flushIfNeeded() }
  }

  // MARK: Snapshots

  /// The `book` snapshot of pair `i` at `depth` (its view made if nobody followed it yet).
  func bookSnapshot(_ i: Int, depth: Int) -> [UInt8] {
    ensureMarket(i)
    let book = pairs[i].market!.book
    let view = pairs[i].views[depth] ?? KrakenBookView(depth: depth, book: book)
    pairs[i].views[depth] = view
    let pair = pairs[i].pair
    return KrakenFrames.book(
      snapshot: true, pair: pair, bids: view.bids.map { ($0.ticks, $0.size) },
      asks: view.asks.map { ($0.ticks, $0.size) },
      checksum: KrakenBookChecksum.of(asks: view.asks, bids: view.bids, pair: pair), timeMs: world.nowMs())
  }

  /// The `trade` snapshot of pair `i`: its last 50 trades.
  func tradeSnapshot(_ i: Int) -> [UInt8] {
    ensureMarket(i)
    return KrakenFrames.trades(snapshot: true, pair: pairs[i].pair, pairs[i].market?.recent ?? [])
  }

  /// The `ticker` snapshot of pair `i`.
  func tickerSnapshot(_ i: Int) -> [UInt8] {
    KrakenFrames.ticker(snapshot: true, pair: pairs[i].pair, pairs[i].day)
  }

  /// The `instrument` snapshot: every pair.
  func instrumentSnapshot() -> [UInt8] {
    KrakenFrames.instrument(pairs.map(\.pair))
  }

  /// A new connection id, past 2^53 as Kraken's are.
  func nextConnectionID() -> Int64 {
    7_000_000_000_000_000_000 + Int64(connectionIDs.below(1_000_000_000_000_000))
  }

  // MARK: Sessions

  func register(_ session: KrakenSession) {
    sessions[ObjectIdentifier(session)] = session
    world.stats.withLock {
      $0.upgradesAccepted += 1
      $0.openSessions += 1
    }
    if world.pausedVenues.contains("kraken") { session.stall() }
  }

  func unregister(_ session: KrakenSession) {
    guard sessions.removeValue(forKey: ObjectIdentifier(session)) != nil else { return }
    world.stats.withLock { $0.openSessions -= 1 }
  }

  // MARK: Run-time faults

  func dropAll() {
    for session in sessions.values { session.drop() }
  }

  func stallAll() {
    for session in sessions.values { session.stall() }
  }

  func sendGarbage(_ kind: GarbageFrame) {
    for session in sessions.values { session.sendGarbage(kind) }
  }

  func rateLimitAll() {
    for session in sessions.values { session.rateLimit() }
  }

  /// Arms the wrong-checksum fault on every session following a book (of `symbol`, or any).
  func corruptNextChecksum(symbol: String?) {
    for session in sessions.values where session.followsBook(symbol) { session.armChecksumFault() }
  }

  /// Inserts a level inside the top ten of each side of `symbols`' books (every book with a
  /// market when nil) and publishes: the level at the edge of every subscribed depth is pushed
  /// out without a delete. Returns how many books changed.
  @discardableResult
  func pushOut(symbols: [String]?) -> Int {
    var changed = 0
    let t = world.nowMs()
    for i in pairs.indices where pairs[i].market != nil {
      if let symbols, !symbols.contains(pairs[i].symbol) { continue }
      let bid = pairs[i].market!.pushOut(.buy, depth: KrakenBookChecksum.levels)
      let ask = pairs[i].market!.pushOut(.sell, depth: KrakenBookChecksum.levels)
      guard bid || ask else { continue }
      changed += 1
      pairs[i].refreshTouch()
      publishBook(i, timeMs: t)
    }
    flush()
    return changed
  }

  // MARK: Queries

  /// The book of `symbol` as text, best first, at most `depth` levels per side (empty when the
  /// pair is unknown or has no book).
  func bookText(_ symbol: String, depth: Int) -> KrakenBookText {
    guard let i = index(symbol), let book = pairs[i].market?.book else {
      return KrakenBookText(bids: [], asks: [])
    }
    let pair = pairs[i].pair
    func side(_ s: Side) -> [KrakenBookText.Level] {
      book.top(s, depth).map {
        KrakenBookText.Level(
          price: KrakenDecimal.string($0.ticks, precision: pair.pricePrecision),
          qty: KrakenDecimal.string($0.size, precision: pair.qtyPrecision))
      }
    }
    return KrakenBookText(bids: side(.buy), asks: side(.sell))
  }
}
