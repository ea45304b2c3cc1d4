/// Why a frame could not be read: the reason and the byte where reading stopped.
public struct WireError: Error, Sendable, Hashable, CustomStringConvertible {
  public var reason: String
  public var offset: Int

  public init(_ reason: String, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  public var description: String { "\(reason) (at byte \(offset))" }
}
