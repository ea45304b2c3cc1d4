/// The realtime tables the simulator knows: the ones it serves with data, and the other
/// public BitMEX tables, which it acknowledges and answers with an empty partial.
enum SimTable: String, Sendable, Hashable, CaseIterable {
  case orderBookL2
  case orderBookL2Top25 = "orderBookL2_25"
  case orderBookL2Top100 = "orderBookL2_100"
  case trade
  case instrument
  case quote
  // Public tables BitMEX lists in `websocketHelp` that carry no simulated data.
  case orderBook10
  case announcement
  case connected
  case chat
  case publicNotifications
  case settlement
  case funding
  case insurance
  case liquidation
  case quoteBin1m
  case quoteBin5m
  case quoteBin1h
  case quoteBin1d
  case tradeBin1m
  case tradeBin5m
  case tradeBin1h
  case tradeBin1d

  /// The number of book levels per side the table shows: nil for the full book; nil too
  /// for tables that are not L2 books (see `isBook`).
  var depthLimit: Int? {
    switch self {
    case .orderBookL2Top25: 25
    case .orderBookL2Top100: 100
    default: nil
    }
  }

  /// Whether the table carries L2 order-book rows.
  var isBook: Bool { self == .orderBookL2 || self == .orderBookL2Top25 || self == .orderBookL2Top100 }

  /// Whether the simulator streams data for the table.
  var isServed: Bool { isBook || self == .trade || self == .instrument || self == .quote }
}
