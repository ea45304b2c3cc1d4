import Binance
import CrossVenue
import VenueCore

/// Issue 28's consolidation figure: six BTC books of every contract kind (one of them Coinbase's
/// 46,000 levels a side), each batch a few level changes on one book and a trade on the merged
/// tape, then the consolidated book (25 buckets a side per quote group), the venue strip and the
/// spread matrix made again. Budget: consolidation ≤ 50 µs at p99, 0 allocations in steady state.
struct CrossVenueBench {
  let quick: Bool

  static func spec(
    _ key: String, quote: AssetCode, tick: String, lot: String, contract: ContractDescriptor
  )
    -> InstrumentSpec
  {
    guard case .success(let k) = InstrumentKey.parse(key), let t = FixedDecimal(tick),
      let l = FixedDecimal(lot)
    else { fatalError("bench: bad instrument \(key)") }
    return InstrumentSpec(
      key: k, kind: .spot, base: "BTC", quote: quote, settle: quote, tickSize: t, lotSize: l,
      contract: contract)
  }

  /// `levels` a side around 100,000, `tick` ticks apart, sizes from a seeded walk.
  static func book(
    _ spec: InstrumentSpec, levels: Int, tickTicks: Int64, lotUnits: Int64, seed: UInt64
  )
    -> PriceBook
  {
    var book = spec.makeBook()
    let scale = FixedDecimal.powerOfTen(spec.priceScale)
    let mid = 100_000 * scale
    var state = seed
    var changes: [LevelChange] = []
    for k in 0..<Int64(levels) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let size = FixedDecimal(mantissa: (Int64(state >> 40) % 500 + 1) * lotUnits, scale: spec.sizeScale)
      let bid = FixedDecimal(mantissa: mid - (k + 1) * tickTicks, scale: spec.priceScale)
      let ask = FixedDecimal(mantissa: mid + (k + 1) * tickTicks, scale: spec.priceScale)
      changes.append(LevelChange(side: .bid, price: bid, size: size))
      changes.append(LevelChange(side: .ask, price: ask, size: size))
    }
    if let fault = book.replace(with: changes[...]) { fatalError("bench: \(fault)") }
    return book
  }

  func run(into report: inout Report) {
    let one = FixedDecimal(mantissa: 1, scale: 0)
    let specs = [
      Self.spec("bitmex:XBTUSD", quote: "USD", tick: "0.5", lot: "100", contract: .inverse(value: one)),
      Self.spec("kraken:BTC/USD", quote: "USD", tick: "0.1", lot: "0.00000001", contract: .base),
      Self.spec("coinbase:BTC-USD", quote: "USD", tick: "0.01", lot: "0.00000001", contract: .base),
      Self.spec(
        "okx:BTC-USDT-SWAP", quote: "USDT", tick: "0.1", lot: "0.01",
        contract: .linear(value: FixedDecimal(mantissa: 1, scale: 2))),
      Self.spec("binance:BTCUSDT", quote: "USDT", tick: "0.01", lot: "0.00001", contract: .base),
      Self.spec(
        "okx:BTC-USD-SWAP", quote: "USD", tick: "0.1", lot: "1",
        contract: .inverse(value: FixedDecimal(mantissa: 100, scale: 0))),
    ]
    let depths = [25, 500, 46_000, 400, 5_000, 400]
    var views: [VenueView] = specs.indices.map { i in
      VenueView(
        spec: specs[i],
        book: Self.book(
          specs[i], levels: depths[i], tickTicks: 3, lotUnits: i == 1 || i == 2 ? 1_000 : 1,
          seed: UInt64(i + 1)),
        sync: .live, lastAppliedAt: 0, staleAfterNs: 5_000_000_000)
    }
    guard
      let options = ConsolidatedBook.Options(
        asset: "BTC", step: FixedDecimal(mantissa: 1, scale: 0), depth: 25)
    else { fatalError("bench: options") }
    var book = ConsolidatedBook(options: options)
    var strip = VenueStrip()
    var matrix = SpreadMatrix(asset: "BTC")
    var tape = MergedTape(instruments: specs, capacity: 512, largeSize: FixedDecimal(mantissa: 1, scale: 0))
    let fees: [Venue: FixedDecimal] = [.binance: FixedDecimal(mantissa: 10, scale: 2)]
    let batches = quick ? 20_000 : 100_000
    // Thread CPU time (what the work costs: on a shared machine wall-clock p99 is mostly waiting
    // for a core) and wall-clock time, per batch.
    var consolidation: [UInt64] = []
    var wall: [UInt64] = []
    var others: [UInt64] = []
    consolidation.reserveCapacity(batches)
    wall.reserveCapacity(batches)
    others.reserveCapacity(batches)
    var changes: [LevelChange] = []
    changes.reserveCapacity(4)
    var state: UInt64 = 99
    // One batch: a few level changes near the top of one book, then everything made again.
    func batch(_ n: Int, record: Bool) {
      let i = n % views.count
      let now = Int64(n) * 1_000_000
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let spec = views[i].spec
      let scale = FixedDecimal.powerOfTen(spec.priceScale)
      changes.removeAll(keepingCapacity: true)
      for k in 0..<Int64(3) {
        let ticks = 100_000 * scale - (Int64(state >> 50) % 10 + 1 + k) * 3
        let units = Int64(state >> 20 & 0xFF) * (i == 1 || i == 2 ? 1_000 : 1)
        changes.append(
          LevelChange(
            side: .bid, price: FixedDecimal(mantissa: ticks, scale: spec.priceScale),
            size: FixedDecimal(mantissa: units, scale: spec.sizeScale)))
      }
      _ = views[i].book.apply(changes[...])
      views[i].lastAppliedAt = now
      // And a trade of that instrument on the merged tape.
      let trade = VenueTrade(
        price: changes[0].price, size: FixedDecimal(mantissa: 3, scale: spec.sizeScale),
        aggressor: n % 2 == 0 ? .buy : .sell)
      tape.append(trade, instrument: i, receivedAt: now, wallMs: now / 1_000_000)
      let w0 = Measure.now()
      let t0 = Measure.threadCPU()
      book.update(views, now: now)
      let t1 = Measure.threadCPU()
      let w1 = Measure.now()
      strip.update(views, now: now, consolidated: book)
      matrix.update(views, now: now, takerFeePercent: fees)
      let t2 = Measure.threadCPU()
      if record {
        consolidation.append(t1 - t0)
        wall.append(w1 - w0)
        others.append(t2 - t1)
      }
    }
    // Warm: every array reaches its working size.
    for n in 0..<2_000 { batch(n, record: false) }
    let before = Measure.allocations()
    for n in 2_000..<(2_000 + batches) { batch(n, record: true) }
    let allocations = Measure.allocations() - before
    // The counter must see an allocation it is shown, or its 0 above means nothing.
    let probe = Measure.allocations()
    blackHole([Int](repeating: batches, count: 64))
    if Measure.allocations() == probe {
      report.notes.append(
        "cross-venue: the allocation counter saw nothing at all: the malloc interposer is not active")
    }
    blackHole(book.groups.count + strip.rows.count + matrix.count + tape.count)
    consolidation.sort()
    wall.sort()
    others.sort()
    /// The p50 and p99 of sorted nanoseconds, in µs.
    func spread(_ sorted: [UInt64]) -> (p50: Double, p99: Double, text: String) {
      let p50 = Double(Measure.percentile(sorted, 0.5)) / 1e3
      let p99 = Double(Measure.percentile(sorted, 0.99)) / 1e3
      return (p50, p99, "p50 \(p50.fixed(2)) µs, p99 \(p99.fixed(2)) µs")
    }
    let cpu = spread(consolidation)
    report.add(
      "cross-venue: consolidate six books after a batch (25 buckets a side, one book of 46,000 levels), CPU",
      cpu.text, budget: "p99 ≤ 50 µs", cpu.p99 <= 50 ? .pass : .miss)
    report.add("  same, wall clock", spread(wall).text)
    report.add("cross-venue: venue strip + spread matrix after it, CPU", spread(others).text)
    report.add(
      "cross-venue: allocations, steady state (book, strip, matrix, a trade on the tape)",
      "\(allocations) in \(Double(batches).grouped) batches", budget: "0", allocations == 0 ? .pass : .miss)
  }
}
