/// What the screens, the ticket and the alerts read of a book, whichever engine keeps it: the
/// levels of each side from the best outwards, prices as display numbers and sizes as integer
/// units at `sizeScale` decimals (BitMEX's whole contracts are scale 0; a Kraken BTC size of
/// `0.5` is 50,000,000 units at scale 8). Everything else here is derived from `count` and
/// `level`; `forEachLevel` too by default, which an engine may walk faster itself (`PriceBook`).
public protocol BookLevels {
  /// Number of levels on a side.
  func count(_ side: Side) -> Int
  /// The level `n` places from the best on `side` (0 = best), if there is one.
  func level(_ side: Side, _ n: Int) -> PriceLevel?
  /// Decimals of the size units.
  var sizeScale: UInt8 { get }
  /// Calls `body` for up to `limit` levels of `side`, best first; stop by returning false. The
  /// default reads `level` for each; an engine may walk its own storage instead (`PriceBook`).
  func forEachLevel(_ side: Side, limit: Int, _ body: (PriceLevel) -> Bool)
}

extension BookLevels {
  /// Whether the book holds no level.
  public var isEmpty: Bool { count(.buy) == 0 && count(.sell) == 0 }

  public var bestBid: PriceLevel? { level(.buy, 0) }
  public var bestAsk: PriceLevel? { level(.sell, 0) }

  /// Best ask minus best bid.
  public var spread: Double? {
    guard let b = bestBid, let a = bestAsk else { return nil }
    return a.price - b.price
  }

  /// The midpoint of the best bid and ask.
  public var mid: Double? {
    guard let b = bestBid, let a = bestAsk else { return nil }
    return (a.price + b.price) / 2
  }

  /// Calls `body` for up to `limit` levels of `side`, best first; stop by returning false.
  public func forEachLevel(_ side: Side, limit: Int, _ body: (PriceLevel) -> Bool) {
    let n = min(limit, count(side))
    var i = 0
    while i < n, let l = level(side, i) {
      if !body(l) { return }
      i += 1
    }
  }

  /// Calls `body` for every level of `side`, best first; stop by returning false.
  public func forEachLevel(_ side: Side, _ body: (PriceLevel) -> Bool) {
    forEachLevel(side, limit: .max, body)
  }

  /// The top `limit` levels of `side`, best first.
  public func top(_ side: Side, _ limit: Int) -> [PriceLevel] {
    var out: [PriceLevel] = []
    out.reserveCapacity(min(limit, count(side)))
    forEachLevel(side, limit: limit) {
      out.append($0)
      return true
    }
    return out
  }

  /// The top `limit` levels with cumulative size from the best price outwards.
  public func depth(_ side: Side, _ limit: Int) -> [DepthLevel] {
    var total: Int64 = 0
    return top(side, limit).map { l in
      total = total.addingClamped(l.size)
      return DepthLevel(price: l.price, size: l.size, total: total)
    }
  }

  /// Total size resting on `side` within `limit` levels of the best.
  public func cumulativeSize(_ side: Side, levels limit: Int = .max) -> Int64 {
    var total: Int64 = 0
    forEachLevel(side, limit: limit) {
      total = total.addingClamped($0.size)
      return true
    }
    return total
  }

  /// Levels merged into buckets of `ticks × tickSize`, best first, at most `limit`
  /// buckets. Bids round down and asks round up, so a bucket never looks better than
  /// the prices in it.
  public func grouped(_ side: Side, ticks: Int, tickSize: Double, limit: Int) -> [PriceLevel] {
    guard ticks > 1, tickSize > 0 else { return top(side, limit) }
    let step = tickSize * Double(ticks)
    var out: [PriceLevel] = []
    forEachLevel(side) { l in
      // A tiny epsilon keeps 50000.0/0.5 style quotients from landing a hair short.
      let q = l.price / step
      let bucket = side == .buy ? (q + 1e-9).rounded(.down) : (q - 1e-9).rounded(.up)
      // 984594 × 0.1 is 98459.40000000001 in binary; 984594 / 10 is 98459.4. Ticks
      // like 0.1 and 0.005 divide exactly by their inverse, so divide when we can.
      let ticksAtBucket = bucket * Double(ticks)
      let inverse = 1 / tickSize
      let price =
        abs(inverse - inverse.rounded()) < 1e-9 ? ticksAtBucket / inverse.rounded() : ticksAtBucket * tickSize
      if let last = out.last, last.price == price {
        out[out.count - 1].size = last.size.addingClamped(l.size)
        return true
      }
      if out.count == limit { return false }
      out.append(PriceLevel(price: price, size: l.size))
      return true
    }
    return out
  }

  /// The levels of `side` whose price lies within ±`percent` % of the mid, best first.
  public func levels(_ side: Side, withinPercent percent: Double) -> [PriceLevel] {
    guard let mid else { return [] }
    let low = mid * (1 - percent / 100)
    let high = mid * (1 + percent / 100)
    var out: [PriceLevel] = []
    forEachLevel(side) { l in
      guard l.price >= low, l.price <= high else { return false }
      out.append(l)
      return true
    }
    return out
  }
}

extension Int64 {
  /// The sum, held at `.max` (or `.min`) instead of overflowing: sizes are whatever the
  /// feed says, and totals of absurd ones must not trap the dashboard.
  @inline(__always) func addingClamped(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
