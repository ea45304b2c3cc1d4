import MarketModel

/// One change to the `liquidation` table: a liquidation order entering it (`insert`), filled in
/// part (`update`: `leavesQty` smaller), or gone (`delete`).
struct SimLiquidation: Sendable, Hashable {
  var action: TableAction
  var orderID: String
  /// The order's side: `sell` closes a long position.
  var side: Side
  var ticks: Int64
  var leavesQty: Int64
  /// Its size when it entered.
  var originalQty: Int64
}
