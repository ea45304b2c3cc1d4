import FoundationEssentials
import MarketModel
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// The simulated exchange's shared state: one market per instrument, the WebSocket
/// sessions, and the clock that moves the market. Every connection sees this one world.
///
/// Confined to the server's event loop: every method must be called there (the public
/// `ExchangeSim` API hops onto the loop). Confinement, not locks, is what makes a
/// subscriber's partial and the deltas that follow it consistent: both are produced in
/// the same loop turn order, so nothing can slip in between.
final class SimWorld {
  /// A running benchmark burst.
  private struct Burst {
    let session: ObjectIdentifier
    let table: SimTable
    let slot: Int
    /// The session's frame count for `table` at which the burst ends.
    let target: Int
  }

  let config: SimConfig
  let eventLoop: EventLoop
  let stats: SimLock<SimStats>
  let faults: SimLock<SimFaults>
  let replay: ReplayFile?
  private(set) var slots: [MarketSlot] = []
  private var slotIndex: [String: Int] = [:]
  /// The ticker-only instruments (`SimConfig.universe`).
  private(set) var universe: [UniverseSlot] = []
  private var universeIndex: [String: Int] = [:]
  private(set) var sessions: [ObjectIdentifier: SimWebSocketHandler] = [:]
  private var channels: [ObjectIdentifier: Channel] = [:]
  /// Whether the market clock is stopped.
  var paused: Bool
  /// Market ticks so far (warm-up excluded): the market clock.
  private(set) var ticks: Int64 = 0
  private let epochMs: Int64?
  private let tickInterval: TimeAmount
  private let ticksPerInstrument: Int64
  private var timer: Scheduled<Void>?
  private var nextTick = NIODeadline.now()
  private var bursts: [Burst] = []
  /// The Kraken dialect's pairs and sessions (made when the market starts).
  private(set) lazy var kraken = KrakenVenue(world: self)
  /// The Coinbase, Bybit and OKX dialects' listings, books and sessions (made when the market starts).
  private(set) lazy var followers = FollowerWorld(world: self)
  private var burstScheduled = false
  private var stopped = false
  /// The liquidation orders that entered this tick, by instrument: the follower venues report
  /// them (`FollowerWorld.advance`).
  private var followerLiquidations: [String: [FollowerLiquidation.Source]] = [:]
  /// The Binance dialect's books and connections (`Binance/`).
  let binance = BinanceDialect()

  init(
    config: SimConfig, eventLoop: EventLoop, stats: SimLock<SimStats>, faults: SimLock<SimFaults>,
    replay: ReplayFile?
  ) {
    self.config = config
    self.eventLoop = eventLoop
    self.stats = stats
    self.faults = faults
    self.replay = replay
    paused = config.startPaused
    epochMs = config.epoch.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    tickInterval = .nanoseconds(Int64(1e9 / config.tickRate))
    ticksPerInstrument = max(1, Int64((config.instrumentInterval * config.tickRate).rounded()))
    let startMs = epochMs ?? Self.wallMs()
    for instrument in config.instruments where slotIndex[instrument.symbol] == nil {
      let generator = Self.warmedUp(
        instrument, config: config, startMs: startMs, ticksPerInstrument: ticksPerInstrument)
      slotIndex[instrument.symbol] = slots.count
      slots.append(MarketSlot(generator: generator, timeMs: startMs))
    }
    for instrument in config.universe where slotIndex[instrument.symbol] == nil {
      guard universeIndex[instrument.symbol] == nil else { continue }
      let ticker = UniverseTicker(instrument: instrument, seed: config.seed, startMs: startMs)
      universeIndex[instrument.symbol] = universe.count
      universe.append(
        UniverseSlot(ticker: ticker, timeMs: startMs, tickRate: config.tickRate, rate: config.universeRate))
    }
    binance.list(
      slots.map(\.generator), others: config.instruments + config.universe, seed: config.seed,
      startMs: startMs)
  }

