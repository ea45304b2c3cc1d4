import MarketModel
import NIOCore

/// The follower venues inside the simulated world: a book and tape per booked listing, each
/// following its reference instrument's mid (with the listing's basis) tick by tick; the
/// depth-limited topics' views and sequences; and the Coinbase, Bybit and OKX sessions.
///
/// Confined to the world's event loop, like `SimWorld`, which owns it and calls `advance` after
/// every market tick.
final class FollowerWorld {
  unowned let world: SimWorld
  /// Every listing whose reference instrument the world has.
  let listings: [FollowerListing]
  /// The booked listings' markets.
  private(set) var markets: [FollowerMarket] = []
  private var marketIndex: [String: Int] = [:]
  private var views: [String: FollowerView] = [:]
  private var sessions: [ObjectIdentifier: FollowerSession] = [:]
  private(set) var ticks: Int64 = 0
  private var seqRNG: UInt64 = 0x9E37_79B9_7F4A_7C15

  init(world: SimWorld) {
    self.world = world
    let big = world.faults.current.followers.bigCoinbaseSnapshot
    var listed: [FollowerListing] = []
    for var listing in FollowerCatalog.all where world.slot(listing.reference) != nil {
      if big && listing.venue == .coinbase && listing.symbol == "BTC-USD" { listing.levels = 23_000 }
      listed.append(listing)
    }
    listings = listed
    for listing in listings where listing.booked {
      guard let fair = Self.fair(world, listing) else { continue }
      marketIndex[Self.key(listing.venue, listing.symbol)] = markets.count
      markets.append(FollowerMarket(listing: listing, seed: world.config.seed, fair: fair))
    }
    seqRNG ^= world.config.seed
  }

  private static func key(_ venue: FollowerVenue, _ symbol: String) -> String {
    venue.rawValue + "|" + symbol
  }

  /// The reference instrument's mid (its last trade when a side is empty), with the basis.
  private static func fair(_ world: SimWorld, _ listing: FollowerListing) -> Double? {
    guard let g = world.slot(listing.reference)?.generator else { return nil }
    let price: Double
    if let bid = g.book.best(.buy), let ask = g.book.best(.sell) {
      price = g.scale.price(bid.ticks + ask.ticks) / 2
    } else if let last = g.lastTrade {
      price = g.scale.price(last.ticks)
    } else {
      price = g.instrument.startPrice
    }
    // A crossed venue (`venue-cross`) sits that much further off.
    return price * (1 + listing.basis + (world.venueCrossBps[listing.venue.rawValue] ?? 0) / 10_000)
  }

  // MARK: Listings and markets

  /// The listings of `venue`.
  func listings(_ venue: FollowerVenue) -> [FollowerListing] { listings.filter { $0.venue == venue } }

  func listing(_ venue: FollowerVenue, _ symbol: String) -> FollowerListing? {
    listings.first { $0.venue == venue && $0.symbol == symbol }
  }

  /// The market index of a booked listing.
  func market(_ venue: FollowerVenue, _ symbol: String) -> Int? { marketIndex[Self.key(venue, symbol)] }

  /// The ticker numbers of `listing` now.
  func stats(_ listing: FollowerListing) -> FollowerStats? {
    guard let slot = world.slot(listing.reference), let fair = Self.fair(world, listing) else { return nil }
    let g = slot.generator
    let k = 1 + listing.basis
    func price(_ name: String) -> Double? {
      if case .ticks(let t)? = slot.published.value(name) { return g.scale.price(t) * k }
      return nil
    }
    func number(_ name: String) -> Double {
      if case .number(let n)? = slot.published.value(name) { return n }
      return 0
    }
    let tick = Double(listing.tickUnits) / listing.pricePerOne
    var s = FollowerStats(
      last: (fair / tick).rounded() * tick, bid: ((fair - tick) / tick).rounded() * tick,
      ask: ((fair + tick) / tick).rounded() * tick, bidSize: 1, askSize: 1,
      open24h: price("prevPrice24h") ?? fair, high24h: price("highPrice") ?? fair,
      low24h: price("lowPrice") ?? fair, volume24h: number("homeNotional24h"),
      fundingRate: number("fundingRate"))
    if let m = market(listing.venue, listing.symbol) {
      let book = markets[m].book
      if let bid = book.best(.buy), let ask = book.best(.sell) {
        s.bid = Double(bid.ticks) / listing.pricePerOne
        s.ask = Double(ask.ticks) / listing.pricePerOne
        s.bidSize = Double(bid.size) / listing.sizePerOne
        s.askSize = Double(ask.size) / listing.sizePerOne
      }
      if let trade = markets[m].lastTrade { s.last = Double(trade.ticks) / listing.pricePerOne }
    }
    s.high24h = max(s.high24h, s.last)
    s.low24h = min(s.low24h, s.last)
    func onTick(_ x: Double?) -> Double {
      guard let x, x > 0, x.isFinite else { return s.last }
      return (x * k / tick).rounded() * tick
    }
    let mark = slot.published.value("markPrice")
    let index = slot.published.value("indicativeSettlePrice")
    if case .number(let m)? = mark { s.mark = onTick(m) } else { s.mark = s.last }
    if case .number(let i)? = index { s.index = onTick(i) } else { s.index = s.last }
    if case .time(let ms)? = slot.published.value("fundingTimestamp") { s.nextFundingMs = ms }
    return s
  }

  // MARK: The clock

