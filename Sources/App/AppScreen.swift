/// The screen on show: the dashboard, or a full-screen list in its place. Each list's slice of
/// the state (`AppState.markets`, `AppState.portfolio`) stays while another screen is shown, so
/// that it opens again where it was.
public enum AppScreen: Sendable, Hashable {
  case dashboard
  /// The markets list (`m`).
  case markets
  /// The portfolio (`P`).
  case portfolio
}
