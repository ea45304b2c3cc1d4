/// The dashboard's panes.
public enum Pane: Int, Sendable, Hashable, CaseIterable {
  case book
  case trades
  case chart

  /// The next pane for Tab (or Shift-Tab with `backwards`).
  func next(backwards: Bool = false) -> Pane {
    let all = Pane.allCases
    let i = all.firstIndex(of: self)!
    return all[(i + (backwards ? all.count - 1 : 1)) % all.count]
  }
}
