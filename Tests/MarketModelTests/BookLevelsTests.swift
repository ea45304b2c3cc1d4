import BitMEX
import MarketModel
import TestSupport
import Testing

// MARK: Helpers

private let sym: Symbol = "XBTUSD"

private func bid(_ id: Int64, _ price: FixedDecimal?, _ size: Int64?) -> BookRow {
  BookRow(symbol: sym, id: id, side: .buy, size: size, price: price)
}

private func ask(_ id: Int64, _ price: FixedDecimal?, _ size: Int64?) -> BookRow {
  BookRow(symbol: sym, id: id, side: .sell, size: size, price: price)
}

private func lv(_ price: Double, _ size: Int64) -> PriceLevel {
  PriceLevel(price: price, size: size)
}

/// The book one BitMEX partial of `rows` makes, as the dashboard keeps it: the adapter's id
/// map turns the rows into price levels, and the one book engine holds them at the decimals
/// the prices are written with. The partial must apply cleanly.
private func book(_ rows: [BookRow]) throws -> PriceBook {
  var ids = BitMEXBookIDs()
  var levels: [LevelChange] = []
  try #require(ids.map(.full, .partial, sym, rows[...], into: &levels) == nil)
  var b = PriceBook(priceScale: levels.map(\.price.scale).max() ?? 0, sizeScale: 0)
  try #require(b.replace(with: levels[...]) == nil)
  return b
}

/// What `BookLevels` says of the book a market shows (the one price-keyed engine, BitMEX's book
/// included): best first, cumulative depth, grouping by ticks, levels near the mid. (These were
/// `OrderBookTests`, said of BitMEX's id-keyed book; its messages are now `BitMEXBookIDsTests`.)
@Suite struct BookLevelsTests {
  // MARK: Trap 1: ids say nothing about prices

  static let idOrders: [[Int64]] = [
    [234_027_002_072, 62_400_580_205, 5, 8_796_766_500, 1, 99_999_999_999, 42, 3],
    [1, 2, 3, 4, 5, 6, 7, 8],
    [8, 7, 6, 5, 4, 3, 2, 1],
    [8_796_385_500, 8_796_385_450, 8_796_385_400, 8_796_385_350, 10, 20, 30, 40],
  ]

  /// Arbitrary ids, rows in random order: the book is ordered by price, never by id.
  @Test(arguments: idOrders)
  func arbitraryIDsStillSortByPrice(ids: [Int64]) throws {
    let bidPrices: [FixedDecimal] = [98_459.5, 98_461, 98_460.5, 98_458]
    let askPrices: [FixedDecimal] = [98_470, 98_462.5, 98_465, 98_463]
    var rows: [BookRow] = []
    for (k, price) in bidPrices.enumerated() { rows.append(bid(ids[k], price, Int64(k + 1))) }
    for (k, price) in askPrices.enumerated() { rows.append(ask(ids[k + 4], price, Int64(k + 11))) }
    var rng = SimRandom(seed: UInt64(ids.count) &+ UInt64(bitPattern: ids[0]))
    for _ in 0..<4 {
      let b = try book(rows.shuffled(using: &rng))
      #expect(b.top(.buy, .max) == [lv(98_461, 2), lv(98_460.5, 3), lv(98_459.5, 1), lv(98_458, 4)])
      #expect(b.top(.sell, .max) == [lv(98_462.5, 12), lv(98_463, 14), lv(98_465, 13), lv(98_470, 11)])
    }
    // Inserted one by one in random order, too.
    var map = BitMEXBookIDs()
    var levels: [LevelChange] = []
    _ = map.map(.full, .partial, sym, [][...], into: &levels)
    var b = PriceBook(priceScale: 1, sizeScale: 0)
    for row in rows.shuffled(using: &rng) {
      levels.removeAll()
      #expect(map.map(.full, .insert, sym, [row][...], into: &levels) == nil)
      #expect(b.apply(levels[...], missing: .fault) == nil)
    }
    #expect(b.top(.buy, .max) == [lv(98_461, 2), lv(98_460.5, 3), lv(98_459.5, 1), lv(98_458, 4)])
    #expect(b.top(.sell, .max) == [lv(98_462.5, 12), lv(98_463, 14), lv(98_465, 13), lv(98_470, 11)])
  }

