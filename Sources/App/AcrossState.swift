import CrossVenue
import MarketModel
import Screen
import Session
import VenueCore

/// The cross-venue screen's state (issue 28): the chosen instruments of one asset, each with its
/// own `MarketSession` fed by its own feed; the merged tape of their trades; the price grouping;
/// and the consolidated book, venue strip and spread matrix as they were at the last `refresh`.
/// Pure: drains and keys in (with `now`), commands for the feeds out.
public struct AcrossState: Sendable {
  /// The asset consolidated (`BTC`).
  public let asset: AssetCode
  public private(set) var instruments: [AcrossInstrument]
  /// Every instrument's trades, in arrival order.
  public private(set) var tape: MergedTape
  /// What the consolidation made of the instruments at the last `refresh`.
  public private(set) var book: ConsolidatedBook
  public private(set) var strip = VenueStrip()
  public private(set) var matrix: SpreadMatrix
  /// The `now` of the last `refresh` (local monotonic ns).
  public private(set) var refreshedAt: Int64 = 0
  /// How long a book may go unheard before it leaves the consolidation.
  public let staleAfterNs: Int64
  /// Where the price grouping is in `steps`; nil until the user picks one (the first book's
  /// price then chooses it: `autoStep`).
  public private(set) var stepIndex: Int?
  /// What the screen says beside its hints: chosen instruments that are not followed, and why.
  public var notes: [String] = []
  /// Where a replay of a recording of the screen is, said first on the status line (`end of the
  /// recording`); nil live.
  public var replayWords: String?
  public var mode: RunMode = .live
  public var width: Int
  public var height: Int
  public var ascii: Bool
  public var keys = KeyBindings.standard
  public var utcOffsetMinutes = 0
  /// Something changed since the last draw.
  public var dirty = true
  /// Opened from the dashboard (its cross-venue key): Esc and that key go back to it, `q` quits
  /// tradeterm. Started on its own (`tradeterm --across`), Esc quits too.
  public var returnsToDashboard = false
  /// How the screen is being left, once a key said so.
  public enum Leaving: Sendable, Hashable {
    /// Quit tradeterm (`q`, Ctrl-C; Esc when there is no dashboard to go back to).
    case quit
    /// Back to the dashboard it was opened from (Esc, or the cross-venue key again).
    case back
  }
  /// Set when a key leaves the screen; nil while it stays.
  public private(set) var leaving: Leaving?
  /// `q` (or Esc without a dashboard) was pressed.
  public var quitting: Bool { leaving == .quit }
  /// The alerts armed for this asset (`spread`: the venues crossed by at least so many bps).
  public var alerts = AlertEngine()
  /// The last alert fired here and until when the status line says it (monotonic ns).
  public private(set) var lastFired: (message: String, untilNs: Int64)?

  /// The price buckets `+`/`-` move through (quote currency).
  public static let steps: [FixedDecimal] = [
    (1, 4), (1, 3), (1, 2), (5, 2), (1, 1), (5, 1), (1, 0), (5, 0), (10, 0), (50, 0), (100, 0), (500, 0),
  ].map { FixedDecimal(mantissa: $0.0, scale: $0.1) }
  /// The levels a side kept in each quote group.
  public static let depth = 50
  /// The trades the merged tape keeps.
  public static let tapeCapacity = 500

  public init(
    asset: AssetCode, instruments: [AcrossInstrument], width: Int, height: Int, ascii: Bool = false,
    staleAfterNs: Int64 = 5_000_000_000
  ) {
    self.asset = asset
    self.instruments = instruments
    self.width = width
    self.height = height
    self.ascii = ascii
    self.staleAfterNs = staleAfterNs
    tape = MergedTape(instruments: instruments.map(\.spec), capacity: Self.tapeCapacity)
    book = ConsolidatedBook(options: Self.options(asset, step: Self.steps[6]))
    matrix = SpreadMatrix(asset: asset)
  }

  static func options(_ asset: AssetCode, step: FixedDecimal, par: Bool = false) -> ConsolidatedBook.Options {
    // Every step of the ladder is positive and the depth above 1: the options always exist.
    ConsolidatedBook.Options(asset: asset, step: step, depth: depth, stablecoinsAtPar: par)!
  }

  /// The config's choices (`[across] stablecoins-at-par`, `[fees]`): USD, USDT and USDC merged as
  /// one quote in the book and the matrix; the matrix after each venue's taker fee (percent).
  public mutating func configure(stablecoinsAtPar par: Bool, takerFeePercent fees: [Venue: FixedDecimal]) {
    book.options = Self.options(asset, step: step, par: par)
    matrix.stablecoinsAtPar = par
    takerFeePercent = fees.filter { $0.value.mantissa > 0 }
    dirty = true
  }

  /// Each venue's letter on the screen (`VenueMarks`), as its adapter declares it
  /// (`VenueAbout.mark`): the executable gives the registered venues'.
  public var venueLetters: [Venue: Character] = [:]
  /// Each venue's name as people know it (`VenueAbout.displayName`), which the status line says;
  /// a venue not here is said by its name.
  public var venueNames: [Venue: String] = [:]

