import MarketModel

/// What the UI learns when it drains the feed, besides the events in its batch.
public struct FeedUpdate: Sendable, Hashable {
  /// The newest status, if it changed since the last drain.
  public var status: FeedStatus?
  /// The tables that wait for their partial again, in the order the feed reset them: every
  /// table on a new connection or symbol, one table after a resync or a stale resubscribe. Only
  /// these are reset; the others go on as they were.
  public var resetTopics: [Subscription]
  /// Messages that could not be decoded since the last drain (skipped, counted).
  public var decodeErrors: Int
  /// The last decode error in words, if any.
  public var lastDecodeError: String?
  /// Recording (`--record`) failed and stopped: why. Reported once.
  public var recorderError: String?
  /// A replay's position (replays only), when it moved.
  public var replay: ReplayPosition?
  /// A replay went back (a seek backwards or a restart): everything shown is from the future,
  /// so the market starts again empty and the frames that follow rebuild it.
  public var rewound: Bool

  /// An update; everything defaults to "nothing new".
  public init(
    status: FeedStatus? = nil, resetTopics: [Subscription] = [], decodeErrors: Int = 0,
    lastDecodeError: String? = nil,
    recorderError: String? = nil, replay: ReplayPosition? = nil, rewound: Bool = false
  ) {
    self.status = status
    self.resetTopics = resetTopics
    self.decodeErrors = decodeErrors
    self.lastDecodeError = lastDecodeError
    self.recorderError = recorderError
    self.replay = replay
    self.rewound = rewound
  }

  /// Whether the drain brought nothing but (maybe) events: no status, reset or error.
  public var isQuiet: Bool {
    status == nil && resetTopics.isEmpty && decodeErrors == 0 && recorderError == nil && replay == nil
      && !rewound
  }
}
