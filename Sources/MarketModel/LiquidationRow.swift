/// A row of BitMEX's `liquidation` table: a liquidation order, keyed by `orderID`. An insert
/// (and a partial) carries the whole order; an update the key and what changed (`leavesQty`,
/// sometimes `price`); a delete the key alone.
public struct LiquidationRow: Sendable, Hashable {
  /// The order's id (a GUID, held as 128 bits).
  public var orderID: MatchID
  public var symbol: Symbol?
  /// The order's side: `sell` closes a long position, `buy` a short one.
  public var side: Side?
  public var price: Double?
  /// Contracts left to fill.
  public var leavesQty: Int64?

  @inlinable
  public init(orderID: MatchID, symbol: Symbol?, side: Side?, price: Double?, leavesQty: Int64?) {
    self.orderID = orderID
    self.symbol = symbol
    self.side = side
    self.price = price
    self.leavesQty = leavesQty
  }
}
