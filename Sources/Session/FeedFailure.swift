/// Why the feed stopped for good (no reconnect loop), as a kind to act on and the words to show.
public struct FeedFailure: Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, as a value: front ends decide on the kind, never on the words.
  public enum Kind: Sendable, Hashable {
    /// The exchange does not know the symbol (or it expired).
    case unknownSymbol
    /// The exchange does not know a table.
    case unknownTable
    /// The WebSocket upgrade was refused with this HTTP status (401, 403, 404).
    case refused(status: Int)
    /// Anything else the exchange called fatal.
    case other
  }

  public var kind: Kind
  /// The exchange's (or libcurl's) own words.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
