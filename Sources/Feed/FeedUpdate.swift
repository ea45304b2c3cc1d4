/// What the UI learns when it drains the feed, besides the events in its batch.
public struct FeedUpdate: Sendable {
  /// The newest status, if it changed since the last drain.
  public var status: FeedStatus?
  /// A new connection began: every table waits for its partial again.
  public var tablesReset: Bool
  /// Messages that could not be decoded since the last drain (skipped, counted).
  public var decodeErrors: Int
  /// The last decode error in words, if any.
  public var lastDecodeError: String?
  /// Recording (`--record`) failed and stopped: why. Reported once.
  public var recorderError: String? = nil
}
