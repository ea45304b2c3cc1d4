/// An error a venue sent on the connection, as its wire read it: what it means for the
/// connection (a duplicate subscription, a refusal retrying cannot fix, a rate limit) and which
/// subscription it refuses, so that the connection machine reads no venue's words.
public struct VenueError: Sendable, Hashable, Error, CustomStringConvertible {
  /// What the error means for the connection.
  public enum Kind: Sendable, Hashable {
    /// A duplicate subscription: harmless.
    case alreadySubscribed
    /// The venue does not know the symbol (or it expired): retrying cannot fix it.
    case unknownSymbol
    /// The venue does not know a channel (or a depth): retrying cannot fix it.
    case unknownChannel
    /// Too many requests: close and wait at least `retryAfter`.
    case rateLimited
    /// Anything else: remembered as the last error.
    case other
  }

  public var kind: Kind
  /// The venue's own words.
  public var message: String
  /// Seconds to wait before trying again, when the venue said.
  public var retryAfter: Double?
  /// The one subscription the error refuses, when the venue said which (a channel of every
  /// symbol when it named only the channel).
  public var refused: Subscription?

  public init(_ kind: Kind, _ message: String, retryAfter: Double? = nil, refused: Subscription? = nil) {
    self.kind = kind
    self.message = message
    self.retryAfter = retryAfter
    self.refused = refused
  }

  public var description: String { message }
}
