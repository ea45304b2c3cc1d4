/// The order-book tables that share the L2 row shape `{symbol, id, side, size, price}`, by the
/// depth they carry (their names on the wire are the BitMEX adapter's, `BookTable.name`).
public enum BookTable: UInt8, Sendable, Hashable, CaseIterable {
  /// Full depth.
  case full
  /// The top 25 levels per side.
  case top25
  /// The top 100 levels per side.
  case top100

  /// The most levels a side may hold in this table, if it is capped.
  public var depthLimit: Int? {
    switch self {
    case .full: nil
    case .top25: 25
    case .top100: 100
    }
  }
}
