import MarketModel

/// Something `ConnectionMachine` asks the I/O layer to do. The I/O layer carries the actions of one
/// input out in order, before it feeds the machine the next input.
public enum ConnectionAction: Sendable, Hashable {
  /// Open a WebSocket to `url`; report `connected`, `upgradeFailed` or `closed`.
  case connect(url: String)
  /// Subscribe: the venue's wire writes the frames (none when its URL names the streams).
  case subscribe([Subscription])
  /// Unsubscribe, likewise.
  case unsubscribe([Subscription])
  /// Send the venue's heartbeat ping.
  case ping
  /// Close the connection with this code and reason, or abandon the attempt under way. The
  /// machine already treats the connection as gone: it needs no `closed` for it.
  case close(code: Int, reason: String)
  /// These tables wait for their partial again: drop deltas until it comes and replace (never
  /// merge) the old rows with it. Sent for every table on each new connection or symbol, and for
  /// a table resubscribed because it went stale.
  case resetTables([Subscription])
  /// Fetch the REST snapshot of this book now (a bridge rule's), with the venue's REST limit
  /// respected: `ConnectionMachine.snapshotWanted` holds it back while one is waited out.
  case fetchSnapshot(Subscription)
  /// The status changed; hand it to the UI.
  case emit(FeedStatus)
  /// Open a second WebSocket to `url` beside the open one, to replace it before the venue ends
  /// it (make-before-break); report `replacementConnected` or `replacementLost`. Its frames are
  /// held, not shown, until `switchToReplacement`; each that comes is offered to
  /// `replacementCaughtUp` once they continue the open connection's.
  case connectReplacement(url: String)
  /// The replacement continues the open connection's streams: append its held frames after the
  /// open connection's (nothing the open one delivered twice, nothing missing), close the open
  /// one (1000), and go on with the replacement as the connection.
  case switchToReplacement
  /// Close the replacement (or abandon its attempt) and forget its frames.
  case closeReplacement(reason: String)
  /// Call `tick(now:)` at or after this time. Each request comes before the one still pending, so
  /// one timer set to the latest request is enough: the tick it causes asks for the next wake. A
  /// tick that finds nothing due is harmless.
  case scheduleWake(at: MonotonicTime)
}
