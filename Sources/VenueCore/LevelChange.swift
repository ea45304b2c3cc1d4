/// One level of a venue's book message: the side, the price and the level's new absolute size
/// (zero deletes it), as parsed from the wire text, and what the change expects of the level
/// before it.
public struct LevelChange: Sendable, Hashable {
  /// What a change says of the level it changes, when the venue's rows say it (BitMEX's rows are
  /// inserts, updates and deletes of levels named by id; other venues send absolute sizes and
  /// say nothing).
  public enum Prior: UInt8, Sendable, Hashable {
    /// Nothing: the change sets the level whether or not it is held (the book's own rule for a
    /// missing level applies).
    case any
    /// The level is held: changing or deleting one that is not is `unknownLevel`.
    case held
    /// The level is new: adding one that is already held is `duplicateLevel`.
    case absent
  }

  public var side: BookSide
  public var prior: Prior
  public var price: FixedDecimal
  public var size: FixedDecimal

  public init(side: BookSide, price: FixedDecimal, size: FixedDecimal, prior: Prior = .any) {
    self.side = side
    self.prior = prior
    self.price = price
    self.size = size
  }

  /// Whether the change removes the level.
  public var deletes: Bool { size.isZero }
}
