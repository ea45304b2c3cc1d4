import VenueCore

extension PriceBook {
  /// Each side best first, as "price×size" at the book's scales (for comparing whole books).
  public func sides() -> (bids: [String], asks: [String]) {
    func rows(_ side: BookSide) -> [String] {
      let ladder = self[side]
      return (0..<ladder.count).map { rank in
        let l = ladder.level(fromBest: rank)
        return "\(price(l.price))×\(size(l.size))"
      }
    }
    return (rows(.bid), rows(.ask))
  }
}
