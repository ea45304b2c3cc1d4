extension PriceBook: BookLevels {
  public func count(_ side: Side) -> Int { self[side == .buy ? .bid : .ask].count }

  public func level(_ side: Side, _ n: Int) -> PriceLevel? {
    let ladder = self[side == .buy ? .bid : .ask]
    guard n >= 0, n < ladder.count else { return nil }
    let l = ladder.level(fromBest: n)
    return PriceLevel(price: Double(l.price) / Double(FixedDecimal.powerOfTen(priceScale)), size: l.size)
  }
}