  /// A market for `instrument` whose warm-up ends at `startMs`: the warm-up gives the book its
  /// shape and the tape and chart a past.
  private static func warmedUp(
    _ instrument: SimInstrument, config: SimConfig, startMs: Int64, ticksPerInstrument: Int64
  ) -> MarketGenerator {
    let warmUp = max(0, config.warmUpTicks)
    let stepMs = 1000 / config.tickRate
    var generator = MarketGenerator(
      instrument: instrument, seed: config.seed, depth: config.effectiveLevels,
      startMs: startMs - Int64(Double(warmUp) * stepMs), activity: config.activity)
    for k in 0..<warmUp {
      let t = startMs - Int64(Double(warmUp - k) * stepMs)
      _ = generator.tick(
        timeMs: t, bookChance: config.bookRate / config.tickRate,
        tradesPerTick: config.tradeRate / config.tickRate)
      if Int64(k + 1) % ticksPerInstrument == 0 { generator.evolveTicker(timeMs: t) }
    }
    return generator
  }

  /// Gives the universe's `symbol` a book and a tape (the first time a client subscribes one):
  /// a full market starting at its ticker's last price, which takes over its instrument row
  /// (later updates diff against the row clients hold). Other instruments' markets are untouched.
  private func promote(_ u: Int) {
    var instrument = universe[u].ticker.instrument
    instrument.startPrice = universe[u].ticker.lastPrice
    var generator = Self.warmedUp(
      instrument, config: config, startMs: nowMs(), ticksPerInstrument: ticksPerInstrument)
    generator.continueDay(universe[u].ticker.day)
    var slot = MarketSlot(generator: generator, timeMs: nowMs())
    slot.published = universe[u].published
    slotIndex[instrument.symbol] = slots.count
    slots.append(slot)
    universe[u].promoted = true
    universeIndex[instrument.symbol] = nil
  }

  // MARK: Clock

  private static func wallMs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

  /// Market time in ms since the epoch: the wall clock, or `epoch` plus the ticks run.
  func nowMs() -> Int64 {
    if let epochMs { return epochMs + Int64(Double(ticks) * 1000 / config.tickRate) }
    return Self.wallMs()
  }

  /// Starts the market timer (not in replay or burst mode, where nothing runs on a timer).
  func start() {
    // Before the venues build their books: a crossed venue's start there.
    venueCrossBps = faults.current.venueCrossBps
    _ = kraken
    _ = followers
    scheduleVenuePauses()
    if let silence = faults.current.silence, let table = SimTable(rawValue: silence.table) {
      let loop = eventLoop.assumeIsolated()
      loop.scheduleTask(in: .interval(silence.after)) { [self] in silencedTables.insert(table) }
      loop.scheduleTask(in: .interval(silence.after + silence.duration)) { [self] in
        silencedTables.remove(table)
      }
    }
    guard config.replay == nil, config.burst == nil else { return }
    nextTick = .now() + tickInterval
    scheduleTimer()
  }

  private func scheduleTimer() {
    timer = eventLoop.assumeIsolated().scheduleTask(deadline: nextTick) { [self] in
      guard !stopped else { return }
      if !paused { advance() }
      binance.timerTick(self, paused: paused)
      nextTick = nextTick + tickInterval
      let now = NIODeadline.now()
      // After a long stall (a debugger, a loaded machine) resume the rhythm, don't catch up.
      if nextTick < now - .seconds(1) { nextTick = now }
      scheduleTimer()
    }
  }

  /// Stops the timer and closes every connection.
  func stop() {
    stopped = true
    timer?.cancel()
    timer = nil
    for channel in channels.values { channel.close(promise: nil) }
  }

  /// One market tick: every instrument steps; subscribers get the deltas.
  func advance() {
    ticks += 1
    let t = nowMs()
    let publish = ticks % ticksPerInstrument == 0
    followerLiquidations.removeAll(keepingCapacity: true)
    for i in slots.indices {
      step(i, timeMs: t, publishInstrument: publish)
    }
    for i in universe.indices where !universe[i].promoted && ticks % universe[i].period == universe[i].phase {
      publishUniverse(i, timeMs: t)
    }
    kraken.advance(timeMs: t)
    followers.advance(timeMs: t, publishTickers: publish, liquidations: followerLiquidations)
    followers.flush()
    stats.withLock { $0.marketTicks += 1 }
    flushSessions()
  }

