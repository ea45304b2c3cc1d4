import MarketModel
import NIOCore

/// The Binance dialect's share of the world: the spot and USDⓈ-M books that follow the world's
/// instruments, their connections, and their REST weight limits. Confined to the world's event
/// loop, like the world, which calls `sourceStepped` for every instrument step and `timerTick`
/// on every tick of its timer.
final class BinanceDialect {
  private(set) var books: [BinanceBook] = []
  /// Symbols with a ticker and no book.
  private(set) var tickerOnly: [BinanceTickerOnly] = []
  private var index: [BinanceSimMarket: [String: Int]] = [:]
  /// Books by the world instrument they follow.
  private var followers: [String: [Int]] = [:]
  private var sessions: [ObjectIdentifier: BinanceStreamHandler] = [:]
  var limiters: [BinanceSimMarket: BinanceRateLimiter] = [:]
  private var nextTickerMs: Int64 = 0

  /// Lists every default symbol whose source instrument the world trades, and a ticker-only
  /// symbol for every other USDT linear perpetual (USDⓈ-M) and spot pair (spot) of `others`.
  func list(_ generators: [MarketGenerator], others: [SimInstrument], seed: UInt64, startMs: Int64) {
    for market in BinanceSimMarket.allCases {
      for listing in BinanceListing.defaults(market) {
        guard let generator = generators.first(where: { $0.instrument.symbol == listing.source }),
          let book = BinanceBook(listing, following: generator, seed: seed, startMs: startMs)
        else { continue }
        index[market, default: [:]][listing.symbol] = books.count
        followers[listing.source, default: []].append(books.count)
        books.append(book)
      }
    }
    for market in BinanceSimMarket.allCases {
      for instrument in others {
        guard let t = BinanceTickerOnly(instrument, market: market), !lists(market, t.listing.symbol) else {
          continue
        }
        tickerOnly.append(t)
      }
    }
    nextTickerMs = (startMs / 1_000 + 1) * 1_000
  }

  /// Whether `symbol` is listed on `market`, with a book or ticker-only.
  func lists(_ market: BinanceSimMarket, _ symbol: String) -> Bool {
    book(market, symbol) != nil
      || tickerOnly.contains { $0.listing.market == market && $0.listing.symbol == symbol }
  }

  /// The book of `symbol` on `market`.
  func book(_ market: BinanceSimMarket, _ symbol: String) -> Int? { index[market]?[symbol] }

  /// The symbols listed on `market`: those with a book, then the ticker-only ones.
  func listings(_ market: BinanceSimMarket) -> [BinanceListing] {
    (books.map(\.listing) + tickerOnly.map(\.listing)).filter { $0.market == market }
  }

  /// The ticker of every symbol of `market` (with `symbol`, that one's) now.
  func tickers(
    _ market: BinanceSimMarket, symbol: String? = nil, _ world: SimWorld, timeMs t: Int64
  )
    -> [(BinanceListing, BinanceTicker)]
  {
    var out: [(BinanceListing, BinanceTicker)] = []
    for book in books where book.listing.market == market && (symbol == nil || book.listing.symbol == symbol)
    {
      guard let slot = world.slot(book.listing.source) else { continue }
      out.append((book.listing, BinanceTicker(book, source: slot.generator, timeMs: t)))
    }
    for only in tickerOnly
    where only.listing.market == market && (symbol == nil || only.listing.symbol == symbol) {
      let source = only.listing.source
      guard let fields = world.universeSlot(source)?.published ?? world.slot(source)?.published else {
        continue
      }
      out.append((only.listing, only.ticker(fields, timeMs: t)))
    }
    return out
  }

  // MARK: The market

