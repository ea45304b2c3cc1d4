/// What the simulator does with a WebSocket upgrade request, as the upgrade faults decide.
enum UpgradeDecision: Sendable, Hashable {
  /// Upgrade.
  case accept
  /// Answer with an HTTP error and close.
  case reject(status: Int, retryAfter: Int?)
  /// Never answer.
  case ignore
}
