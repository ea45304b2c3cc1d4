/// A key press, as the app sees it (the Terminal layer translates ncurses codes).
public enum Key: Sendable, Hashable {
  case character(Character)
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  case tab
  case backTab
  case enter
  case escape
  case backspace
  /// Ctrl-C when the terminal delivers it as a key (raw mode) rather than a signal.
  case interrupt
}
