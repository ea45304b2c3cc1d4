/// Checks a book against the venue's own best bid/ask (Binance's `bookTicker`), which carries the
/// update id of the book it was taken from: whenever a BBO's id equals the last id of a depth
/// message the book applied, the book's best bid and ask (price and size) right after that
/// message must equal it — whichever of the two frames arrived first. It catches a wrong book
/// that sequence numbers cannot (a level mis-applied inside a well-linked message).
///
/// Keeps the last `capacity` applied tops and the last `capacity` unmatched BBOs in fixed rings:
/// nothing is allocated after `init`.
public struct BBOCrossCheck: Sendable {
  /// A best bid/ask at an update id, at the book's scales (0 size: the side was empty).
  public struct Top: Sendable, Hashable {
    public var id: UInt64
    public var bidPrice: Int64
    public var bidSize: Int64
    public var askPrice: Int64
    public var askSize: Int64

    public init(id: UInt64, bidPrice: Int64, bidSize: Int64, askPrice: Int64, askSize: Int64) {
      self.id = id
      self.bidPrice = bidPrice
      self.bidSize = bidSize
      self.askPrice = askPrice
      self.askSize = askSize
    }

    /// The book's top after a message with last id `id`.
    public init(id: UInt64, book: PriceBook) {
      let bid = book.bids.best
      let ask = book.asks.best
      self.init(
        id: id, bidPrice: bid?.price ?? 0, bidSize: bid?.size ?? 0, askPrice: ask?.price ?? 0,
        askSize: ask?.size ?? 0)
    }

    public func sameQuote(as other: Top) -> Bool {
      bidPrice == other.bidPrice && bidSize == other.bidSize && askPrice == other.askPrice
        && askSize == other.askSize
    }
  }

  /// The verdict on one frame.
  public enum Verdict: Sendable, Hashable {
    /// Nothing to compare with yet.
    case unmatched
    case agrees
    case differs(id: UInt64)
  }

  public let capacity: Int
  private var applied: [Top]
  private var appliedNext = 0
  private var pending: [Top]
  private var pendingNext = 0
  private static let empty = Top(id: .max, bidPrice: 0, bidSize: 0, askPrice: 0, askSize: 0)

  public init(capacity: Int = 32) {
    self.capacity = max(capacity, 1)
    applied = Array(repeating: Self.empty, count: self.capacity)
    pending = Array(repeating: Self.empty, count: self.capacity)
  }

  /// Forgets everything (the book was dropped).
  public mutating func reset() {
    for i in 0..<capacity {
      applied[i] = Self.empty
      pending[i] = Self.empty
    }
  }

  /// The book applied a message ending at `top.id` and now has `top`.
  public mutating func bookApplied(_ top: Top) -> Verdict {
    for i in 0..<capacity where pending[i].id == top.id {
      let bbo = pending[i]
      pending[i] = Self.empty
      return bbo.sameQuote(as: top) ? .agrees : .differs(id: top.id)
    }
    applied[appliedNext] = top
    appliedNext = (appliedNext + 1) % capacity
    return .unmatched
  }

  /// The venue's BBO at `bbo.id` arrived.
  public mutating func venueBBO(_ bbo: Top) -> Verdict {
    for i in 0..<capacity where applied[i].id == bbo.id {
      let top = applied[i]
      applied[i] = Self.empty
      return bbo.sameQuote(as: top) ? .agrees : .differs(id: bbo.id)
    }
    pending[pendingNext] = bbo
    pendingNext = (pendingNext + 1) % capacity
    return .unmatched
  }
}
