/// A table message whose rows live in a `MarketBatch` array (`rows` is a range into it).
public struct TableSlice: Sendable, Hashable {
  public var action: TableAction
  /// The symbol a partial covers (`filter.symbol`), or nil (deltas, or all symbols).
  public var filterSymbol: Symbol?
  public var rows: Range<Int>

  public init(action: TableAction, filterSymbol: Symbol?, rows: Range<Int>) {
    self.action = action
    self.filterSymbol = filterSymbol
    self.rows = rows
  }
}
