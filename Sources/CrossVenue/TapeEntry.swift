import VenueCore

/// One trade on the merged tape: which instrument, when it arrived, its price, its size in base
/// units and who took liquidity.
public struct TapeEntry: Sendable, Hashable {
  /// The instrument's position in the tape's `instruments`.
  public var instrument: Int
  /// When it was received (local monotonic nanoseconds): the tape's order.
  public var receivedAt: Int64
  /// The local wall clock when it was received (Unix ms), for showing the time.
  public var wallMs: Int64
  public var price: FixedDecimal
  /// The size in base units at the tape's `baseScale`.
  public var baseUnits: Int64
  public var aggressor: Aggressor
  /// At or above the tape's large-trade size.
  public var isLarge: Bool

  public init(
    instrument: Int, receivedAt: Int64, wallMs: Int64, price: FixedDecimal, baseUnits: Int64,
    aggressor: Aggressor, isLarge: Bool
  ) {
    self.instrument = instrument
    self.receivedAt = receivedAt
    self.wallMs = wallMs
    self.price = price
    self.baseUnits = baseUnits
    self.aggressor = aggressor
    self.isLarge = isLarge
  }
}
