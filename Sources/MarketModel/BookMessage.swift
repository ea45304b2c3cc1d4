/// An L2 order-book message; its rows, as sent (keyed by id), are `batch.bookRows[rows]`.
///
/// BitMEX's adapter maps the rows of each book the message is for into price-keyed levels
/// (`BitMEXBookIDs`): one message per book (`symbol`), its levels `batch.bookLevels[levels]`, or
/// the `fault` that stopped the mapping (an id the book does not hold). `MarketState` applies
/// mapped messages only: one that names no `symbol` has not been mapped, and is not a book's.
public struct BookMessage: Sendable, Hashable {
  public var table: BookTable
  public var action: TableAction
  /// The symbol a partial covers (`filter.symbol`); nil on deltas.
  public var filterSymbol: Symbol?
  public var rows: Range<Int>
  /// The book whose levels `levels` are, once mapped.
  public var symbol: Symbol?
  /// The message's levels of `symbol` in `batch.bookLevels`, once mapped.
  public var levels: Range<Int>
  /// Why the rows of `symbol` could not be mapped (nothing in `levels` then).
  public var fault: BookSyncFault?

  public init(
    table: BookTable, action: TableAction, filterSymbol: Symbol?, rows: Range<Int>, symbol: Symbol? = nil,
    levels: Range<Int> = 0..<0, fault: BookSyncFault? = nil
  ) {
    self.table = table
    self.action = action
    self.filterSymbol = filterSymbol
    self.rows = rows
    self.symbol = symbol
    self.levels = levels
    self.fault = fault
  }
}
