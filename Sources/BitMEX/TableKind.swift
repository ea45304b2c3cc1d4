import MarketModel

/// The tables the decoder knows by shape.
enum TableKind {
  case book(BookTable)
  case orderBook10
  case trade
  case quote
  case instrument
  case tradeBin1m
  case other

  init(_ raw: JSONScanner.RawString, in s: JSONScanner) {
    if s.equals(raw, "orderBookL2_25") {
      self = .book(.top25)
    } else if s.equals(raw, "orderBookL2") {
      self = .book(.full)
    } else if s.equals(raw, "trade") {
      self = .trade
    } else if s.equals(raw, "orderBookL2_100") {
      self = .book(.top100)
    } else if s.equals(raw, "quote") {
      self = .quote
    } else if s.equals(raw, "instrument") {
      self = .instrument
    } else if s.equals(raw, "orderBook10") {
      self = .orderBook10
    } else if s.equals(raw, "tradeBin1m") {
      self = .tradeBin1m
    } else {
      self = .other
    }
  }
}
