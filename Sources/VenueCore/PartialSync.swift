/// BitMEX's rule: a partial (snapshot) replaces the book; deltas before it are dropped; every
/// delta names held levels (an unknown one is a fault), and any fault resubscribes for a fresh
/// partial. The id → price map of BitMEX's rows lives in its adapter, which hands this policy
/// price-keyed levels.
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
}
