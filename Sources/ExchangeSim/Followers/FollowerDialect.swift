/// One connection's protocol of a follower venue: what its client's messages mean and which
/// frames each market tick gives it. An instance lives as long as its connection and holds
/// that connection's subscriptions and counters; `FollowerSession` does the WebSocket.
protocol FollowerDialect: AnyObject {
  /// A whole text (or binary) message from the client.
  func received(_ message: [UInt8], session: FollowerSession)
  /// The market moved: send what this connection's subscriptions get of it.
  func published(_ tick: FollowerTick, session: FollowerSession)
  /// The sequence-gap fault: the next sequenced message this connection would get is lost
  /// (Coinbase: its `sequence_num` is skipped; Bybit, OKX: the next book delta is not sent).
  func loseNextSequenced()
  /// Sends the current snapshot of every book subscribed (a venue's re-snapshot, a restart).
  func resendSnapshots(session: FollowerSession)
  /// Sends a keep-alive on every book subscribed, where the venue has one.
  func sendKeepAlives(session: FollowerSession)
}

extension FollowerDialect {
  func sendKeepAlives(session: FollowerSession) {}
}
