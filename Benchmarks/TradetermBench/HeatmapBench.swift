import MarketModel
import VenueCore

/// Issue 17's heatmap figures: allocations and time of one `LiquidityHeatmap.update` (the
/// book of 25 levels a side sampled into the current column, moments advancing as they do at
/// BitMEX's rate: some 20 book messages a second), and its fixed memory.
struct HeatmapBench {
  let quick: Bool

  /// `count` books of 25 levels a side, the mid wandering a tick at a time, each kept by the one
  /// book engine (prices in cents).
  static func books(count: Int) -> [PriceBook] {
    var state: UInt64 = 17
    var mid: Int64 = 9_800_000
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      mid += (Int64((state >> 33) % 3) - 1) * 50
      var levels: [LevelChange] = []
      for k in 0..<25 {
        let size = FixedDecimal(mantissa: Int64((state >> UInt64(k % 30)) % 50_000) + 100, scale: 0)
        levels.append(
          LevelChange(
            side: .bid, price: FixedDecimal(mantissa: mid - 25 - Int64(k) * 50, scale: 2), size: size))
        levels.append(
          LevelChange(
            side: .ask, price: FixedDecimal(mantissa: mid + 25 + Int64(k) * 50, scale: 2), size: size))
      }
      var book = PriceBook(priceScale: 2, sizeScale: 0)
      _ = book.replace(with: levels[...])
      return book
    }
  }

  func run(into report: inout Report) {
    let books = Self.books(count: 500)
    let updates = quick ? 50_000 : 200_000
    var map = LiquidityHeatmap()
    let bytes = map.storageBytes
    // A warm pass fills the ring once (600 moments at 20 updates a moment).
    for n in 0..<20_000 {
      map.update(
        book: books[n % books.count], step: 0.5, timeMs: Int64(n) * 50, lastTrade: (98_000, Int64(n) * 50))
    }
    let before = Measure.allocations()
    let t0 = Measure.now()
    for n in 20_000..<(20_000 + updates) {
      map.update(
        book: books[n % books.count], step: 0.5, timeMs: Int64(n) * 50, lastTrade: (98_000, Int64(n) * 50))
    }
    let ns = Double(Measure.now() - t0) / Double(updates)
    let allocs = Measure.allocations() - before
    blackHole(map.count)
    report.add(
      "heatmap: allocations per update (25 levels a side, \(map.columns) × \(map.rows) ring)",
      "\(allocs) in \(Double(updates).grouped)", budget: "0", allocs == 0 ? .pass : .miss)
    report.add("heatmap: one update", "\((ns / 1000).fixed(3)) µs")
    report.add(
      "heatmap: memory, fixed (\(map.columns) moments of \(map.momentMs) ms)",
      "\(bytes / 1024) KB, \(map.storageBytes == bytes ? "unchanged" : "GREW") after \(Double(updates + 20_000).grouped) updates",
      budget: "no growth", map.storageBytes == bytes ? .pass : .miss)
  }
}
