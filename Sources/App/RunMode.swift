/// Where the dashboard's data comes from, as the header and status line say it.
public enum RunMode: Sendable, Hashable {
  /// The real exchange.
  case live
  /// The simulated exchange on this machine (`--demo`).
  case demo
  /// A recorded session played back (`--replay`).
  case replay

  /// The marker shown on screen: nothing for the real exchange.
  public var label: String {
    switch self {
    case .live: ""
    case .demo: "DEMO"
    case .replay: "REPLAY"
    }
  }
}
