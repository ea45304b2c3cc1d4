import VenueCore

/// One book for an asset across venues: every chosen instrument's levels, sizes in the base asset
/// (through each instrument's contract descriptor: `BaseConversion`), merged into price buckets
/// of one step, each bucket keeping every venue's share. A venue's share of a bucket is rounded
/// to base units once (an inverse contract's once a level: each level converts at its own
/// price). Instruments quoted in different currencies are separate groups (USD, USDT and USDC
/// are not the same money) unless `stablecoinsAtPar` merges those three.
///
/// Only a book that is live and fresh at `now` is merged: one whose connection is down, that is
/// waiting for or resyncing to a snapshot, or that is older than its stale limit stays out, and
/// `venues` says why. `update` is pure (the views and `now` in, the book out) and, once its
/// arrays have grown to the instruments' and the depth's size, allocates nothing.
public struct ConsolidatedBook: Sendable {
  /// What to consolidate and how.
  public struct Options: Sendable, Hashable {
    /// The base asset (instruments of another base are listed but not merged).
    public var asset: AssetCode
    /// The price bucket (a positive step in the quote currency).
    public var step: FixedDecimal
    /// The most buckets kept a side in each group.
    public var depth: Int
    /// Whether USD, USDT and USDC are merged as equal (the screen says so when they are).
    public var stablecoinsAtPar: Bool
    /// Decimals of the base units sizes are kept in (8: 10^-8 BTC).
    public var baseScale: UInt8

    /// Nil when `step` is not positive, `depth` below 1 or `baseScale` past `FixedDecimal`'s.
    public init?(
      asset: AssetCode, step: FixedDecimal, depth: Int = 25, stablecoinsAtPar: Bool = false,
      baseScale: UInt8 = 8
    ) {
      guard step.mantissa > 0, depth >= 1, baseScale <= FixedDecimal.maxScale else { return nil }
      self.asset = asset
      self.step = step
      self.depth = depth
      self.stablecoinsAtPar = stablecoinsAtPar
      self.baseScale = baseScale
    }
  }

  public var options: Options
  /// The quote groups, USD first, then USDC, USDT, then others as first met.
  public private(set) var groups: [QuoteGroup] = []
  /// One per view given to `update`, in its order.
  public private(set) var venues: [VenueStatus] = []
  /// The `now` of the last update (local monotonic nanoseconds).
  public private(set) var now: Int64 = 0
  // Per view, for the merge: how its sizes convert and its prices bucket (nil: not merged).
  private var conversions: [BaseConversion?] = []
  private var bucketings: [PriceBucketing?] = []

  public init(options: Options) {
    self.options = options
  }

  static let usd: AssetCode = "USD"
  static let usdc: AssetCode = "USDC"
  static let usdt: AssetCode = "USDT"

  /// Where a quote's group sorts: USD, USDC, USDT, then the rest (compared without text).
  static func rank(_ quote: AssetCode) -> Int {
    quote == usd ? 0 : quote == usdc ? 1 : quote == usdt ? 2 : 3
  }

  /// The group a quote belongs to: the par group for USD and dollar stablecoins when at par.
  func groupQuote(_ quote: AssetCode) -> (quote: AssetCode, atPar: Bool) {
    if options.stablecoinsAtPar, Self.rank(quote) <= 2 { return (Self.usd, true) }
    return (quote, false)
  }

