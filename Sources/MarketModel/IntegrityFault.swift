/// A book found inconsistent, with the subscription it came from, so the owner can take that
/// subscription again for a fresh snapshot.
public struct IntegrityFault: Sendable, Hashable, CustomStringConvertible {
  /// The book's subscription: its symbol and depth.
  public var subscription: Subscription
  /// What was wrong.
  public var problem: Problem

  /// What was wrong, in the words of the engine that found it.
  public enum Problem: Sendable, Hashable, CustomStringConvertible {
    /// BitMEX's id-keyed book refused a message.
    case book(BookFault)
    /// A venue's sync rule found a gap, a bad checksum, a crossed book, ….
    case sync(BookSyncFault)

    public var description: String {
      switch self {
      case .book(let f): "\(f)"
      case .sync(let f): "\(f)"
      }
    }
  }

  /// A fault of BitMEX's `table` for `symbol`.
  public init(table: BookTable, symbol: Symbol, fault: BookFault) {
    subscription = Subscription(.book, symbol, depth: table.depthLimit)
    problem = .book(fault)
  }

  /// A fault a venue's sync rule found in the book of `subscription`.
  public init(book subscription: Subscription, fault: BookSyncFault) {
    self.subscription = subscription
    problem = .sync(fault)
  }

  /// The BitMEX book's fault, when it is one.
  public var fault: BookFault? {
    if case .book(let f) = problem { return f }
    return nil
  }

  public var description: String { "\(subscription.symbol?.description ?? "") book: \(problem)" }
}