  /// Each venue's taker fee in percent, which the matrix counts (none: before fees).
  public private(set) var takerFeePercent: [Venue: FixedDecimal] = [:]

  /// The price bucket in force.
  public var step: FixedDecimal { book.options.step }

  /// One drain of instrument `index`'s feed at `now` (`wallMs` its wall clock): its trades onto
  /// the merged tape, then the batch and status into its session. Returns what the feed must be
  /// asked (a resync of a book that stopped adding up).
  public mutating func ingest(
    _ index: Int, _ update: FeedUpdate, _ batch: VenueBatch, now: MonotonicTime, wallMs: Int64
  ) -> [FeedCommand] {
    guard instruments.indices.contains(index) else { return [] }
    let symbol = instruments[index].key.symbol
    // A contract's trades wait for its facts: its sizes are contracts until then.
    for case let .trades(s, range) in batch.events where s == symbol && !instruments[index].factsPending {
      for trade in batch.trades[range] {
        tape.append(trade, instrument: index, receivedAt: now.nanoseconds, wallMs: wallMs)
      }
    }
    if !batch.events.isEmpty { instruments[index].lastHeardAt = now.nanoseconds }
    let step = instruments[index].session.ingest(update, batch, now: now)
    if step.changedAnything || !batch.events.isEmpty { dirty = true }
    return step.commands
  }

  /// One drain of a BitMEX instrument's feed (`MarketFeed`: its own tables): its new trades onto
  /// the merged tape once its facts are known (contracts convert through them), the batch into
  /// its session.
  public mutating func ingest(
    _ index: Int, _ update: FeedUpdate, _ batch: MarketBatch, now: MonotonicTime, wallMs: Int64
  ) -> [FeedCommand] {
    guard instruments.indices.contains(index) else { return [] }
    let symbol = instruments[index].key.symbol
    if !instruments[index].factsPending {
      // New prints only: a partial is the table's history, not trades that just happened.
      for case let .trades(slice) in batch.events where slice.action == .insert {
        for trade in batch.trades[slice.rows] where trade.symbol == symbol {
          guard let venueTrade = Self.venueTrade(trade, spec: instruments[index].spec) else { continue }
          tape.append(venueTrade, instrument: index, receivedAt: now.nanoseconds, wallMs: wallMs)
        }
      }
    }
    if !batch.events.isEmpty { instruments[index].lastHeardAt = now.nanoseconds }
    let step = instruments[index].session.ingest(update, batch, now: now)
    if step.changedAnything || !batch.events.isEmpty { dirty = true }
    return step.commands
  }

  /// Instrument `index`'s own facts, learned after the screen began (BitMEX's instrument table).
  public mutating func adopt(_ facts: InstrumentSpec, instrument index: Int) {
    guard instruments.indices.contains(index), instruments[index].spec != facts else { return }
    instruments[index].adopt(facts)
    tape.setSpec(facts, instrument: index)
    dirty = true
  }

  /// When each venue's instruments were last asked for (monotonic ns), and why the last ask
  /// failed (nil once an answer came).
  public private(set) var factsAskedAt: [Venue: Int64] = [:]
  public private(set) var factsFailure: [Venue: String] = [:]
  /// How long after a failed ask a venue's instruments are asked for again.
  public static let factsRetryNs: Int64 = 10_000_000_000

  /// The venues whose instruments are to be asked for at `now` (marked asked): each venue with
  /// an instrument waiting for its facts (BitMEX's come with its instrument table), at once, and
  /// again `factsRetryNs` after an ask that failed; never twice while one is on its way.
  public mutating func factsDue(now: Int64) -> [Venue] {
    var venues: [Venue] = []
    for i in instruments where i.factsPending && i.key.venue != .bitmex && !venues.contains(i.key.venue) {
      let venue = i.key.venue
      if let asked = factsAskedAt[venue] {
        guard factsFailure[venue] != nil, now - asked >= Self.factsRetryNs else { continue }
      }
      factsAskedAt[venue] = now
      venues.append(venue)
    }
    return venues
  }

  /// `venue`'s instruments could not be had (`reason`): said on the status line, and asked for
  /// again in `factsRetryNs`.
  public mutating func factsFailed(_ venue: Venue, reason: String) {
    factsFailure[venue] = reason
    dirty = true
  }

  /// The instruments of a venue's REST facts (`VenueRESTResult.instruments`): each instrument
  /// waiting for its facts whose key is among `specs` takes its own (a spot pair read off its
  /// symbol keeps that reading). Returns how many were adopted.
  @discardableResult
  public mutating func adopt(venueFacts specs: [InstrumentSpec]) -> Int {
    var adopted = 0
    for venue in Set(specs.map(\.key.venue)) { factsFailure[venue] = nil }
    for i in instruments.indices where instruments[i].factsPending && instruments[i].key.venue != .bitmex {
      guard let facts = specs.first(where: { $0.key == instruments[i].key }) else { continue }
      adopt(facts, instrument: i)
      adopted += 1
    }
    return adopted
  }