  /// Steps every booked listing towards its reference, at its venue's pace
  /// (`SimConfig.pace`), and hands the tick to every session, with the reference instruments'
  /// liquidations that entered this tick (`liquidations`, by the reference's symbol) on each
  /// listing that follows one.
  func advance(
    timeMs t: Int64, publishTickers: Bool, liquidations: [String: [FollowerLiquidation.Source]] = [:]
  ) {
    let config = world.config
    ticks += 1
    var outputs: [FollowerMarket.Output] = []
    outputs.reserveCapacity(markets.count)
    for i in markets.indices {
      guard let fair = Self.fair(world, markets[i].listing) else {
        outputs.append(FollowerMarket.Output())
        continue
      }
      let pace = config.pace(markets[i].listing.venue.rawValue)
      var out = markets[i].tick(
        fair: fair, timeMs: t, bookChance: pace.book / config.tickRate,
        tradesPerTick: pace.trades / config.tickRate)
      for source in liquidations[markets[i].listing.reference] ?? [] {
        if let l = FollowerLiquidation(source, market: markets[i], timeMs: t) { out.liquidations.append(l) }
      }
      outputs.append(out)
    }
    let perSecond = max(1, Int64(world.config.tickRate.rounded()))
    let tick = FollowerTick(
      number: ticks, timeMs: t, outputs: outputs, publishTickers: publishTickers,
      secondPassed: ticks % perSecond == 0)
    for session in sessions.values { session.published(tick) }
  }

  // MARK: Depth-limited topics

  /// The topic's view (created from the book the first time), for a snapshot.
  func view(_ market: Int, depth: Int) -> FollowerView {
    let key = "\(market)|\(depth)"
    if let v = views[key] { return v }
    let v = FollowerView(depth: depth, book: markets[market].book, sequence: nextSequenceStart())
    views[key] = v
    return v
  }

  /// The topic's diff for this tick (computed once, for every subscriber), its sequence
  /// advanced by `step` when the diff is not empty.
  func diff(_ market: Int, depth: Int, step: () -> UInt64) -> FollowerView {
    let key = "\(market)|\(depth)"
    var v = view(market, depth: depth)
    guard v.tick != ticks else { return v }
    v.tick = ticks
    v.changes = v.view.advance(to: markets[market].book)
    if !v.changes.isEmpty {
      v.previous = v.sequence
      if v.resetPending {
        // After maintenance the sequence starts again, lower; prevSeqId still links.
        v.resetPending = false
        v.sequence = max(1, v.sequence / 1_000)
      } else {
        v.sequence &+= step()
      }
    }
    views[key] = v
    return v
  }

  /// Bybit (`bybit`): every book topic's sequence goes on by one, or to 1 for a `restart`, for the
  /// snapshot every subscriber is sent next. OKX: every `books` topic's next update starts the
  /// numbering again lower (maintenance), when `restart`.
  func bumpSequences(bybit: Bool, restart: Bool) {
    for key in Array(views.keys) {
      guard let m = Int(key.split(separator: "|")[0]), markets[m].listing.venue.isBybit == bybit else {
        continue
      }
      if bybit {
        let held = views[key]?.sequence ?? 0
        views[key]?.sequence = restart ? 1 : held &+ 1
      } else if markets[m].listing.venue == .okx && restart {
        views[key]?.resetPending = true
      }
    }
  }

  /// A start for a new topic's sequence: large, as the venues' are.
  private func nextSequenceStart() -> UInt64 {
    seqRNG = seqRNG &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return 10_000_000 + (seqRNG >> 40)
  }

  // MARK: Sessions

  func register(_ session: FollowerSession) {
    sessions[ObjectIdentifier(session)] = session
    world.stats.withLock {
      $0.upgradesAccepted += 1
      $0.openSessions += 1
    }
    if world.pausedVenues.contains(session.venue.rawValue) { session.stall() }
  }

  func unregister(_ session: FollowerSession) {
    guard sessions.removeValue(forKey: ObjectIdentifier(session)) != nil else { return }
    world.stats.withLock { $0.openSessions -= 1 }
  }

  /// The sessions of `venue` (all when nil).
  func sessions(_ venue: FollowerVenue?) -> [FollowerSession] {
    sessions.values.filter { venue == nil || $0.venue == venue }
  }

  func flush() {
    for session in sessions.values { session.flushIfNeeded() }
  }

  func dropAll() {
    for session in sessions.values { session.drop() }
  }

  func stallAll() {
    for session in sessions.values { session.stall() }
  }

  /// Stalls (or drops) the connections of the venue named `venue` (`coinbase`, `okx`…).
  func stall(venue: String) {
    for session in sessions.values where session.venue.rawValue == venue { session.stall() }
  }
  func drop(venue: String) {
    for session in sessions.values where session.venue.rawValue == venue { session.drop() }
  }

  func sendGarbage(_ kind: GarbageFrame) {
    for session in sessions.values { session.sendGarbage(kind) }
  }

  // MARK: Queries

  /// The book of a booked listing, best first, at most `depth` levels a side, as
  /// `price×size` text at the listing's decimals.
  func book(_ venue: FollowerVenue, _ symbol: String, depth: Int) -> (bids: [String], asks: [String]) {
    guard let m = market(venue, symbol) else { return ([], []) }
    let listing = markets[m].listing
    func rows(_ side: Side) -> [String] {
      markets[m].book.top(side, depth).map {
        FollowerText.decimal($0.ticks, listing.priceDecimals) + "×"
          + FollowerText.decimal($0.size, listing.sizeDecimals)
      }
    }
    return (rows(.buy), rows(.sell))
  }
}
