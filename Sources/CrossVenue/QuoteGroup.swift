import VenueCore

/// The consolidated book of one quote currency: the chosen instruments quoted in it (its
/// members, every one whether merged or left out), and their merged levels, best first, each
/// with every member's share. USD, USDT and USDC are groups of their own unless stablecoins are
/// taken at par, when they are one group (`atPar`, `quotes` naming what it holds).
public struct QuoteGroup: Sendable {
  /// The quote currency (USD for the group at par).
  public internal(set) var quote: AssetCode
  /// Whether USD and dollar stablecoins are merged here as equal.
  public internal(set) var atPar: Bool
  /// The quote currencies of the members, sorted, each once.
  public internal(set) var quotes: [AssetCode] = []
  /// The members: positions in the views given to `ConsolidatedBook.update`, in that order.
  public internal(set) var members: [Int] = []
  /// Whether each member is merged (its book is live, fresh and converts).
  public internal(set) var merged: [Bool] = []
  /// The merged bids, best (highest) first, at most the book's depth.
  public internal(set) var bids: [ConsolidatedLevel] = []
  /// The merged asks, best (lowest) first.
  public internal(set) var asks: [ConsolidatedLevel] = []
  /// Base units per level and member: `[level × members.count + member]`.
  var bidShares: [Int64] = []
  var askShares: [Int64] = []
  /// One member's bucket while a side is merged: its index and the member's base units there.
  struct Run: Sendable {
    var bucket: Int64
    var units: Int64
  }
  /// Every member's best buckets, laid end to end, while a side is merged.
  var runs: [Run] = []
  /// Per member: where its runs end in `runs`.
  var runEnds: [Int] = []
  /// Per member: its next run while the runs are merged.
  var cursors: [Int] = []

  init(quote: AssetCode, atPar: Bool) {
    self.quote = quote
    self.atPar = atPar
  }

  /// A side's levels.
  public subscript(side: BookSide) -> [ConsolidatedLevel] { side == .bid ? bids : asks }

  /// Member `member`'s base units at level `level` of `side`.
  public func contribution(_ side: BookSide, level: Int, member: Int) -> Int64 {
    let n = members.count
    return side == .bid ? bidShares[level * n + member] : askShares[level * n + member]
  }

  /// How many members are merged.
  public var mergedCount: Int { merged.reduce(0) { $0 + ($1 ? 1 : 0) } }
}