  /// A BitMEX print as the venue-neutral trade: its price at the tick's decimals, its size in
  /// whole contracts, its side the taker's; nil for a price that does not fit or a print with
  /// no side.
  static func venueTrade(_ trade: Trade, spec: InstrumentSpec) -> VenueTrade? {
    guard let side = trade.side, trade.size > 0,
      let price = FixedDecimal(rounding: trade.price, scale: spec.priceScale), price.mantissa > 0
    else { return nil }
    return VenueTrade(
      price: price,
      size: FixedDecimal(mantissa: trade.size, scale: 0), aggressor: side == .buy ? .buy : .sell,
      venueTimeMs: trade.timeMs)
  }

  /// Every instrument's view at `now`, in the chosen order.
  public func views(now: Int64) -> [VenueView] {
    // By index: `map` copied each instrument (its session, books and tape) every frame.
    var out: [VenueView] = []
    out.reserveCapacity(instruments.count)
    for i in instruments.indices { out.append(instruments[i].view(now: now, staleAfterNs: staleAfterNs)) }
    return out
  }

  /// The consolidated book, strip and matrix as they are at `now`.
  public mutating func refresh(now: Int64) {
    let views = views(now: now)
    if stepIndex == nil, let step = Self.autoStep(views) {
      book.options = Self.options(asset, step: step, par: book.options.stablecoinsAtPar)
    }
    book.update(views, now: now)
    strip.update(views, now: now, consolidated: book)
    matrix.update(views, now: now, takerFeePercent: takerFeePercent)
    refreshedAt = now
  }

  /// The step a first live book's price suggests: the ladder's largest at most a hundred-
  /// thousandth of the price (1 at 100,000; 0.01 at 1,000), so the top of the book keeps its
  /// detail; nil while no instrument has a best bid.
  static func autoStep(_ views: [VenueView]) -> FixedDecimal? {
    guard let price = views.lazy.compactMap({ $0.book.best(.bid)?.price }).first, price.mantissa > 0
    else { return nil }
    let target = price.doubleValue / 100_000
    return steps.last { $0.doubleValue <= target } ?? steps[0]
  }

  /// What a key does here: `+`/`-` (or their rebinding) coarser and finer grouping, `q` quit;
  /// Esc and the cross-venue key back to the dashboard when it was opened from there (Esc quits
  /// otherwise). Other keys do nothing.
  public mutating func press(_ key: Key) {
    if key == .escape {
      leaving = returnsToDashboard ? .back : .quit
      return
    }
    switch keys.command(for: key) {
    case .quit?: leaving = .quit
    case .openAcross? where returnsToDashboard: leaving = .back
    case .groupCoarser?: regroup(by: 1)
    case .groupFiner?: regroup(by: -1)
    default: return
    }
    dirty = true
  }

  private mutating func regroup(by delta: Int) {
    let current = stepIndex ?? Self.steps.lastIndex { $0 <= step } ?? 0
    let next = min(max(current + delta, 0), Self.steps.count - 1)
    stepIndex = next
    book.options = Self.options(asset, step: Self.steps[next], par: book.options.stablecoinsAtPar)
  }

  /// The best edge of buying on one instrument and selling on another at the last refresh, over
  /// the pairs whose both sides are fresh (crossed or not; a stale side, a book not live or not
  /// comparable is no pair), and which pair; nil when there is none.
  public var bestFreshSpread: (bps: Double, pair: String)? {
    var best: (bps: Double, buy: Int, sell: Int)?
    for buy in 0..<matrix.count where instruments.indices.contains(buy) {
      for sell in 0..<matrix.count where buy != sell && instruments.indices.contains(sell) {
        let cell = matrix[buy, sell]
        guard cell.status == .open || cell.status == .crossed, let edge = cell.edgeBps, edge.isFinite,
          best.map({ edge > $0.bps }) ?? true
        else { continue }
        best = (edge, buy, sell)
      }
    }
    // The words of the best pair only, once.
    return best.map { ($0.bps, "buy \(instruments[$0.buy].key), sell \(instruments[$0.sell].key)") }
  }

  /// Looks at the last refresh with the armed alerts (`now` monotonic ns, `wallMs` the wall
  /// clock); returns what fired, and keeps the newest on the status line for ten seconds.
  public mutating func checkAlerts(now: Int64, wallMs: Int64) -> [FiredAlert] {
    guard !alerts.alerts.isEmpty, let symbol = Symbol(asset.description) else { return [] }
    let best = bestFreshSpread
    var observation = AlertObservation(symbol: symbol)
    observation.spreadBps = best?.bps
    observation.spreadPair = best?.pair
    let fired = alerts.observe(observation, nowMs: wallMs)
    if let last = fired.last {
      lastFired = (last.message, now + 10_000_000_000)
      dirty = true
    }
    return fired
  }

  /// Whether every instrument's book is live and fresh at the last refresh.
  public var allLive: Bool { !strip.rows.isEmpty && strip.rows.allSatisfy { $0.state == .live } }
}
