/// Which panes the screen shows: all of them, or one pane filling the body.
public enum Zoom: Sendable, Hashable, CaseIterable {
  case split
  case book
  case trades
  case chart
}
