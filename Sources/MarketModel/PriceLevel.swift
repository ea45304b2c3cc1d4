/// A price and the size resting there.
public struct PriceLevel: Sendable, Hashable {
  public var price: Double
  public var size: Int64

  @inlinable
  public init(price: Double, size: Int64) {
    self.price = price
    self.size = size
  }
}
