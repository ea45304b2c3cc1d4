import VenueCore

/// One price bucket of a consolidated side: its price (a multiple of the grouping step), the size
/// resting there on every merged venue in base units, and which of the group's members it comes
/// from (the split is in `QuoteGroup.contribution`).
public struct ConsolidatedLevel: Sendable, Hashable {
  /// The bucket's price: bids at or below it, asks at or above it, within one step.
  public var price: FixedDecimal
  /// The size of every member's levels in the bucket, in base units at the book's `baseScale`
  /// (held at `Int64.max` rather than wrapping, which the per-venue checks make unreachable).
  public var size: Int64
  /// Bit `m` set: member `m` of the group has size here (members past 63 are not marked).
  public var members: UInt64

  public init(price: FixedDecimal, size: Int64, members: UInt64) {
    self.price = price
    self.size = size
    self.members = members
  }

  /// How many members have size in the bucket.
  public var memberCount: Int { members.nonzeroBitCount }
}
