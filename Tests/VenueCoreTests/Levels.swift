@_exported import TestSupport
import VenueCore

/// Level changes from short text, for the tables: `bid("100.5", "2")`.
func bid(_ price: String, _ size: String) -> LevelChange {
  LevelChange(side: .bid, price: FixedDecimal(price)!, size: FixedDecimal(size)!)
}

func ask(_ price: String, _ size: String) -> LevelChange {
  LevelChange(side: .ask, price: FixedDecimal(price)!, size: FixedDecimal(size)!)
}
