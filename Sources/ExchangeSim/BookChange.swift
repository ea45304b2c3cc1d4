import MarketModel

/// One row of an order-book delta as the simulator produces it: an insert, a size update
/// or a delete of the level `(id, side)` at `ticks`.
struct BookChange: Sendable, Hashable {
  var action: TableAction
  var side: Side
  var id: Int64
  var ticks: Int64
  /// The new size (insert, update); unused for a delete.
  var size: Int64
}
