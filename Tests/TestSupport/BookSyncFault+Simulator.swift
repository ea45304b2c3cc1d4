import VenueCore

extension BookSyncFault {
  /// Whether this is the fault ExchangeSim's unknown-level update makes (`sendUnknownLevelUpdate`,
  /// `--fault unknown-level-after`): a bid of an id never given at a price no level has. A BitMEX
  /// book that keeps its ids finds no such id; one that goes by price (after a delete that gave
  /// its price) finds no such price.
  public var isSimulatorsUnknownLevel: Bool {
    switch self {
    case .unknownID(side: .bid, id: 99_999_999_999): true
    case .unknownLevel(side: .bid, price: _): true
    default: false
    }
  }
}
