import VenueCore

/// Level changes from short text, for the tables: `bid("100.5", "2")`.
func bid(_ price: String, _ size: String) -> LevelChange {
  LevelChange(side: .bid, price: FixedDecimal(price)!, size: FixedDecimal(size)!)
}

func ask(_ price: String, _ size: String) -> LevelChange {
  LevelChange(side: .ask, price: FixedDecimal(price)!, size: FixedDecimal(size)!)
}

extension PriceBook {
  /// Each side best first, as "price×size" at the book's scales.
  func sides() -> (bids: [String], asks: [String]) {
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
