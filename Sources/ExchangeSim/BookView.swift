import MarketModel

/// The top `depth` levels per side of a book, as last published to the subscribers of a
/// depth-limited table (`orderBookL2_25`, `orderBookL2_100`).
///
/// Like BitMEX, such a table sends a level's delete when it leaves the top and an insert
/// when it enters, so its deltas are the difference between two tops, not the book's own
/// changes. Every subscriber's partial is taken from this view, which is why deltas
/// computed here always replay exactly onto it.
struct BookView: Sendable {
  let depth: Int
  /// Best first.
  private(set) var bids: [SimLevel] = []
  /// Best first.
  private(set) var asks: [SimLevel] = []

  init(depth: Int, book: SimBook) {
    self.depth = depth
    bids = book.top(.buy, depth)
    asks = book.top(.sell, depth)
  }

  /// Moves the view to the book's current top and returns the changes, in BitMEX's order:
  /// deletes, then inserts, then updates.
  mutating func advance(to book: SimBook) -> [BookChange] {
    let newBids = book.top(.buy, depth)
    let newAsks = book.top(.sell, depth)
    var deletes: [BookChange] = []
    var inserts: [BookChange] = []
    var updates: [BookChange] = []
    Self.diff(bids, newBids, .buy, &deletes, &inserts, &updates)
    Self.diff(asks, newAsks, .sell, &deletes, &inserts, &updates)
    bids = newBids
    asks = newAsks
    return deletes + inserts + updates
  }

  /// A merge walk over two best-first lists of one side.
  private static func diff(
    _ old: [SimLevel], _ new: [SimLevel], _ side: Side, _ deletes: inout [BookChange],
    _ inserts: inout [BookChange], _ updates: inout [BookChange]
  ) {
    // Best first means descending ticks for bids and ascending for asks; `key` makes both ascending.
    func key(_ l: SimLevel) -> Int64 { side == .buy ? -l.ticks : l.ticks }
    func change(_ action: TableAction, _ l: SimLevel) -> BookChange {
      BookChange(action: action, side: side, id: l.id, ticks: l.ticks, size: l.size)
    }
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if j == new.count || (i < old.count && key(old[i]) < key(new[j])) {
        deletes.append(change(.delete, old[i]))
        i += 1
      } else if i == old.count || key(new[j]) < key(old[i]) {
        inserts.append(change(.insert, new[j]))
        j += 1
      } else {
        if old[i].id != new[j].id {
          deletes.append(change(.delete, old[i]))
          inserts.append(change(.insert, new[j]))
        } else if old[i].size != new[j].size {
          updates.append(change(.update, new[j]))
        }
        i += 1
        j += 1
      }
    }
  }
}
