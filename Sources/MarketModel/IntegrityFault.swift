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

  /// The topic to resubscribe, e.g. `orderBookL2_25:XBTUSD`.
  public var topic: Topic { .book(table, symbol) }

  public var description: String { "\(topic): \(fault)" }
}
