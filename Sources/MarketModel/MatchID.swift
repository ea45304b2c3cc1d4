/// A trade's `trdMatchID` (a GUID) as a 128-bit value, so de-duplication needs no string.
/// The all-zero id seen in some captures means "no id" and never de-duplicates.
public struct MatchID: Sendable, Hashable {
  public var high: UInt64
  public var low: UInt64

  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The all-zero id.
  public static let none = MatchID(high: 0, low: 0)

  /// Whether this id can identify a trade.
  public var isKnown: Bool { high != 0 || low != 0 }
}
