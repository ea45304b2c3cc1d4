/// One row of an L2 order-book message, as it came off the wire.
///
/// `price` is absent on update/delete rows before 2023; `size` is absent on deletes. The price
/// is the number as written (`97500.5`, `0.00001234`), never through `Double`; the size is whole
/// contracts. `id` identifies a level together with `side`; it is *not* a price (ids have been
/// arbitrary since mid-2023). BitMEX's adapter (`BitMEXBookIDs`) turns these rows into the
/// price-keyed levels the book takes.
public struct BookRow: Sendable, Hashable {
  public var symbol: Symbol
  public var id: Int64
  public var side: Side
  public var size: Int64?
  public var price: FixedDecimal?

  @inlinable
  public init(symbol: Symbol, id: Int64, side: Side, size: Int64?, price: FixedDecimal?) {
    self.symbol = symbol
    self.id = id
    self.side = side
    self.size = size
    self.price = price
  }
}