  /// Steps one instrument and sends what changed to whoever subscribed.
  private func step(_ i: Int, timeMs t: Int64, publishInstrument: Bool, bookChance: Double? = nil) {
    let out = slots[i].generator.tick(
      timeMs: t, bookChance: bookChance ?? config.bookRate / config.tickRate,
      tradesPerTick: config.tradeRate / config.tickRate)
    binance.sourceStepped(slots[i].generator, out, timeMs: t)
    let symbol = slots[i].symbol
    let market = slots[i].market
    if !out.changes.isEmpty {
      let full = receivers(.orderBookL2, symbol)
      if !full.isEmpty {
        for frame in FrameEncoder.bookDeltas(.orderBookL2, market, out.changes, timeMs: t) {
          deliver(frame, .orderBookL2, full)
        }
      }
      // A view is diffed only while someone holds it: a live subscriber got a partial from
      // an up-to-date view and has had every diff since, so the view is never stale then.
      let top25 = receivers(.orderBookL2Top25, symbol)
      if top25.isEmpty {
        slots[i].top25Stale = true
      } else {
        let diff = slots[i].top25.advance(to: slots[i].generator.book)
        for frame in FrameEncoder.bookDeltas(.orderBookL2Top25, market, diff, timeMs: t) {
          deliver(frame, .orderBookL2Top25, top25)
        }
      }
      let top100 = receivers(.orderBookL2Top100, symbol)
      if top100.isEmpty {
        slots[i].top100Stale = true
      } else {
        let diff = slots[i].top100.advance(to: slots[i].generator.book)
        for frame in FrameEncoder.bookDeltas(.orderBookL2Top100, market, diff, timeMs: t) {
          deliver(frame, .orderBookL2Top100, top100)
        }
      }
    }
    if !out.trades.isEmpty {
      let targets = receivers(.trade, symbol)
      if !targets.isEmpty {
        let frame = FrameEncoder.delta(.trade, .insert) { w in
          for trade in out.trades { FrameEncoder.tradeRow(&w, market, trade) }
        }
        deliver(frame, .trade, targets)
      }
    }
    if !out.liquidations.isEmpty {
      // Each order entering is a liquidation on the follower venues too (their streams report
      // liquidations, not the table's fills).
      let g = slots[i].generator
      for order in out.liquidations where order.action == .insert {
        let typical = Double(max(1, g.instrument.lotSize)) * max(g.instrument.tradeLots, 1e-9)
        followerLiquidations[symbol, default: []].append(
          FollowerLiquidation.Source(
            side: order.side, price: g.scale.price(order.ticks),
            takerOrders: Double(order.originalQty) / typical))
      }
      let targets = receivers(.liquidation, symbol)
      if !targets.isEmpty {
        for change in out.liquidations {
          let frame = FrameEncoder.delta(.liquidation, change.action) { w in
            FrameEncoder.liquidationRow(&w, market, change)
          }
          deliver(frame, .liquidation, targets)
        }
      }
    }
    let bid = slots[i].generator.book.best(.buy)
    let ask = slots[i].generator.book.best(.sell)
    if bid != slots[i].lastBid || ask != slots[i].lastAsk {
      slots[i].lastBid = bid
      slots[i].lastAsk = ask
      let targets = receivers(.quote, symbol)
      if !targets.isEmpty {
        let frame = FrameEncoder.delta(.quote, .insert) { w in
          FrameEncoder.quoteRow(&w, market, bid: bid, ask: ask, timeMs: t)
        }
        deliver(frame, .quote, targets)
      }
    }
    if publishInstrument {
      slots[i].generator.evolveTicker(timeMs: t)
      let ticker = slots[i].generator.ticker(timeMs: t)
      let changed = ticker.changed(since: slots[i].published)
      if !changed.isEmpty {
        slots[i].published = ticker
        let targets = receivers(.instrument, symbol)
        if !targets.isEmpty {
          let frame = FrameEncoder.delta(.instrument, .update) { w in
            FrameEncoder.instrumentUpdateRow(&w, market, ticker, fields: changed)
          }
          deliver(frame, .instrument, targets)
        }
      }
    }
  }

