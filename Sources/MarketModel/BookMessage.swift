/// An L2 order-book message; its rows, as sent (keyed by id), are `batch.bookRows[rows]`.
///
/// BitMEX's adapter maps the rows of each book the message is for into price-keyed levels
/// (`BitMEXBookIDs`): one message per book (`symbol`), its levels `batch.bookLevels[levels]`, or
/// the fault that stopped the mapping (an id the book does not hold), kept in the batch
/// (`MarketBatch.fault(of:)`). `MarketState` applies mapped messages only: one that names no
/// `symbol` has not been mapped, and is not a book's.
///
/// The fields are in the order that packs them tightest: every `MarketEvent` is as large as its
/// largest case, this one, and every event of every message is copied a few times on its way
/// to the book.
public struct BookMessage: Sendable, Hashable {
  /// The symbol a partial covers (`filter.symbol`); nil on deltas.
  public var filterSymbol: Symbol?
  public var table: BookTable
  public var action: TableAction
  public var rows: Range<Int>
  /// The message's levels of `symbol` in `batch.bookLevels`, once mapped.
  public var levels: Range<Int>
  /// The book whose levels `levels` are, once mapped.
  public var symbol: Symbol?
  /// Where the fault that stopped the mapping of the rows of `symbol` is in `batch.bookFaults`
  /// (nothing in `levels` then); nil when they were mapped. The fault itself is not here: it
  /// would make every event larger (see `MarketBatch.fault(of:)`).
  public var faultIndex: Int?

  public init(
    table: BookTable, action: TableAction, filterSymbol: Symbol?, rows: Range<Int>, symbol: Symbol? = nil,
    levels: Range<Int> = 0..<0, faultIndex: Int? = nil
  ) {
    self.filterSymbol = filterSymbol
    self.table = table
    self.action = action
    self.rows = rows
    self.levels = levels
    self.symbol = symbol
    self.faultIndex = faultIndex
  }
}
