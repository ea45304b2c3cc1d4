/// Why a recording cannot be read (or written): the file and what went wrong, in words fit for
/// one line on stderr or the status line.
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