  /// Moves one ticker-only instrument and sends its changed fields to `instrument` subscribers.
  private func publishUniverse(_ i: Int, timeMs t: Int64) {
    universe[i].ticker.step(timeMs: t)
    let ticker = universe[i].ticker.ticker(timeMs: t)
    let changed = ticker.changed(since: universe[i].published)
    guard !changed.isEmpty else { return }
    let moved = ticker.value("lastPrice") != universe[i].published.value("lastPrice")
    universe[i].published = ticker
    let market = universe[i].market
    if moved && universe[i].ticker.instrument.isIndex {
      let printTargets = receivers(.trade, universe[i].symbol)
      if !printTargets.isEmpty {
        let print = indexPrint(universe[i], timeMs: t)
        deliver(
          FrameEncoder.delta(.trade, .insert) { FrameEncoder.tradeRow(&$0, market, print, sideless: true) },
          .trade, printTargets)
      }
    }
    let targets = receivers(.instrument, universe[i].symbol)
    guard !targets.isEmpty else { return }
    let frame = FrameEncoder.delta(.instrument, .update) { w in
      FrameEncoder.instrumentUpdateRow(&w, market, ticker, fields: changed)
    }
    deliver(frame, .instrument, targets)
  }

  /// An index's price as BitMEX posts it to the trade feed: size 0, no value, a zero match id.
  private func indexPrint(_ slot: UniverseSlot, timeMs: Int64) -> SimTrade {
    SimTrade(
      timeMs: timeMs, side: .buy, size: 0, ticks: slot.ticker.lastTicks,
      tickDirection: slot.ticker.lastDirection, matchID: "00000000-0000-0000-0000-000000000000",
      grossValue: 0, homeNotional: 0, foreignNotional: 0)
  }

  // MARK: Sessions

  /// Remembers a TCP connection, to close it on `stop()`.
  func accepted(_ channel: Channel) {
    let id = ObjectIdentifier(channel)
    channels[id] = channel
    let now = Double(NIODeadline.now().uptimeNanoseconds) / 1e9
    stats.withLock {
      $0.connectionsAccepted += 1
      $0.connectionTimes.append(now)
    }
    channel.closeFuture.assumeIsolated().whenComplete { [self] _ in
      channels[id] = nil
    }
  }

  func register(_ session: SimWebSocketHandler) {
    sessions[ObjectIdentifier(session)] = session
    stats.withLock {
      $0.upgradesAccepted += 1
      $0.openSessions += 1
    }
    if pausedVenues.contains("bitmex") { session.stall() }
  }

  func unregister(_ session: SimWebSocketHandler) {
    guard sessions.removeValue(forKey: ObjectIdentifier(session)) != nil else { return }
    stats.withLock { $0.openSessions -= 1 }
  }

  /// Sessions with a live subscription covering `table` for `symbol`.
  private func receivers(_ table: SimTable, _ symbol: String) -> [SimWebSocketHandler] {
    sessions.values.filter { $0.receives(table, symbol) }
  }

  private func deliver(_ frame: [UInt8], _ table: SimTable, _ targets: [SimWebSocketHandler]) {
    let buffer = ByteBuffer(bytes: frame)
    for session in targets {
      session.send(buffer, kind: table.rawValue)
    }
  }

  private func flushSessions() {
    for session in sessions.values { session.flushIfNeeded() }
  }

  /// Whether `symbol` is listed with a book and tape.
  func lists(_ symbol: String) -> Bool { slotIndex[symbol] != nil }

  /// Whether a subscription to `table` for `symbol` is served: every listed instrument, and the
  /// universe's; a universe instrument gets its book and tape on the first subscription to a table
  /// that needs them.
  func admits(_ symbol: String, in table: SimTable) -> Bool {
    if lists(symbol) { return true }
    guard let u = universeIndex[symbol] else { return false }
    // An index is a published price, never traded: it keeps no book and prints its price to
    // the trade feed with size 0, as BitMEX's do (issue 29: it opened as a traded market).
    if !universe[u].ticker.instrument.isIndex && (table.isBook || table == .trade || table == .quote) {
      promote(u)
    }
    return true
  }

  /// The universe slot of `symbol`, if it is one of the ticker-only instruments (not promoted).
  func universeSlot(_ symbol: String) -> UniverseSlot? { universeIndex[symbol].map { universe[$0] } }

  /// The ticker-only instruments that have not been given a book.
  var tickerOnly: [UniverseSlot] { universe.filter { !$0.promoted } }

  /// The slot of `symbol`, if listed.
  func slot(_ symbol: String) -> MarketSlot? { slotIndex[symbol].map { slots[$0] } }

