/// A `BookFault` with the subscription it came from, so the owner can resync that topic.
public struct IntegrityFault: Sendable, Hashable, CustomStringConvertible {
  public var table: BookTable
  public var symbol: Symbol
  public var fault: BookFault

  public init(table: BookTable, symbol: Symbol, fault: BookFault) {
    self.table = table
    self.symbol = symbol
    self.fault = fault
  }

  /// The subscription to take again: the book of `symbol` at the table's depth.
  public var subscription: Subscription { Subscription(.book, symbol, depth: table.depthLimit) }

  public var description: String { "\(table):\(symbol): \(fault)" }
}