  /// Partials arrive sorted either way or not at all; all give the same book.
  @Test(arguments: ["ascending", "descending", "shuffled"])
  func partialRowOrderDoesNotMatter(order: String) throws {
    var rows: [BookRow] = []
    for k in 0..<50 {
      rows.append(
        bid(Int64(1_000 + k), FixedDecimal(mantissa: 10_000 - Int64(k) * 5, scale: 1), Int64(k + 1)))
      rows.append(
        ask(Int64(5_000 - k), FixedDecimal(mantissa: 10_010 + Int64(k) * 5, scale: 1), Int64(100 + k)))
    }
    switch order {
    case "ascending": rows.sort { $0.price! < $1.price! }
    case "descending": rows.sort { $0.price! > $1.price! }
    default:
      var rng = SimRandom(seed: 7)
      rows.shuffle(using: &rng)
    }
    let b = try book(rows)
    let bids: [PriceLevel] = (0..<50).map { (i: Int) in lv(1_000 - Double(i) * 0.5, Int64(i + 1)) }
    let asks: [PriceLevel] = (0..<50).map { (i: Int) in lv(1_001 + Double(i) * 0.5, Int64(100 + i)) }
    #expect(b.top(.buy, .max) == bids)
    #expect(b.top(.sell, .max) == asks)
  }

  // MARK: Queries

  /// bids 100×10, 99.5×20, 99×30, 97.5×5; asks 100.5×15, 101×25, 102.5×35, 110×1.
  private static func queryBook() throws -> PriceBook {
    try book([
      bid(7, 99.5, 20), ask(5, 100.5, 15), bid(3, 100, 10), ask(9, 110, 1), bid(11, 97.5, 5),
      ask(1, 102.5, 35), bid(2, 99, 30), ask(4, 101, 25),
    ])
  }

  @Test func bestSpreadAndMid() throws {
    let b = try Self.queryBook()
    #expect(b.bestBid == lv(100, 10))
    #expect(b.bestAsk == lv(100.5, 15))
    #expect(b.spread == 0.5)
    #expect(b.mid == 100.25)
    #expect(b.count(.buy) == 4)
    #expect(b.count(.sell) == 4)
  }

  static let topCases: [(side: Side, limit: Int, expected: [PriceLevel])] = [
    (.buy, 0, []),
    (.buy, 1, [lv(100, 10)]),
    (.buy, 2, [lv(100, 10), lv(99.5, 20)]),
    (.buy, 4, [lv(100, 10), lv(99.5, 20), lv(99, 30), lv(97.5, 5)]),
    (.buy, 100, [lv(100, 10), lv(99.5, 20), lv(99, 30), lv(97.5, 5)]),
    (.sell, 0, []),
    (.sell, 1, [lv(100.5, 15)]),
    (.sell, 3, [lv(100.5, 15), lv(101, 25), lv(102.5, 35)]),
    (.sell, .max, [lv(100.5, 15), lv(101, 25), lv(102.5, 35), lv(110, 1)]),
  ]

  @Test(arguments: topCases)
  func topIsBestFirst(side: Side, limit: Int, expected: [PriceLevel]) throws {
    let b = try Self.queryBook()
    #expect(b.top(side, limit) == expected)
    var seen: [PriceLevel] = []
    b.forEachLevel(side, limit: limit) {
      seen.append($0)
      return true
    }
    #expect(seen == expected)
    for (n, level) in expected.enumerated() {
      #expect(b.level(side, n) == level)
    }
  }

  @Test func forEachLevelStopsWhenAsked() throws {
    let b = try Self.queryBook()
    var seen: [Double] = []
    b.forEachLevel(.sell) {
      seen.append($0.price)
      return seen.count < 2
    }
    #expect(seen == [100.5, 101])
  }

  static let levelCases: [(side: Side, n: Int, expected: PriceLevel?)] = [
    (.buy, 0, lv(100, 10)), (.buy, 3, lv(97.5, 5)), (.buy, 4, nil), (.buy, -1, nil),
    (.sell, 0, lv(100.5, 15)), (.sell, 3, lv(110, 1)), (.sell, 4, nil), (.sell, -1, nil),
  ]

  @Test(arguments: levelCases)
  func levelByRank(side: Side, n: Int, expected: PriceLevel?) throws {
    #expect(try Self.queryBook().level(side, n) == expected)
  }

  static let depthCases: [(side: Side, limit: Int, expected: [DepthLevel])] = [
    (.buy, 0, []),
    (
      .buy, 3,
      [
        DepthLevel(price: 100, size: 10, total: 10), DepthLevel(price: 99.5, size: 20, total: 30),
        DepthLevel(price: 99, size: 30, total: 60),
      ]
    ),
    (
      .sell, 10,
      [
        DepthLevel(price: 100.5, size: 15, total: 15), DepthLevel(price: 101, size: 25, total: 40),
        DepthLevel(price: 102.5, size: 35, total: 75), DepthLevel(price: 110, size: 1, total: 76),
      ]
    ),
  ]

