/// Why a message could not be decoded. The message is skipped whole: nothing of it
/// reaches the book.
public struct DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A short reason, e.g. "expected ':' after a key".
  public var reason: String
  /// The byte offset in the message where decoding stopped.
  public var offset: Int

  public init(_ reason: String, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  public var description: String { "\(reason) (at byte \(offset))" }
}
