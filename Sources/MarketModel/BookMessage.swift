/// An L2 order-book message; its rows are `batch.bookRows[rows]`.
public struct BookMessage: Sendable, Hashable {
  public var table: BookTable
  public var action: TableAction
  /// The symbol a partial covers (`filter.symbol`); nil on deltas.
  public var filterSymbol: Symbol?
  public var rows: Range<Int>

  public init(table: BookTable, action: TableAction, filterSymbol: Symbol?, rows: Range<Int>) {
    self.table = table
    self.action = action
    self.filterSymbol = filterSymbol
    self.rows = rows
  }
}
