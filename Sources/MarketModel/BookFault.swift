/// Something in the feed that a correct order book cannot explain. The caller's remedy
/// is a resync: subscribe again and rebuild from a fresh partial.
public enum BookFault: Sendable, Hashable, CustomStringConvertible {
  /// An update or delete for a level the book does not hold.
  case unknownLevel(id: Int64, side: Side, action: TableAction)
  /// An insert (or a partial row) for a level the book already holds.
  case duplicateLevel(id: Int64, side: Side)
  /// The best bid is at or above the best ask.
  case crossed(bestBid: Double, bestAsk: Double)
  /// A row whose price is missing (nil; NaN too), zero, negative or infinite.
  case badPrice(id: Int64, side: Side, price: Double?)
  /// A partial, insert or update row whose size is zero or negative (deletes remove levels;
  /// a level of size 0 would be a level that is not there).
  case badSize(id: Int64, side: Side, size: Int64)
  /// The sizes on one side would add up past what an Int64 holds, so its cumulative totals
  /// could not be shown.
  case sizeOverflow(id: Int64, side: Side)
  /// More levels on a side than the table carries (the top-25 table holds 25 a side).
  case tooDeep(side: Side, levels: Int, limit: Int)

  public var description: String {
    switch self {
    case .unknownLevel(let id, let side, let action): "\(action) for unknown \(side) level \(id)"
    case .duplicateLevel(let id, let side): "insert of existing \(side) level \(id)"
    case .crossed(let bid, let ask): "crossed book: best bid \(bid) >= best ask \(ask)"
    case .badPrice(let id, let side, nil): "no price at \(side) level \(id)"
    case .badPrice(let id, let side, let price?) where price.isInfinite:
      "price not finite (\(price)) at \(side) level \(id)"
    case .badPrice(let id, let side, let price?): "price ≤ 0 (\(price)) at \(side) level \(id)"
    case .badSize(let id, let side, let size): "size ≤ 0 (\(size)) at \(side) level \(id)"
    case .sizeOverflow(let id, let side): "\(side) sizes add up past 2^63 at level \(id)"
    case .tooDeep(let side, let levels, let limit): "\(levels) \(side) levels on a \(limit)-level table"
    }
  }
}
