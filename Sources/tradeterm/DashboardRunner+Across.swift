import App
import MarketModel
import Session
import VenueCore

extension DashboardRunner {
  /// Why this run cannot open the cross-venue screen, if it cannot: a replay plays one
  /// recording and has no venue to follow live.
  var acrossRefusal: String? {
    replay != nil || venueReplay != nil || routes == nil ? "a replay plays one recording" : nil
  }

  /// Carries out `Effect.openAcross`: the cross-venue screen of `asset` over the dashboard, its
  /// instruments (the config's `[across.ASSET]`, else the default choice) followed over the
  /// run's routes (each venue's own endpoints, or the demo's simulator), at the terminal's size,
  /// its back key returning here. Nil, with the reason on the status line, when no instrument of
  /// the asset is followed.
  func openAcross(_ asset: AssetCode, _ state: inout AppState) -> AcrossSession? {
    guard let routes else { return nil }
    let plan = AcrossPlan.make(
      asset: asset, routes: routes, demo: mode == .demo, configured: settings.acrossInstruments[asset])
    guard !plan.instruments.isEmpty else {
      let why = plan.notes.isEmpty ? "" : ": " + plan.notes.joined(separator: "; ")
      state.notice = Notice(
        "across venues: no \(asset) instrument followed here\(why)", until: state.now + 10)
      state.dirty = true
      return nil
    }
    // The dashboard's alerts in force: the asset's `spread` alerts are armed there.
    let runner = AcrossRunner(
      plan: plan, mode: mode, userAgent: options.userAgent, fps: settings.acrossFps, ascii: ascii,
      color: color, utc: utc,
      theme: theme, keys: state.keys, alerts: state.alerts.alerts.filter { !$0.spent }.map(\.rule),
      stablecoinsAtPar: settings.stablecoinsAtPar, takerFeePercent: settings.takerFeePercent)
    let session = AcrossSession(runner, width: state.width, height: state.height)
    session.state.returnsToDashboard = true
    logger?.info("across venues: \(asset) on \(plan.instruments.map { "\($0.key)" }.joined(separator: ", "))")
    return session
  }
}
