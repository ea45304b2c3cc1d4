/// The side of a book level or the aggressor side of a trade.
public enum Side: UInt8, Sendable, Hashable, CustomStringConvertible {
  /// A bid level, or a trade whose taker bought.
  case buy
  /// An ask level, or a trade whose taker sold.
  case sell

  public var description: String { self == .buy ? "Buy" : "Sell" }
}
