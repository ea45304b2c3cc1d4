/// BitMEX's rule: a partial (snapshot) replaces the book; deltas before it are dropped; every
/// delta names held levels (an unknown one is a fault) unless its levels say they are new
/// (`LevelChange.Prior.absent`, an insert: then a held one is the fault), and any fault
/// resubscribes for a fresh partial. The id → price map of BitMEX's rows lives in its adapter
/// (`BitMEXBookIDs`), which hands this policy price-keyed levels, and the faults it finds in the
/// rows themselves (an unknown id) through `refuse`.
public struct PartialSync: BookSyncPolicy {
  public private(set) var books = SyncBookkeeping()
  /// The most levels a side may hold (the table's depth, e.g. 25), when the venue never sends
  /// more.
  public var depthLimit: Int?

  public init(depthLimit: Int? = nil) {
    self.depthLimit = depthLimit
  }

  public mutating func subscribed(book: inout PriceBook) -> SyncAction {
    books.subscribedAgain()
    return .none
  }

  public mutating func receive(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  ) -> SyncOutcome {
    switch update.kind {
    case .snapshot:
      if let fault = book.replace(with: levels) ?? book.depthFault(limit: depthLimit) {
        book.removeAll()
        return books.resync(fault, action: .resubscribe, checked: false)
      }
      books.state = .live
      books.applied(at: update.receivedAt)
      return .applied
    case .delta:
      guard books.state == .live else { return .dropped }
      if let fault = book.apply(levels, missing: .fault, depthLimit: depthLimit) {
        return books.resync(fault, action: .resubscribe, checked: false)
      }
      books.applied(at: update.receivedAt)
      return .applied
    }
  }

  /// A message the adapter could not turn into levels (BitMEX: a row naming an id the book does
  /// not hold, a partial naming one twice). A snapshot refused leaves no book, and resubscribes.
  /// A delta before the first partial, or while waiting for a fresh one, is dropped like any
  /// delta; on a live book it is a fault, and the book resubscribes.
  public mutating func refuse(
    _ update: BookUpdate, _ fault: BookSyncFault, book: inout PriceBook
  ) -> SyncOutcome {
    if update.kind == .snapshot {
      book.removeAll()
      return books.resync(fault, action: .resubscribe, checked: false)
    }
    guard books.state == .live else { return .dropped }
    return books.resync(fault, action: .resubscribe, checked: false)
  }
}