  /// A world instrument stepped: its followers' books change, and their best bid/ask and trades
  /// go out at once (`@bookTicker`, `@trade`, `@aggTrade`); depth changes wait for their window.
  func sourceStepped(_ generator: MarketGenerator, _ out: MarketGenerator.Output, timeMs t: Int64) {
    guard let followed = followers[generator.instrument.symbol] else { return }
    for b in followed {
      let l = books[b].listing
      if let top = books[b].sourceChanged(out.changes, book: generator.book, timeMs: t) {
        let key = BinanceStream(kind: .bookTicker, symbol: l.symbol)
        if wanted(key, l.market) {
          let data = BinanceEncoder.bookTicker(id: books[b].lastID, bid: top.bid, ask: top.ask, l, timeMs: t)
          deliver(data, key, l.market)
        }
      }
      if l.market == .usdm, !out.liquidations.isEmpty {
        let fills = books[b].liquidationFills(out.liquidations)
        if !fills.isEmpty { reportLiquidations(b, fills, trades: out.trades, timeMs: t) }
      }
      guard !out.trades.isEmpty else { continue }
      let trade = BinanceStream(kind: .trade, symbol: l.symbol)
      let agg = BinanceStream(kind: .aggTrade, symbol: l.symbol)
      let wantsTrade = wanted(trade, l.market)
      let wantsAgg = wanted(agg, l.market)
      for print in out.trades {
        let id = books[b].nextTradeID()
        guard wantsTrade || wantsAgg else { continue }
        let ticks = books[b].ticks(print.ticks)
        let qty = books[b].units(lots: Double(print.size) / Double(books[b].sourceLot))
        // The aggressor sold: the buyer was the maker.
        let maker = print.side == .sell
        if wantsTrade {
          deliver(
            BinanceEncoder.trade(
              id: id, ticks: ticks, qty: qty, buyerIsMaker: maker, l, timeMs: print.timeMs),
            trade, l.market)
        }
        if wantsAgg {
          deliver(
            BinanceEncoder.aggTrade(
              id: id, tradeID: id, ticks: ticks, qty: qty, buyerIsMaker: maker, l, timeMs: print.timeMs),
            agg, l.market)
        }
      }
    }
  }

  /// One tick of the world's timer: the depth windows that ended go out (every window at once
  /// while the market is paused, since nothing more will come), the tickers each second.
  func timerTick(_ world: SimWorld, paused: Bool) {
    guard !books.isEmpty else { return }
    let t = world.nowMs()
    for b in books.indices {
      let l = books[b].listing
      let events = books[b].flush(at: t, now: paused)
      // The book as of the update's last id, for the boundary-snapshot fault.
      if !events.isEmpty, let slot = world.slot(l.source) { books[b].wentOut(slot.generator.book) }
      for (interval, event) in events {
        let key = BinanceStream(kind: .depth, symbol: l.symbol, intervalMs: interval)
        guard wanted(key, l.market) else { continue }
        let withheld = world.faults.withLock { f -> Bool in
          guard f.binance.gaps > 0 else { return false }
          f.binance.gaps -= 1
          return true
        }
        if withheld { continue }
        deliver(BinanceEncoder.depthUpdate(event, l, timeMs: t), key, l.market)
      }
    }
    if t >= nextTickerMs {
      nextTickerMs = (t / 1_000 + 1) * 1_000
      publishTickers(world, timeMs: t)
    }
    for session in sessions.values { session.flushIfNeeded() }
  }

  // MARK: Connections

  func register(_ session: BinanceStreamHandler) {
    sessions[ObjectIdentifier(session)] = session
    countDepthStreams(of: session, by: 1)
  }

  func unregister(_ session: BinanceStreamHandler) {
    guard sessions.removeValue(forKey: ObjectIdentifier(session)) != nil else { return }
    countDepthStreams(of: session, by: -1)
  }

  private func countDepthStreams(of session: BinanceStreamHandler, by delta: Int) {
    for stream in session.streams.keys where stream.kind == .depth {
      guard let symbol = stream.symbol, let b = book(session.route.market, symbol) else { continue }
      books[b].listen(intervalMs: stream.intervalMs, by: delta)
    }
  }

  /// Whether any connection of `market` takes `stream`.
  func wanted(_ stream: BinanceStream, _ market: BinanceSimMarket) -> Bool {
    sessions.values.contains { $0.route.market == market && $0.streams[stream] != nil }
  }

  /// Sends a stream payload to every connection of `market` that takes `stream`.
  func deliver(_ data: [UInt8], _ stream: BinanceStream, _ market: BinanceSimMarket) {
    for session in sessions.values where session.route.market == market {
      session.send(data, stream)
    }
  }

  func dropAll() {
    for session in sessions.values { session.drop() }
  }

  /// Drops the connections of one endpoint only (USDⓈ-M's `/market`, its `/public` left open).
  func drop(_ route: BinanceRoute) {
    for session in sessions.values where session.route == route { session.drop() }
  }

  /// Sends every open connection the `serverShutdown` notice.
  func announceShutdown() {
    for session in sessions.values { session.sendShutdownNotice() }
  }

  func stallAll() {
    for session in sessions.values { session.stall() }
  }

  /// Stalls (or drops) the connections of `venue` (`binance` or `binance-usdm`).
  func stall(venue: String) {
    for session in sessions.values where session.route.venueName == venue { session.stall() }
  }
  func drop(venue: String) {
    for session in sessions.values where session.route.venueName == venue { session.drop() }
  }

  func sendGarbage(_ kind: GarbageFrame) {
    for session in sessions.values { session.sendGarbage(kind) }
  }
}
