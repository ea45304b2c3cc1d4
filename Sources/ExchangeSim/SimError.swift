/// Why the simulator could not start.
public enum SimError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The replay file could not be read (path, reason).
  case replayUnreadable(String, String)
  /// The replay file holds no frame (path).
  case replayEmpty(String)
  /// `start()` was called twice.
  case alreadyStarted

  public var description: String {
    switch self {
    case .replayUnreadable(let path, let reason): "cannot read replay file \(path): \(reason)"
    case .replayEmpty(let path): "replay file \(path) holds no frame"
    case .alreadyStarted: "the simulator is already running"
    }
  }
}
