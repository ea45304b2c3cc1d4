/// One `orderBook10` row: a full top-10 image per side. Its levels live in the batch's
/// `levels` array, `bids` and `asks` being ranges into it (best first, as sent).
public struct Book10Row: Sendable, Hashable {
  public var symbol: Symbol
  public var timeMs: Int64?
  public var bids: Range<Int>
  public var asks: Range<Int>

  public init(symbol: Symbol, timeMs: Int64?, bids: Range<Int>, asks: Range<Int>) {
    self.symbol = symbol
    self.timeMs = timeMs
    self.bids = bids
    self.asks = asks
  }
}
