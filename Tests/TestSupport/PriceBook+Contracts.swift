import MarketModel
import VenueCore

extension PriceBook {
  /// A book of whole contracts (BitMEX's sizes) with these levels, each `(price, size)`, kept by
  /// the one book engine at the decimals its prices are written with (a `Double` price is taken
  /// as its shortest text, as a literal in a test reads). A level the engine refuses as a level
  /// (a price or size that is not positive) is left out, as BitMEX's book left out such rows.
  public static func contracts(bids: [(Double, Int64)], asks: [(Double, Int64)]) -> PriceBook {
    var levels: [LevelChange] = []
    for (side, pairs) in [(BookSide.bid, bids), (.ask, asks)] {
      for (price, size) in pairs where price > 0 && size > 0 {
        guard let p = FixedDecimal("\(price)") else { preconditionFailure("not a decimal price: \(price)") }
        levels.append(LevelChange(side: side, price: p, size: FixedDecimal(mantissa: size, scale: 0)))
      }
    }
    let scale = levels.map(\.price.scale).max() ?? 0
    var book = PriceBook(priceScale: scale, sizeScale: 0)
    if let fault = book.replace(with: levels[...]) { preconditionFailure("not a book: \(fault)") }
    return book
  }
}
