/// A key and what it does, for the status line's hints and the help overlay.
public struct KeyHint: Sendable, Hashable {
  /// The key as shown: `q`, `Tab`, `+/-`, `PgUp`.
  public var key: String
  /// What it does, in a few words.
  public var action: String

  public init(_ key: String, _ action: String) {
    self.key = key
    self.action = action
  }

  /// The hint as spans: the key in bold, the action muted.
  var spans: [Span] { [Span(key, Style(bold: true)), Span(" " + action, Style(.muted))] }

  /// The columns `spans` take.
  var width: Int { key.count + 1 + action.count }
}
