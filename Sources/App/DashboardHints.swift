import Screen

/// The dashboard's status-line hints for one set of keys, each kind made once: live with one
/// book or two, and a replay's (its `±` spelled in ASCII or not). The status line is drawn at
/// every frame; its hints change only with the keys.
public struct DashboardHints: Sendable {
  let single: [KeyHint]
  let split: [KeyHint]
  let replay: [KeyHint]
  let replayASCII: [KeyHint]

  /// The hints of the keymap's defaults.
  public static let standard = DashboardHints(.standard)

  public init(_ keys: KeyBindings) {
    single = DashboardView.hints(keys)
    split = DashboardView.hints(keys, split: true)
    replay = DashboardView.replayHints(keys)
    replayASCII = DashboardView.replayHints(keys, ascii: true)
  }

  /// The hints the status line shows.
  func hints(replay replaying: Bool, split splitView: Bool, ascii: Bool) -> [KeyHint] {
    if replaying { return ascii ? replayASCII : replay }
    return splitView ? split : single
  }
}