  /// Merges `views` as they are at `now`.
  public mutating func update(_ views: [VenueView], now: Int64) {
    self.now = now
    venues.removeAll(keepingCapacity: true)
    conversions.removeAll(keepingCapacity: true)
    bucketings.removeAll(keepingCapacity: true)
    for g in groups.indices {
      groups[g].members.removeAll(keepingCapacity: true)
      groups[g].merged.removeAll(keepingCapacity: true)
      groups[g].quotes.removeAll(keepingCapacity: true)
    }
    for (i, view) in views.enumerated() {
      let (state, assessed) = view.assess(now: now)
      var exclusion = assessed
      var conversion: BaseConversion?
      var bucketing: PriceBucketing?
      if view.spec.base != options.asset {
        exclusion = .otherAsset(view.spec.base)
      } else {
        if exclusion == nil {
          switch BaseConversion.make(
            spec: view.spec, book: view.book, settleRate: view.settleRate, baseScale: options.baseScale)
          {
          case .failure(let why): exclusion = why
          case .success(let c):
            conversion = c
            bucketing = PriceBucketing(priceScale: view.book.priceScale, step: options.step)
            let fits =
              bucketing.map { b in b.fits(view.book.bids) && b.fits(view.book.asks) } == true
              && c.fits(view.book.bids) && c.fits(view.book.asks)
            if !fits { exclusion = .outOfRange }
          }
        }
        join(view.spec.quote, member: i, merged: exclusion == nil)
      }
      if exclusion != nil {
        // Left out (a live book left out for its numbers stays LIVE on the strip, with why).
        conversion = nil
        bucketing = nil
      }
      venues.append(
        VenueStatus(
          key: view.key, state: state, ageNs: view.ageNs(now: now), exclusion: exclusion, group: nil))
      conversions.append(conversion)
      bucketings.append(bucketing)
    }
    groups.removeAll { $0.members.isEmpty }
    for g in groups.indices {
      for m in groups[g].members { venues[m].group = g }
      merge(group: g, side: .bid, views: views)
      merge(group: g, side: .ask, views: views)
    }
  }

  /// Adds view `member` to its quote's group, making the group when it is the first.
  private mutating func join(_ quote: AssetCode, member: Int, merged: Bool) {
    let (key, atPar) = groupQuote(quote)
    var g = groups.firstIndex { $0.quote == key && $0.atPar == atPar }
    if g == nil {
      // A new group (not the steady state): in its place by rank.
      let rank = Self.rank(key)
      let at = groups.firstIndex { Self.rank($0.quote) > rank } ?? groups.count
      groups.insert(QuoteGroup(quote: key, atPar: atPar), at: at)
      g = at
    }
    guard let g else { return }
    groups[g].members.append(member)
    groups[g].merged.append(merged)
    if !groups[g].quotes.contains(quote) {
      let rank = Self.rank(quote)
      let at = groups[g].quotes.firstIndex { Self.rank($0) > rank } ?? groups[g].quotes.count
      groups[g].quotes.insert(quote, at: at)
    }
  }

