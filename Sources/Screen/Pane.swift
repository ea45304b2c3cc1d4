/// The dashboard's panes: what has the focus, and which one a zoom shows alone.
public enum Pane: Int, Sendable, Hashable, CaseIterable {
  case book
  case trades
  case chart

  /// Every way the body can be laid out: the split view (nil), then each pane zoomed.
  public static let layouts: [Pane?] = [nil] + allCases

  /// The next pane for Tab (or Shift-Tab with `backwards`).
  public func next(backwards: Bool = false) -> Pane {
    let all = Pane.allCases
    let i = all.firstIndex(of: self) ?? 0
    return all[(i + (backwards ? all.count - 1 : 1)) % all.count]
  }
}