  /// What the upgrade faults say about the next upgrade; counts it down.
  func admitUpgrade() -> UpgradeDecision {
    let decision = faults.withLock { f -> UpgradeDecision in
      if f.ignoreUpgrades > 0 {
        f.ignoreUpgrades -= 1
        return .ignore
      }
      if var r = f.rejectUpgrades, r.count > 0 {
        r.count -= 1
        f.rejectUpgrades = r.count > 0 ? r : nil
        return .reject(status: r.status, retryAfter: r.retryAfter)
      }
      return .accept
    }
    stats.withLock {
      switch decision {
      case .accept: break
      case .reject: $0.upgradesRejected += 1
      case .ignore: $0.upgradesIgnored += 1
      }
    }
    return decision
  }

  // MARK: Partials and special frames

  /// The partial for `topic` now.
  func partial(for topic: SimTopic) -> [UInt8] {
    let t = nowMs()
    let covered: [Int] = topic.symbol.map { slotIndex[$0].map { [$0] } ?? [] } ?? Array(slots.indices)
    for i in covered {
      if topic.table == .orderBookL2Top25 && slots[i].top25Stale {
        slots[i].top25 = BookView(depth: 25, book: slots[i].generator.book)
        slots[i].top25Stale = false
      }
      if topic.table == .orderBookL2Top100 && slots[i].top100Stale {
        slots[i].top100 = BookView(depth: 100, book: slots[i].generator.book)
        slots[i].top100Stale = false
      }
    }
    let hostile = faults.current
    return FrameEncoder.partial(topic.table, filterSymbol: topic.symbol) { w in
      if topic.table == .instrument, let bad = hostile.badInstrumentRow {
        FrameEncoder.badInstrumentRow(&w, bad, timeMs: t)
      }
      for i in covered {
        let slot = slots[i]
        switch topic.table {
        case .orderBookL2:
          let book = slot.generator.book
          FrameEncoder.bookRows(
            &w, slot.market, bids: book.top(.buy, .max), asks: book.top(.sell, .max), timeMs: t)
        case .orderBookL2Top25:
          FrameEncoder.bookRows(&w, slot.market, bids: slot.top25.bids, asks: slot.top25.asks, timeMs: t)
        case .orderBookL2Top100:
          FrameEncoder.bookRows(&w, slot.market, bids: slot.top100.bids, asks: slot.top100.asks, timeMs: t)
        case .trade:
          if let trade = slot.generator.lastTrade { FrameEncoder.tradeRow(&w, slot.market, trade) }
        case .quote:
          FrameEncoder.quoteRow(&w, slot.market, bid: slot.lastBid, ask: slot.lastAsk, timeMs: t)
        case .instrument:
          FrameEncoder.instrumentRow(&w, slot.market, slot.published)
        case .liquidation:
          for order in slot.generator.openLiquidations {
            FrameEncoder.liquidationRow(&w, slot.market, order, full: true)
          }
        default:
          break
        }
      }
      // An index's trade partial: its last print.
      if topic.table == .trade, let symbol = topic.symbol, let u = universeIndex[symbol],
        universe[u].ticker.instrument.isIndex
      {
        FrameEncoder.tradeRow(&w, universe[u].market, indexPrint(universe[u], timeMs: t), sideless: true)
      }
      guard topic.table == .instrument else { return }
      let extra: [Int] =
        topic.symbol.map { universeIndex[$0].map { [$0] } ?? [] }
        ?? universe.indices.filter { !universe[$0].promoted }
      for i in extra {
        FrameEncoder.instrumentRow(&w, universe[i].market, universe[i].published)
      }
      guard topic.symbol == nil else { return }
      for i in 0..<hostile.extraInstruments {
        FrameEncoder.madeUpInstrumentRow(&w, index: i, timeMs: t)
      }
    }
  }

  /// An update for a level of `symbol`'s book that exists now (for the update-before-partial fault).
  func earlyUpdate(_ table: SimTable, _ symbol: String) -> [UInt8]? {
    guard let slot = slot(symbol), let level = slot.generator.book.best(.buy) else { return nil }
    return FrameEncoder.delta(table, .update) { w in
      FrameEncoder.bookRow(
        &w, slot.market, side: .buy, id: level.id, ticks: level.ticks,
        size: level.size + slot.generator.instrument.lotSize, timeMs: nowMs())
    }
  }

