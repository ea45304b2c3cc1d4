/// The order-book tables that share the L2 row shape `{symbol, id, side, size, price}`.
public enum BookTable: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Full depth.
  case full
  /// The top 25 levels per side.
  case top25
  /// The top 100 levels per side.
  case top100

  /// The table's name on the wire.
  public var name: String {
    switch self {
    case .full: "orderBookL2"
    case .top25: "orderBookL2_25"
    case .top100: "orderBookL2_100"
    }
  }

  /// The most levels a side may hold in this table, if it is capped.
  public var depthLimit: Int? {
    switch self {
    case .full: nil
    case .top25: 25
    case .top100: 100
    }
  }

  public var description: String { name }
}
