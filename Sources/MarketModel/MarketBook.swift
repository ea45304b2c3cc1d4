/// The book a market shows, whichever engine keeps it: BitMEX's id-keyed `OrderBook` (its
/// pre-2023 deltas name levels by id only) or the venue-neutral, price-keyed `PriceBook` every
/// other venue's sync rule drives. The screens read it through `BookLevels`.
public enum MarketBook: BookLevels, Sendable {
  case ids(OrderBook)
  case prices(PriceBook)

  public func count(_ side: Side) -> Int {
    switch self {
    case .ids(let b): b.count(side)
    case .prices(let b): b.count(side)
    }
  }

  public func level(_ side: Side, _ n: Int) -> PriceLevel? {
    switch self {
    case .ids(let b): b.level(side, n)
    case .prices(let b): b.level(side, n)
    }
  }

  public var sizeScale: UInt8 {
    switch self {
    case .ids: 0
    case .prices(let b): b.sizeScale
    }
  }
}