  @Test(arguments: depthCases)
  func depthIsCumulativeFromTheBest(side: Side, limit: Int, expected: [DepthLevel]) throws {
    #expect(try Self.queryBook().depth(side, limit) == expected)
  }

  static let cumulativeCases: [(side: Side, levels: Int, expected: Int64)] = [
    (.buy, 0, 0), (.buy, 1, 10), (.buy, 2, 30), (.buy, 4, 65), (.buy, .max, 65),
    (.sell, 1, 15), (.sell, 3, 75), (.sell, 99, 76), (.sell, .max, 76),
  ]

  @Test(arguments: cumulativeCases)
  func cumulativeSize(side: Side, levels: Int, expected: Int64) throws {
    let b = try Self.queryBook()
    #expect(b.cumulativeSize(side, levels: levels) == expected)
    if levels == .max { #expect(b.cumulativeSize(side) == expected) }
  }

  // mid = 100.25
  static let percentCases: [(side: Side, percent: Double, expected: [PriceLevel])] = [
    (.buy, 0, []),
    (.sell, 0, []),
    (.buy, 0.25, [lv(100, 10)]),
    (.sell, 0.25, [lv(100.5, 15)]),
    (.buy, 1, [lv(100, 10), lv(99.5, 20)]),
    (.sell, 1, [lv(100.5, 15), lv(101, 25)]),
    (.buy, 5, [lv(100, 10), lv(99.5, 20), lv(99, 30), lv(97.5, 5)]),
    (.sell, 5, [lv(100.5, 15), lv(101, 25), lv(102.5, 35)]),
    (.sell, 10, [lv(100.5, 15), lv(101, 25), lv(102.5, 35), lv(110, 1)]),
  ]

  @Test(arguments: percentCases)
  func levelsWithinPercentOfMid(side: Side, percent: Double, expected: [PriceLevel]) throws {
    #expect(try Self.queryBook().levels(side, withinPercent: percent) == expected)
  }

  @Test func emptyBookQueries() {
    let b = PriceBook(priceScale: 1, sizeScale: 0)
    #expect(b.isEmpty)
    #expect(b.bestBid == nil)
    #expect(b.bestAsk == nil)
    #expect(b.spread == nil)
    #expect(b.mid == nil)
    for side in [Side.buy, .sell] {
      #expect(b.count(side) == 0)
      #expect(b.top(side, 10).isEmpty)
      #expect(b.depth(side, 10).isEmpty)
      #expect(b.cumulativeSize(side) == 0)
      #expect(b.level(side, 0) == nil)
      #expect(b.levels(side, withinPercent: 50).isEmpty)
      for ticks in [1, 2, 10] {
        #expect(b.grouped(side, ticks: ticks, tickSize: 0.5, limit: 10).isEmpty)
      }
    }
  }

  @Test func oneSidedBookHasNoSpreadOrMid() throws {
    let b = try book([bid(1, 100, 5), bid(2, 99, 6)])
    #expect(b.bestBid == lv(100, 5))
    #expect(b.bestAsk == nil)
    #expect(b.spread == nil)
    #expect(b.mid == nil)
    #expect(b.top(.buy, 5) == [lv(100, 5), lv(99, 6)])
    #expect(b.levels(.buy, withinPercent: 10) == [])
  }

  // MARK: Grouping by ticks

  /// bids 50000.5×1, 50000×2, 49999.5×3, 49998×4, 49995.5×5, 49990×6;
  /// asks 50001×1, 50001.5×2, 50002×3, 50004.5×4, 50010×5, 50012.5×6 (tick 0.5).
  private static func groupingBook() throws -> PriceBook {
    try book([
      bid(1, 50_000.5, 1), bid(2, 50_000, 2), bid(3, 49_999.5, 3), bid(4, 49_998, 4), bid(5, 49_995.5, 5),
      bid(6, 49_990, 6), ask(11, 50_001, 1), ask(12, 50_001.5, 2), ask(13, 50_002, 3),
      ask(14, 50_004.5, 4), ask(15, 50_010, 5), ask(16, 50_012.5, 6),
    ])
  }

  static let groupingCases: [(side: Side, ticks: Int, limit: Int, expected: [PriceLevel])] = [
    (
      .buy, 1, 10,
      [lv(50_000.5, 1), lv(50_000, 2), lv(49_999.5, 3), lv(49_998, 4), lv(49_995.5, 5), lv(49_990, 6)]
    ),
    (
      .sell, 1, 10,
      [lv(50_001, 1), lv(50_001.5, 2), lv(50_002, 3), lv(50_004.5, 4), lv(50_010, 5), lv(50_012.5, 6)]
    ),
    (.buy, 1, 2, [lv(50_000.5, 1), lv(50_000, 2)]),
    // 2 ticks = 1.0: bids round down, asks up.
    (.buy, 2, 10, [lv(50_000, 3), lv(49_999, 3), lv(49_998, 4), lv(49_995, 5), lv(49_990, 6)]),
    (.sell, 2, 10, [lv(50_001, 1), lv(50_002, 5), lv(50_005, 4), lv(50_010, 5), lv(50_013, 6)]),
    // 5 ticks = 2.5.
    (.buy, 5, 10, [lv(50_000, 3), lv(49_997.5, 7), lv(49_995, 5), lv(49_990, 6)]),
    (.sell, 5, 10, [lv(50_002.5, 6), lv(50_005, 4), lv(50_010, 5), lv(50_012.5, 6)]),
    // 10 ticks = 5.
    (.buy, 10, 10, [lv(50_000, 3), lv(49_995, 12), lv(49_990, 6)]),
    (.sell, 10, 10, [lv(50_005, 10), lv(50_010, 5), lv(50_015, 6)]),
    // The limit counts buckets; the last bucket still sums all its levels.
    (.buy, 10, 2, [lv(50_000, 3), lv(49_995, 12)]),
    (.sell, 10, 1, [lv(50_005, 10)]),
    (.sell, 10, 0, []),
  ]

  @Test(arguments: groupingCases)
  func groupedByTicks(side: Side, ticks: Int, limit: Int, expected: [PriceLevel]) throws {
    let b = try Self.groupingBook()
    #expect(b.grouped(side, ticks: ticks, tickSize: 0.5, limit: limit) == expected)
  }

  /// A grouping case with a tick size that is not a binary fraction.
  struct InexactGrouping: Sendable, CustomTestStringConvertible {
    var side: Side
    var tickSize: Double
    var ticks: Int
    var rows: [PriceLevel]
    var expected: [PriceLevel]

    var testDescription: String { "\(side) tick \(tickSize) × \(ticks)" }
  }

  /// Tick sizes that are not binary fractions: the quotient of price and bucket width is
  /// inexact, and a price sitting exactly on a bucket boundary must stay in that bucket.
  static let inexactGroupingCases: [InexactGrouping] = [
    // XBTUSD 2024: tick 0.1.
    InexactGrouping(
      side: .buy, tickSize: 0.1, ticks: 2,
      rows: [lv(98_460, 1), lv(98_459.9, 2), lv(98_459.8, 3), lv(98_459.7, 4), lv(98_459.5, 5)],
      expected: [lv(98_460, 1), lv(98_459.8, 5), lv(98_459.6, 4), lv(98_459.4, 5)]),
    InexactGrouping(
      side: .sell, tickSize: 0.1, ticks: 2,
      rows: [lv(98_460, 1), lv(98_460.1, 2), lv(98_460.2, 3), lv(98_460.3, 4), lv(98_460.9, 5)],
      expected: [lv(98_460, 1), lv(98_460.2, 5), lv(98_460.4, 4), lv(98_461, 5)]),
    InexactGrouping(
      side: .buy, tickSize: 0.1, ticks: 10,
      rows: [lv(98_460, 1), lv(98_459.9, 2), lv(98_459.1, 3), lv(98_459, 4), lv(98_458.9, 5)],
      expected: [lv(98_460, 1), lv(98_459, 9), lv(98_458, 5)]),
    InexactGrouping(
      side: .sell, tickSize: 0.1, ticks: 5,
      rows: [lv(98_460, 1), lv(98_460.1, 2), lv(98_460.5, 3), lv(98_460.6, 4)],
      expected: [lv(98_460, 1), lv(98_460.5, 5), lv(98_461, 4)]),
    // SOLUSDT 2021: tick 0.001.
    InexactGrouping(
      side: .buy, tickSize: 0.001, ticks: 10,
      rows: [lv(27.47, 894), lv(27.461, 64), lv(27.456, 1_245), lv(27.455, 1), lv(27.449, 87)],
      expected: [lv(27.47, 894), lv(27.46, 64), lv(27.45, 1_246), lv(27.44, 87)]),
    InexactGrouping(
      side: .sell, tickSize: 0.001, ticks: 10,
      rows: [lv(27.503, 1), lv(27.511, 400), lv(27.517, 336), lv(27.52, 1_401), lv(27.536, 406)],
      expected: [lv(27.51, 1), lv(27.52, 2_137), lv(27.54, 406)]),
    // BCHUSD 2021: tick 0.05.
    InexactGrouping(
      side: .buy, tickSize: 0.05, ticks: 2,
      rows: [lv(437.65, 1), lv(437.6, 2), lv(437.55, 3), lv(437.5, 4)],
      expected: [lv(437.6, 3), lv(437.5, 7)]),
  ]

  @Test(arguments: inexactGroupingCases)
  func groupedWithInexactTicks(_ c: InexactGrouping) throws {
    let b = try book(
      c.rows.enumerated().map { k, l in
        BookRow(symbol: sym, id: Int64(k + 1), side: c.side, size: l.size, price: FixedDecimal("\(l.price)"))
      })
    let got = b.grouped(c.side, ticks: c.ticks, tickSize: c.tickSize, limit: 10)
    // Which levels share a bucket, and their sizes, must be right whatever the rounding.
    #expect(got.map(\.size) == c.expected.map(\.size))
    // Every bucket price is within a millionth of a tick of its decimal value…
    #expect(got.count == c.expected.count)
    for (g, e) in zip(got, c.expected) {
      #expect(abs(g.price - e.price) < c.tickSize * 1e-6, "\(g.price) vs \(e.price)")
    }
    // …and should be exactly the Double nearest it, as the book's own prices are.
    #expect(got.map(\.price) == c.expected.map(\.price))
  }

  /// Every tick size in the 2021 `/instrument/active` fixture, and XBTUSD's 2024 one, as
  /// `mantissa × 10^-exponent`.
  static let bitmexTicks: [(mantissa: Int64, exponent: Int)] = [
    (5, 1), (1, 1), (5, 2), (1, 2), (1, 3), (5, 4), (1, 4), (1, 5), (1, 6), (1, 8), (1, 10),
  ]

  /// Random on-tick prices, grouped by 1, 2, 5 and 10 ticks, against the same grouping
  /// done in whole ticks: sizes summed per bucket, and every bucket price exactly the Double
  /// nearest its decimal value (as a price parsed from the feed would be).
  @Test(arguments: bitmexTicks)
  func groupingMatchesWholeTickArithmetic(mantissa: Int64, exponent: Int) throws {
    func price(_ units: Int64) -> Double { Double("\(units)e-\(exponent)")! }
    let tickSize = price(mantissa)
    var rng = SimRandom(seed: UInt64(mantissa) << 8 | UInt64(exponent))
    for side in [Side.buy, .sell] {
      // Prices in whole ticks, unique, with runs of neighbours so buckets fill up.
      var ticksUsed = Set<Int64>()
      while ticksUsed.count < 300 {
        let start = Int64.random(in: 1_000...3_000_000, using: &rng)
        for k in 0..<Int64.random(in: 1...8, using: &rng) { ticksUsed.insert(start + k) }
      }
      var rows: [BookRow] = []
      var sizeAt: [Int64: Int64] = [:]
      for (n, t) in ticksUsed.sorted().enumerated() {
        let size = Int64.random(in: 1...10_000, using: &rng)
        sizeAt[t] = size
        // The price as the wire writes it: whole ticks at the tick's decimals.
        let text = FixedDecimal(mantissa: t * mantissa, scale: UInt8(exponent))
        rows.append(BookRow(symbol: sym, id: Int64(n), side: side, size: size, price: text))
      }
      let b = try book(rows)
      for ticks in [1, 2, 5, 10] {
        let n = Int64(ticks)
        var buckets: [Int64: Int64] = [:]
        for (t, size) in sizeAt {
          // Bids round down, asks up, in whole ticks.
          let bucket = side == .buy ? t / n * n : (t + n - 1) / n * n
          buckets[bucket, default: 0] += size
        }
        let expected = buckets.sorted { side == .buy ? $0.key > $1.key : $0.key < $1.key }
          .prefix(20).map { PriceLevel(price: price($0.key * mantissa), size: $0.value) }
        let got = b.grouped(side, ticks: ticks, tickSize: tickSize, limit: 20)
        #expect(got == expected, "\(side) \(ticks) × \(tickSize)")
      }
    }
  }
}
