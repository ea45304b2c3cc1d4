/// A venue's checksum of the top of a book, computed the venue's way from the book held.
public protocol BookChecksum: Sendable {
  func checksum(of book: PriceBook) -> UInt32
}

/// Kraken's rule: a snapshot replaces the book; every message is applied whole (a delete of a
/// level not held is a no-op), the book is cut to the subscribed depth (the venue pushes levels
/// out without deleting them), then the venue's checksum is verified. A mismatch resubscribes
/// that book; until the fresh snapshot, the book is not live. Deltas before the snapshot (a
/// subscribe is acknowledged before its snapshot comes) are dropped.
public struct ChecksumSync<Checksum: BookChecksum>: BookSyncPolicy {
  public private(set) var books = SyncBookkeeping()
  /// The subscribed depth (a replay that does not know it takes the first snapshot's).
  public var depth: Int
  public let checksum: Checksum

  public init(depth: Int, checksum: Checksum) {
    self.depth = depth
    self.checksum = checksum
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
      if let fault = book.replace(with: levels) {
        return books.resync(fault, action: .resubscribe, checked: false)
      }
    case .delta:
      guard books.state == .live else { return .dropped }
      if let fault = book.apply(levels, missing: .ignore) {
        return books.resync(fault, action: .resubscribe, checked: false)
      }
    }
    book.truncate(to: depth)
    books.applied(at: update.receivedAt)
    if let expected = update.checksum {
      let computed = checksum.checksum(of: book)
      guard computed == expected else {
        return books.resync(
          .checksumMismatch(expected: expected, computed: computed), action: .resubscribe, checked: true)
      }
      books.passed()
    }
    books.state = .live
    return .applied
  }
}