  /// Merges one side of group `g` in two steps. First each merged member's ladder is walked
  /// once from its best level into its best `depth` buckets (bucket, base units): a ladder is
  /// read once per update, whatever its depth. Then those short runs are merged, taking the best
  /// bucket any member is at, each member's units there added.
  private mutating func merge(group g: Int, side: BookSide, views: [VenueView]) {
    // The group's arrays taken out while they are written (no copy on write).
    var levels: [ConsolidatedLevel] = []
    var shares: [Int64] = []
    var cursors: [Int] = []
    var runs: [QuoteGroup.Run] = []
    var runEnds: [Int] = []
    swap(&cursors, &groups[g].cursors)
    swap(&runs, &groups[g].runs)
    swap(&runEnds, &groups[g].runEnds)
    if side == .bid {
      swap(&levels, &groups[g].bids)
      swap(&shares, &groups[g].bidShares)
    } else {
      swap(&levels, &groups[g].asks)
      swap(&shares, &groups[g].askShares)
    }
    defer {
      swap(&cursors, &groups[g].cursors)
      swap(&runs, &groups[g].runs)
      swap(&runEnds, &groups[g].runEnds)
      if side == .bid {
        swap(&levels, &groups[g].bids)
        swap(&shares, &groups[g].bidShares)
      } else {
        swap(&levels, &groups[g].asks)
        swap(&shares, &groups[g].askShares)
      }
    }
    levels.removeAll(keepingCapacity: true)
    shares.removeAll(keepingCapacity: true)
    cursors.removeAll(keepingCapacity: true)
    runs.removeAll(keepingCapacity: true)
    runEnds.removeAll(keepingCapacity: true)
    let members = groups[g].members
    let merged = groups[g].merged
    let n = members.count
    let depth = max(0, options.depth)
    // 1. Each member's best buckets, its runs laid end to end: member m's are
    // `runs[(m == 0 ? 0 : runEnds[m - 1])..<runEnds[m]]`.
    for m in 0..<n {
      cursors.append(runs.count)
      let i = members[m]
      if merged[m], let bucketing = bucketings[i], let conversion = conversions[i] {
        Self.walk(
          views[i].book[side].levels, side: side, bucketing: bucketing, conversion: conversion, depth: depth,
          into: &runs)
      }
      runEnds.append(runs.count)
    }
    // 2. The runs merged, best bucket first.
    let bid = side == .bid
    while levels.count < depth {
      var best: Int64 = 0
      var found = false
      for m in 0..<n where cursors[m] < runEnds[m] {
        let b = runs[cursors[m]].bucket
        if !found || (bid ? b > best : b < best) {
          best = b
          found = true
        }
      }
      guard found else { break }
      let row = shares.count
      for _ in 0..<n { shares.append(0) }
      var total: Int64 = 0
      var mask: UInt64 = 0
      for m in 0..<n where cursors[m] < runEnds[m] && runs[cursors[m]].bucket == best {
        let units = runs[cursors[m]].units
        cursors[m] += 1
        shares[row + m] = units
        total = Self.adding(total, units)
        if m < 64 { mask |= 1 << UInt64(m) }
      }
      // Every member's `fits` checked its buckets' prices.
      let step = options.step
      let price = FixedDecimal(mantissa: WideMath.times(best, step.mantissa) ?? .max, scale: step.scale)
      levels.append(ConsolidatedLevel(price: price, size: total, members: mask))
    }
  }

  /// Appends the best `depth` buckets of `ladder` (worst first, best last, as `PriceLadder`
  /// keeps it) to `runs`, best first, each with its levels' size in base units. A bucket's edge
  /// is compared, not divided, for every level after its first (the walk's levels are never in
  /// a better bucket). Base and linear sizes are added in the venue's units and converted once a
  /// bucket; an inverse contract's each at its own price. `fits` checked the side: nothing here
  /// overflows.
  private static func walk(
    _ ladder: [PriceLadder.Level], side: BookSide, bucketing: PriceBucketing, conversion: BaseConversion,
    depth: Int, into runs: inout [QuoteGroup.Run]
  ) {
    let bid = side == .bid
    let tick = bucketing.tickFactor
    var emitted = 0
    var c = ladder.count - 1
    while c >= 0, emitted < depth {
      let bucket = bucketing.bucket(ladder[c].price, side)
      let edge = bucket &* bucketing.stepAtCommon
      var sum: Int64 = 0
      var units: Int64 = 0
      while c >= 0 {
        let level = ladder[c]
        let p = level.price &* tick
        guard bid ? p >= edge : p <= edge else { break }
        if conversion.perPrice {
          sum = adding(sum, conversion.units(size: level.size, priceTicks: level.price) ?? .max)
        } else {
          units &+= level.size
        }
        c -= 1
      }
      if !conversion.perPrice { sum = conversion.units(size: units, priceTicks: 0) ?? .max }
      runs.append(QuoteGroup.Run(bucket: bucket, units: sum))
      emitted += 1
    }
  }

  /// `a + b`, held at `Int64.max` rather than wrapping.
  @inline(__always) static func adding(_ a: Int64, _ b: Int64) -> Int64 {
    let (s, o) = a.addingReportingOverflow(b)
    return o ? .max : s
  }
}
