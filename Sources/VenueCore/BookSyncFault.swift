/// Why a book stopped being trustworthy: every venue's faults in one typed list. A fault leaves
/// the book as it was before the message (all or nothing) and makes its sync policy resync.
public enum BookSyncFault: Error, Sendable, Hashable, CustomStringConvertible {
  /// A message's sequence does not follow the last one applied.
  case sequenceGap(expected: UInt64, got: UInt64)
  /// A bridge's first event does not cover the snapshot's id (Binance: `U ≤ L+1 ≤ u`).
  case bridgeMiss(snapshot: UInt64, first: UInt64, last: UInt64)
  /// The venue's checksum of the top of the book disagrees with the book held.
  case checksumMismatch(expected: UInt32, computed: UInt32)
  /// The venue's own best bid/ask (Binance `bookTicker`) disagrees with the book at the same
  /// update id.
  case bboMismatch(updateID: UInt64)
  /// Best bid at or above best ask.
  case crossed(bid: FixedDecimal, ask: FixedDecimal)
  /// A change or delete of a level the book does not hold, where the venue's rule says it must.
  case unknownLevel(side: BookSide, price: FixedDecimal)
  /// A change that adds a level the book already holds (`LevelChange.Prior.absent`).
  case duplicateLevel(side: BookSide, price: FixedDecimal)
  /// A venue's level id the book has no level for (BitMEX's update and delete rows name levels
  /// by id; an id not seen in the partial or an insert means the book has lost track).
  case unknownID(side: BookSide, id: Int64)
  /// An insert (or a partial's row) of a level id the book already holds.
  case duplicateID(side: BookSide, id: Int64)
  /// A price that is not positive.
  case badPrice(side: BookSide, price: FixedDecimal)
  /// A size that is negative.
  case badSize(side: BookSide, price: FixedDecimal, size: FixedDecimal)
  /// A value with more decimals than the book keeps (its instrument's precision), or too large.
  case precision(FixedDecimal)
  /// A side's total size past `Int64` at the book's scale.
  case sizeOverflow(side: BookSide)
  /// More levels on a side than the subscription's depth (venues that never send more).
  case tooDeep(side: BookSide, levels: Int, limit: Int)
  /// A delta came before any snapshot (policies that cannot buffer).
  case noSnapshot
  /// A message without the sequence number its venue's rule links by (an older format, or a
  /// malformed frame): nothing can say it follows.
  case noSequence

  public var description: String {
    switch self {
    case let .sequenceGap(expected, got): "sequence gap: expected \(expected), got \(got)"
    case let .bridgeMiss(snapshot, first, last):
      "first update \(first)…\(last) does not bridge snapshot \(snapshot)"
    case let .checksumMismatch(expected, computed): "checksum mismatch: venue \(expected), book \(computed)"
    case let .bboMismatch(id): "best bid/ask differs from the venue's at update \(id)"
    case let .crossed(bid, ask): "crossed book: bid \(bid) ≥ ask \(ask)"
    case let .unknownLevel(side, price): "unknown \(side) level at \(price)"
    case let .duplicateLevel(side, price): "\(side) level at \(price) added twice"
    case let .unknownID(side, id): "unknown \(side) level id \(id)"
    case let .duplicateID(side, id): "\(side) level id \(id) added twice"
    case let .badPrice(side, price): "bad \(side) price \(price)"
    case let .badSize(side, price, size): "bad \(side) size \(size) at \(price)"
    case let .precision(value): "\(value) has more decimals than the book keeps"
    case let .sizeOverflow(side): "\(side) sizes add up past the largest number"
    case let .tooDeep(side, levels, limit): "\(levels) \(side) levels, more than the depth \(limit)"
    case .noSnapshot: "update before any snapshot"
    case .noSequence: "a message without its sequence number"
    }
  }
}
