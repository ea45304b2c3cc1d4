import App

/// What loading the alerts state file found: the rules that loaded, the ones skipped (each with
/// where it is and why), and warnings such as unknown keys.
public struct LoadedAlerts: Sendable {
  public var rules: [AlertRule] = []
  /// One per alert that did not load: `alerts:7:9: alert #2 skipped: …`.
  public var skipped: [ConfigWarning] = []
  public var warnings: [ConfigWarning] = []

  public init() {}
}
