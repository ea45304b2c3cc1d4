import CrossVenue
import TestSupport
import Testing
import VenueCore

/// The consolidated book against a plain reference on seeded random books: every level bucketed
/// by integer division, every venue's share of a bucket added up in a dictionary, sorted, cut at
/// the depth. Many venues, scales, steps and depths; the seed is in every failure's message.
@Suite struct ConsolidationReferenceTests {
  static let specs = [
    Instruments.xbtusd, Instruments.okxInverse, Instruments.okxLinear, Instruments.binance,
    Instruments.binanceUSDM, Instruments.kraken, Instruments.coinbaseUSDC, Instruments.xbtusdt,
  ]

  /// A live book of `spec` with up to 40 levels a side around 100,000, `spread` ticks apart.
  static func randomView(_ spec: InstrumentSpec, _ random: inout SimRandom) -> VenueView {
    let tick = spec.tickSize.normalized
    let ticksPerUnit = FixedDecimal.powerOfTen(spec.priceScale) / tick.mantissa
    let mid = 100_000 * ticksPerUnit + Int64(random.between(-300, 300))
    var levels: [LevelChange] = []
    for side in BookSide.allCases {
      var at = mid + (side == .bid ? -1 : 1) * Int64(random.between(1, 5))
      for _ in 0..<random.between(0, 40) {
        let price = FixedDecimal(mantissa: at * tick.mantissa, scale: spec.priceScale)
        let lot = spec.lotSize.normalized
        let size = FixedDecimal(
          mantissa: Int64(random.between(1, 2_000)) * lot.mantissa
            * FixedDecimal.powerOfTen(spec.sizeScale - lot.scale),
          scale: spec.sizeScale)
        levels.append(LevelChange(side: side, price: price, size: size))
        at += (side == .bid ? -1 : 1) * Int64(random.between(1, 12))
      }
    }
    var book = spec.makeBook()
    if let fault = book.replace(with: levels[...]) { preconditionFailure("\(fault)") }
    return VenueView(spec: spec, book: book, sync: .live, lastAppliedAt: now, staleAfterNs: s(5))
  }

  /// The reference: per group quote, each side as (price, size, shares by member).
  static func reference(
    _ views: [VenueView], step: FixedDecimal, depth: Int, par: Bool
  )
    -> [AssetCode: [BookSide: [(price: FixedDecimal, size: Int64, shares: [Int64])]]]
  {
    func groupKey(_ q: AssetCode) -> AssetCode { par && (q == "USD" || q.isDollarStablecoin) ? "USD" : q }
    var out: [AssetCode: [BookSide: [(price: FixedDecimal, size: Int64, shares: [Int64])]]] = [:]
    let keys = Set(views.map { groupKey($0.spec.quote) })
    for key in keys {
      let members = views.indices.filter { groupKey(views[$0].spec.quote) == key }
      for side in BookSide.allCases {
        var buckets: [Int64: [Int64]] = [:]
        var raw: [Int64: [Int64]] = [:]
        for (m, i) in members.enumerated() {
          let view = views[i]
          guard
            case .success(let conversion) = BaseConversion.make(
              spec: view.spec, book: view.book, settleRate: nil, baseScale: 8)
          else { continue }
          let common = max(Int(view.book.priceScale), Int(step.scale))
          let stepAt = step.mantissa * FixedDecimal.powerOfTen(UInt8(common - Int(step.scale)))
          let ladder = view.book[side]
          for rank in 0..<ladder.count {
            let level = ladder.level(fromBest: rank)
            let p = level.price * FixedDecimal.powerOfTen(UInt8(common - Int(view.book.priceScale)))
            let bucket = side == .bid ? p / stepAt : (p + stepAt - 1) / stepAt
            if case .inverse = view.spec.contract {
              buckets[bucket, default: Array(repeating: 0, count: members.count)][m] +=
                conversion.units(size: level.size, priceTicks: level.price)!
            } else {
              raw[bucket, default: Array(repeating: 0, count: members.count)][m] += level.size
            }
          }
        }
        for (bucket, sizes) in raw {
          for (m, size) in sizes.enumerated() where size > 0 {
            let i = members[m]
            let conversion = try! BaseConversion.make(
              spec: views[i].spec, book: views[i].book, settleRate: nil, baseScale: 8
            ).get()
            buckets[bucket, default: Array(repeating: 0, count: members.count)][m] +=
              conversion.units(size: size, priceTicks: 0)!
          }
        }
        let sorted = buckets.keys.sorted(by: side == .bid ? (>) : (<)).prefix(depth)
        out[key, default: [:]][side] = sorted.map { b in
          let shares = buckets[b]!
          return (FixedDecimal(mantissa: b * step.mantissa, scale: step.scale), shares.reduce(0, +), shares)
        }
      }
    }
    return out
  }

  @Test(arguments: [UInt64(28), 2_028, 28_028]) func agreesWithTheReference(seed: UInt64) {
    var random = SimRandom(seed: seed)
    let steps = ["0.5", "1", "2.5", "10", "0.01"]
    for round in 0..<60 {
      let views = (0..<random.between(1, 6)).map { _ in
        Self.randomView(Self.specs[random.below(Self.specs.count)], &random)
      }
      let step = dec(steps[random.below(steps.count)])
      let depth = random.between(1, 30)
      let par = random.chance(0.5)
      guard
        let options = ConsolidatedBook.Options(asset: "BTC", step: step, depth: depth, stablecoinsAtPar: par)
      else { return }
      var book = ConsolidatedBook(options: options)
      // Twice: the second update reuses the first's storage.
      book.update(views.reversed(), now: now)
      book.update(views, now: now)
      let expected = Self.reference(views, step: step, depth: depth, par: par)
      let context = "seed \(seed) round \(round) step \(step) depth \(depth) par \(par)"
      #expect(Set(book.groups.map(\.quote)) == Set(expected.keys), "\(context)")
      for group in book.groups {
        for side in BookSide.allCases {
          let want = expected[group.quote]?[side] ?? []
          let got = group[side]
          #expect(got.map(\.price) == want.map(\.price), "\(context) \(group.quote) \(side)")
          #expect(got.map(\.size) == want.map(\.size), "\(context) \(group.quote) \(side)")
          for (n, level) in want.enumerated() where n < got.count {
            let shares = group.members.indices.map { group.contribution(side, level: n, member: $0) }
            #expect(shares == level.shares, "\(context) \(group.quote) \(side) level \(n)")
          }
        }
      }
    }
  }
}
