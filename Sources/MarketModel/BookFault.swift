/// Something in the feed that a correct order book cannot explain. The caller's remedy
/// is a resync: subscribe again and rebuild from a fresh partial.
public enum BookFault: Sendable, Hashable, CustomStringConvertible {
  /// An update or delete for a level the book does not hold.
  case unknownLevel(id: Int64, side: Side, action: TableAction)
  /// An insert (or a partial row) for a level the book already holds.
  case duplicateLevel(id: Int64, side: Side)
  /// The best bid is at or above the best ask.
  case crossed(bestBid: Double, bestAsk: Double)

  public var description: String {
    switch self {
    case .unknownLevel(let id, let side, let action): "\(action) for unknown \(side) level \(id)"
    case .duplicateLevel(let id, let side): "insert of existing \(side) level \(id)"
    case .crossed(let bid, let ask): "crossed book: best bid \(bid) >= best ask \(ask)"
    }
  }
}
