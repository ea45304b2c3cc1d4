/// A level with the running total of size from the best price out to it.
public struct DepthLevel: Sendable, Hashable {
  public var price: Double
  public var size: Int64
  public var total: Int64

  public init(price: Double, size: Int64, total: Int64) {
    self.price = price
    self.size = size
    self.total = total
  }
}
