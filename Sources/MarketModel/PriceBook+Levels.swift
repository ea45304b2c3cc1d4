extension PriceBook: BookLevels {
  public func count(_ side: Side) -> Int { self[side == .buy ? .bid : .ask].count }

  public func level(_ side: Side, _ n: Int) -> PriceLevel? {
    let ladder = self[side == .buy ? .bid : .ask]
    guard n >= 0, n < ladder.count else { return nil }
    let l = ladder.level(fromBest: n)
    return PriceLevel(price: Double(l.price) / Double(FixedDecimal.powerOfTen(priceScale)), size: l.size)
  }

  /// The ladder walked once, its price divisor worked out once: through `level` each step took
  /// the side's ladder again (a copy, retained and released) and the power of ten again (the
  /// wall watch reads 25 levels a side at every book change).
  public func forEachLevel(_ side: Side, limit: Int, _ body: (PriceLevel) -> Bool) {
    let ladder = self[side == .buy ? .bid : .ask]
    let divisor = Double(FixedDecimal.powerOfTen(priceScale))
    let n = min(max(limit, 0), ladder.count)
    var rank = 0
    while rank < n {
      let l = ladder.level(fromBest: rank)
      if !body(PriceLevel(price: Double(l.price) / divisor, size: l.size)) { return }
      rank += 1
    }
  }
}
