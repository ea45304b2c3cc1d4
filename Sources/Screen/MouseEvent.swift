/// A mouse report, as the app sees it (the Terminal layer translates ncurses' `MEVENT`): the
/// cell under the pointer and what happened there.
public struct MouseEvent: Sendable, Hashable {
  public enum Action: Sendable, Hashable {
    /// The left button went down.
    case press
    case wheelUp
    case wheelDown
  }

  /// The cell's column and row, from the screen's top left (0, 0).
  public var x: Int
  public var y: Int
  public var action: Action

  public init(x: Int, y: Int, _ action: Action) {
    self.x = x
    self.y = y
    self.action = action
  }
}