  /// An update for a level that does not exist (for the unknown-level fault): an id never given,
  /// at a price no level has (a tick below the lowest bid). A client that keeps ids finds no such
  /// id; one that goes by price (as BitMEX's rows allow since 2023) finds no such price.
  func unknownLevelUpdate(_ table: SimTable, _ symbol: String) -> [UInt8]? {
    guard let slot = slot(symbol), let level = slot.generator.book.worst(.buy), level.ticks > 1 else {
      return nil
    }
    return FrameEncoder.delta(table, .update) { w in
      // Generated ids start near 6e10 and grow by ~20 per new level: this one never exists.
      FrameEncoder.bookRow(
        &w, slot.market, side: .buy, id: 99_999_999_999, ticks: level.ticks - 1, size: level.size,
        timeMs: nowMs())
    }
  }

  // MARK: Bursts

  /// Starts the benchmark burst for `session`, whose book partial for `topic` just went out.
  func startBurst(_ session: SimWebSocketHandler, _ topic: SimTopic) {
    guard let n = config.burst, topic.table.isBook, let symbol = topic.symbol, let slot = slotIndex[symbol]
    else {
      return
    }
    bursts.append(
      Burst(
        session: ObjectIdentifier(session), table: topic.table, slot: slot,
        target: session.sentCount(topic.table) + n))
    scheduleBursts()
  }

  /// Resumes bursts (a session became writable again).
  func scheduleBursts() {
    guard !bursts.isEmpty, !burstScheduled else { return }
    burstScheduled = true
    eventLoop.assumeIsolated().execute { [self] in
      burstScheduled = false
      runBursts()
    }
  }

  private func runBursts() {
    var again = false
    var i = 0
    while i < bursts.count {
      let burst = bursts[i]
      guard !stopped, let session = sessions[burst.session], !session.isClosing else {
        bursts.remove(at: i)
        continue
      }
      var steps = 0
      // A chunk at a time, so that pings and other connections are served in between.
      while session.sentCount(burst.table) < burst.target && session.isWritable && steps < 256 {
        ticks += 1
        step(burst.slot, timeMs: nowMs(), publishInstrument: false, bookChance: 1)
        steps += 1
      }
      stats.withLock { $0.marketTicks += steps }
      flushSessions()
      if session.sentCount(burst.table) >= burst.target {
        bursts.remove(at: i)
        stats.withLock { $0.burstsFinished += 1 }
        continue
      }
      // An unwritable session resumes from `channelWritabilityChanged`.
      if session.isWritable { again = true }
      i += 1
    }
    if again { scheduleBursts() }
  }

  // MARK: Run-time faults

  func dropAll() {
    for session in sessions.values { session.drop() }
    binance.dropAll()
    kraken.dropAll()
    followers.dropAll()
  }

  func stallAll() {
    for session in sessions.values { session.stall() }
    binance.stallAll()
    kraken.stallAll()
    followers.stallAll()
  }

  func sendGarbage(_ kind: GarbageFrame) {
    for session in sessions.values { session.sendGarbage(kind) }
    binance.sendGarbage(kind)
    kraken.sendGarbage(kind)
    followers.sendGarbage(kind)
  }

  func sendUnknownLevel(symbol: String?) {
    for session in sessions.values { session.sendUnknownLevel(symbol: symbol) }
  }

  /// Tables whose deltas no session receives (their partials still go out): one table silent
  /// while the others flow. Event-loop confined, so the per-delta check takes no lock.
  var silencedTables: Set<SimTable> = []
  /// The venues paused now (`SimFaults.VenuePause`): each of their sessions is stalled, and each
  /// that opens. Event-loop confined.
  var pausedVenues: Set<String> = []
  /// Each crossed venue's distance from the shared price, in basis points (`venue-cross`).
  /// Event-loop confined.
  var venueCrossBps: [String: Double] = [:]

  // MARK: Queries

  /// The book of `symbol`, best first, at most `depth` levels per side.
  func book(_ symbol: String, depth: Int) -> (bids: [PriceLevel], asks: [PriceLevel]) {
    guard let slot = slot(symbol) else { return ([], []) }
    let scale = slot.generator.scale
    func levels(_ side: Side) -> [PriceLevel] {
      slot.generator.book.top(side, depth).map { PriceLevel(price: scale.price($0.ticks), size: $0.size) }
    }
    return (levels(.buy), levels(.sell))
  }
}
