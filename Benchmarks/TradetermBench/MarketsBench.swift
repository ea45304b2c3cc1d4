import App
import BitMEX
import Bybit
import ExchangeSim
import MarketModel
import OKX
import Screen
import Session
import VenueCore

/// Issue 13's figures: applying one `instrument` update to the market universe (allocations and
/// time), and one frame of the markets screen at 200×50 with the simulator's ~150 instruments.
struct MarketsBench {
  let quick: Bool

  /// The simulator's listing as instrument rows: contract fields and a price each.
  static func partial() -> MarketBatch {
    var batch = MarketBatch()
    for i in SimInstrument.defaults + SimUniverse.extras(nowMs: 1_795_467_600_000) {
      guard let symbol = Symbol(i.symbol) else { continue }
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = i.typ
      u.tickSize = i.tickSize
      u.lotSize = Double(i.lotSize)
      u.multiplier = i.multiplier
      u.isInverse = i.kind == .inverse
      u.quoteCurrency = i.quoteCurrency
      if let currency = SettlementCurrency.bitmex(i.settlCurrency) { u.fields.settle(currency) }
      u.lastPrice = i.startPrice
      u.prevPrice24h = i.startPrice * 0.99
      u.bidPrice = i.startPrice * 0.9999
      u.askPrice = i.startPrice * 1.0001
      u.markPrice = i.startPrice
      u.volume24h = 1_000_000
      u.turnover24h = 1e12
      u.openInterest = 500_000
      u.fundingRate = i.typ == "FFWCSX" ? 0.0001 : nil
      batch.instruments.append(u)
    }
    batch.events = [
      .instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<batch.instruments.count))
    ]
    return batch
  }

  /// `count` one-row update batches (last, bid, ask, time), spread over the rows.
  static func updates(_ partial: MarketBatch, count: Int) -> [MarketBatch] {
    let rows = partial.instruments
    return (0..<count).map { n in
      let row = rows[(n &* 7_919) % rows.count]
      var u = InstrumentUpdate(symbol: row.symbol)
      let step = 1 + Double((n % 11) - 5) * 1e-4
      u.lastPrice = (row.lastPrice ?? 1) * step
      u.bidPrice = (row.bidPrice ?? 1) * step
      u.askPrice = (row.askPrice ?? 1) * step
      u.timeMs = 1_795_467_600_000 + Int64(n) * 20
      var batch = MarketBatch()
      batch.instruments = [u]
      batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
      return batch
    }
  }

  func run(into report: inout Report) {
    let partial = Self.partial()
    let updates = Self.updates(partial, count: quick ? 20_000 : 100_000)

    // Applying updates: a warm pass, then allocations and time over every update.
    var universe = MarketUniverse()
    universe.apply(partial, now: 0)
    for (n, batch) in updates.enumerated() { universe.apply(batch, now: Int64(n)) }
    let before = Measure.allocations()
    let t0 = Measure.now()
    for (n, batch) in updates.enumerated() { universe.apply(batch, now: Int64(n)) }
    let applyNs = Double(Measure.now() - t0) / Double(updates.count)
    let allocs = Measure.allocations() - before
    report.add(
      "markets: allocations per instrument update applied (\(universe.count) instruments)",
      "\(allocs) in \(Double(updates.count).grouped)", budget: "0", allocs == 0 ? .pass : .miss)
    report.add("markets: one instrument update applied", "\((applyNs / 1000).fixed(3)) µs")

    // One frame of the markets screen at 200×50, rows moving between frames.
    var state = AppState(symbol: "XBTUSD", mode: .demo, width: 200, height: 50, ascii: false, color: true)
    let live = FeedUpdate(
      status: FeedStatus(state: .live, symbol: "XBTUSD"),
      resetTopics: BitMEXWire.plan(book: .top25).subscriptions(symbol: "XBTUSD"))
    _ = App.update(&state, .feed(live, now: .init(seconds: 1), wallMs: 1_000), batch: partial)
    _ = App.update(&state, .key(.character("m")))
    var n = 0
    let frames = Measure.durations(runs: quick ? 2_000 : 10_000) {
      let batch = updates[n % updates.count]
      n += 1
      _ = App.update(
        &state,
        .feed(FeedUpdate(), now: .init(nanoseconds: 1_000_000_000 + Int64(n) * 20_000_000), wallMs: 0),
        batch: batch)
      blackHole(DashboardView.render(state))
    }
    let frameMs = Double(Measure.median(frames)) / 1e6
    report.add(
      "markets screen: one frame at 200×50, \(universe.count) instruments (update + render, median)",
      "\(frameMs.fixed(3)) ms", budget: "≤ 0.2 ms", frameMs <= 0.2 ? .pass : .miss)
    // Where a frame goes: ordering the rows (filter, sort) alone, and the whole screen.
    let order = Measure.durations(runs: quick ? 2_000 : 10_000) {
      blackHole(state.markets.order(state.session.markets, rates: App.rates(state)))
    }
    report.add(
      "  of which ordering the rows (median)", "\((Double(Measure.median(order)) / 1e6).fixed(3)) ms")
    let render = Measure.durations(runs: quick ? 2_000 : 10_000) { blackHole(DashboardView.render(state)) }
    report.add("  render alone (median)", "\((Double(Measure.median(render)) / 1e6).fixed(3)) ms")
    allVenues(state, into: &report)
    wallWatch(into: &report)
    // BitMEX's rate: ~50 instrument updates a second, a frame for each (at most the frame rate).
    let share = (50 * applyNs / 1e9 + 30 * frameMs / 1e3) * 100
    report.add(
      "markets screen at BitMEX's rate (50 updates/s, 30 frames/s), estimated from the above",
      "\(share.fixed(2)) % of a core", budget: "≤ 1 %", share <= 1 ? .pass : .miss)
  }

  /// Issue 28's "all venues" filter at real sizes: the list on screen (`state`'s) and six other
  /// venues' REST lists (Binance spot's ~2,000 symbols among them, ~5,200 rows in all). One frame
  /// of the markets screen at 200×50 draws the combined list as last made (`CombinedMarkets`);
  /// combining them (`MarketUniverse.combining`) is what a change of one venue's list costs, once.
  func allVenues(_ onScreen: AppState, into report: inout Report) {
    var state = onScreen
    let sizes: [(InstrumentID.Venue, Int)] = [
      (.binance, 2_000), (.kraken, 700), (.coinbase, 700), (.okx, 700), (.bybitSpot, 600),
      (.binanceUSDM, 500),
    ]
    for (venue, count) in sizes {
      var universe = MarketUniverse(venue: venue)
      var tickers: [SymbolTicker] = []
      for n in 0..<count {
        var t = VenueTicker()
        t.last = FixedDecimal(mantissa: Int64(1_000 + n * 37 % 90_000), scale: 2)
        t.quoteVolume24h = FixedDecimal(mantissa: Int64(1_000_000 + n * 7_919 % 5_000_000), scale: 0)
        tickers.append(SymbolTicker(Symbol("S\(n)USDT")!, t))
      }
      universe.merge(restTickers: tickers, specs: [:], now: 0)
      state.otherMarkets[venue] = universe
    }
    state.followableVenues = Set(sizes.map(\.0) + [.bitmex])
    state.markets.venues = .all
    // The registration's order, as the executable gives it: the rows list by it.
    state.markets.venueOrder = [.bitmex, .kraken, .binance, .binanceUSDM, .coinbase, .bybitSpot, .okx]
    // An event combines the lists once (and again only when one changes): the frames draw that.
    _ = App.update(&state, .tick(now: .init(seconds: 2), wallMs: 2_000))
    let here = state.session.markets
    let others = sizes.compactMap { state.otherMarkets[$0.0] }
    let combined = MarketUniverse.combining([here] + others, venue: here.venue)
    let runs = quick ? 200 : 1_000
    let combining = Measure.durations(runs: runs) {
      blackHole(MarketUniverse.combining([here] + others, venue: here.venue))
    }
    let ordering = Measure.durations(runs: runs) {
      blackHole(state.markets.order(combined, rates: Rates()))
    }
    let frame = Measure.durations(runs: runs) { blackHole(DashboardView.render(state)) }
    let (c, o, f) = (
      Double(Measure.median(combining)) / 1e6, Double(Measure.median(ordering)) / 1e6,
      Double(Measure.median(frame)) / 1e6
    )
    report.add(
      "markets screen, all venues (\(Double(combined.count).grouped) rows): one frame at 200×50 (render, median)",
      "\(f.fixed(3)) ms")
    report.add("  ordering the combined rows alone (median)", "\(o.fixed(3)) ms")
    report.add("  combining the venues' lists, once per change of one (median)", "\(c.fixed(3)) ms")
  }

  /// Issue 17's wall watch: allocations and time per book update observed (a 25-level book a
  /// side, sizes changing near the top, a wall coming and going, trades now and then).
  func wallWatch(into report: inout Report) {
    // The one book engine, as BitMEX's book is kept: whole contracts, a level's price from its id.
    func level(
      _ side: VenueCore.BookSide, _ price: Int64, _ size: Int64, _ prior: LevelChange.Prior = .absent
    )
      -> LevelChange
    {
      LevelChange(
        side: side, price: FixedDecimal(mantissa: price, scale: 0),
        size: FixedDecimal(mantissa: size, scale: 0),
        prior: prior)
    }
    var levels: [LevelChange] = []
    for n in 0..<25 {
      levels.append(level(.bid, 99_990 - Int64(n), 100))
      levels.append(level(.ask, 100_010 + Int64(n), 100))
    }
    var book = PriceBook(priceScale: 0, sizeScale: 0)
    _ = book.replace(with: levels[...])
    var watch = WallWatch(fixedThreshold: 5_000)
    let count = quick ? 20_000 : 100_000
    var deltas: [[LevelChange]] = []
    for n in 0..<1_000 {
      let k = n % 5
      let size: Int64 = n % 200 < 100 && k == 2 ? 9_000 : 100 + Int64(n % 7) * 10
      deltas.append([level(.bid, 99_990 - Int64(k), size, .held)])
    }
    let trade = Trade(timeMs: 0, symbol: "XBTUSD", side: .sell, size: 10, price: 99_988)
    func step(_ n: Int) {
      _ = book.apply(deltas[n % deltas.count][...], missing: .fault)
      if n % 10 == 0 { watch.observe(trade: trade) }
      watch.observe(book: book, nowMs: Int64(n) * 20)
    }
    for n in 0..<count { step(n) }
    let before = Measure.allocations()
    let t0 = Measure.now()
    for n in count..<(2 * count) { step(n) }
    let ns = Double(Measure.now() - t0) / Double(count)
    let allocs = Measure.allocations() - before
    report.add(
      "wall watch: allocations per book update observed (\(watch.recorded) events)",
      "\(allocs) in \(Double(count).grouped)", budget: "0", allocs == 0 ? .pass : .miss)
    report.add("wall watch: one book update observed (with the apply)", "\((ns / 1000).fixed(3)) µs")
  }
}
