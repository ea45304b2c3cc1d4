/// One trade print.
public struct Trade: Sendable, Hashable {
  /// Exchange time, milliseconds since the Unix epoch.
  public var timeMs: Int64
  public var symbol: Symbol
  /// The aggressor's side; nil for index prints, which have no side.
  public var side: Side?
  public var size: Int64
  public var price: Double
  public var tickDirection: TickDirection?
  public var matchID: MatchID

  @inlinable
  public init(
    timeMs: Int64, symbol: Symbol, side: Side?, size: Int64, price: Double,
    tickDirection: TickDirection? = nil, matchID: MatchID = .none
  ) {
    self.timeMs = timeMs
    self.symbol = symbol
    self.side = side
    self.size = size
    self.price = price
    self.tickDirection = tickDirection
    self.matchID = matchID
  }
}
