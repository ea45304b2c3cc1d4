/// One level of a venue's book message: the side, the price and the level's new absolute size
/// (zero deletes it), as parsed from the wire text.
public struct LevelChange: Sendable, Hashable {
  public var side: BookSide
  public var price: FixedDecimal
  public var size: FixedDecimal

  public init(side: BookSide, price: FixedDecimal, size: FixedDecimal) {
    self.side = side
    self.price = price
    self.size = size
  }

  /// Whether the change removes the level.
  public var deletes: Bool { size.isZero }
}
