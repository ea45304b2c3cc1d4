import MarketModel

/// The top `depth` levels per side of a Kraken pair's book, as last sent to the subscribers of
/// that depth, and the rule for what an update carries.
///
/// Kraken's rule, which this follows: an update carries the levels of the subscribed depth that
/// are new or changed, and a level deleted from the book with quantity 0 together with the level
/// that moves into range in its place; a level that is only pushed out of the depth (by a new
/// level above it) gets no delete: the client cuts its book to the depth after every message.
struct KrakenBookView: Sendable {
  /// One level of an update: quantity 0 deletes.
  struct Change: Sendable, Hashable {
    var side: Side
    var priceUnits: Int64
    var qtyUnits: Int64
  }

  let depth: Int
  /// Best first.
  private(set) var bids: [SimLevel]
  private(set) var asks: [SimLevel]

  init(depth: Int, book: SimBook) {
    self.depth = depth
    bids = book.top(.buy, depth)
    asks = book.top(.sell, depth)
  }

  /// Moves the view to the book's top and returns what an update must carry (empty: nothing
  /// within the depth changed, and no message is sent).
  mutating func advance(to book: SimBook) -> [Change] {
    let newBids = book.top(.buy, depth)
    let newAsks = book.top(.sell, depth)
    var changes: [Change] = []
    Self.diff(asks, newAsks, .sell, book, &changes)
    Self.diff(bids, newBids, .buy, book, &changes)
    bids = newBids
    asks = newAsks
    return changes
  }

  /// A merge walk over two best-first lists of one side.
  private static func diff(
    _ old: [SimLevel], _ new: [SimLevel], _ side: Side, _ book: SimBook, _ out: inout [Change]
  ) {
    // Best first is descending for bids, ascending for asks; `key` makes both ascending.
    func key(_ l: SimLevel) -> Int64 { side == .buy ? -l.ticks : l.ticks }
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if j == new.count || (i < old.count && key(old[i]) < key(new[j])) {
        // Gone from the view: a delete if it left the book, nothing if it was pushed out.
        if !book.contains(side, ticks: old[i].ticks) {
          out.append(Change(side: side, priceUnits: old[i].ticks, qtyUnits: 0))
        }
        i += 1
      } else if i == old.count || key(new[j]) < key(old[i]) {
        out.append(Change(side: side, priceUnits: new[j].ticks, qtyUnits: new[j].size))
        j += 1
      } else {
        if old[i].size != new[j].size {
          out.append(Change(side: side, priceUnits: new[j].ticks, qtyUnits: new[j].size))
        }
        i += 1
        j += 1
      }
    }
  }
}
