import Session

/// A few words on the status line that answer a key for a moment: why `r` did nothing, say.
public struct Notice: Sendable, Hashable {
  /// What to say.
  public var text: String
  /// Shown until this time.
  public var until: MonotonicTime

  public init(_ text: String, until: MonotonicTime) {
    self.text = text
    self.until = until
  }
}
