/// Which side of a book a level is on.
public enum BookSide: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Buyers' levels: best is the highest price.
  case bid
  /// Sellers' levels: best is the lowest price.
  case ask

  public var description: String { self == .bid ? "bid" : "ask" }
}
