import MarketModel

extension BookTable {
  /// The table's name on BitMEX's wire.
  public var name: String {
    switch self {
    case .full: "orderBookL2"
    case .top25: "orderBookL2_25"
    case .top100: "orderBookL2_100"
    }
  }
}
