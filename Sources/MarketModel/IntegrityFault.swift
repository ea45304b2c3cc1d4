/// A book found inconsistent, with the subscription it came from, so the owner can take that
/// subscription again for a fresh snapshot.
public struct IntegrityFault: Sendable, Hashable, CustomStringConvertible {
  /// The book's subscription: its symbol and depth.
  public var subscription: Subscription
  /// What was wrong, in the words of the book's sync rule (every venue's, BitMEX's too: an
  /// unknown id, a crossed book, …).
  public var fault: BookSyncFault

  /// A fault the sync rule found in the book of `subscription`.
  public init(book subscription: Subscription, fault: BookSyncFault) {
    self.subscription = subscription
    self.fault = fault
  }

  public var description: String { "\(subscription.symbol?.description ?? "") book: \(fault)" }
}
