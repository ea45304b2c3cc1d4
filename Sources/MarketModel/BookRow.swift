/// One row of an L2 order-book message, as it came off the wire.
///
/// `price` is absent on update/delete rows before 2023; `size` is absent on deletes.
/// `id` identifies a level together with `side`; it is *not* a price (ids have been
/// arbitrary since mid-2023).
public struct BookRow: Sendable, Hashable {
  public var symbol: Symbol
  public var id: Int64
  public var side: Side
  public var size: Int64?
  public var price: Double?

  @inlinable
  public init(symbol: Symbol, id: Int64, side: Side, size: Int64?, price: Double?) {
    self.symbol = symbol
    self.id = id
    self.side = side
    self.size = size
    self.price = price
  }
}
