import Screen

/// The one keymap: what each key does, and the help overlay's text.
public enum Command: Sendable, Hashable {
  case focusNext
  case focusPrevious
  case zoom(Pane)
  case unzoom
  case groupFiner
  case groupCoarser
  case toggleBars
  case cycleChart
  case openPicker
  case togglePause
  case reconnect
  case help
  case quit
  case scrollUp
  case scrollDown
  case pageUp
  case pageDown
  case scrollHome
  case toggleMarkets
  case toggleActivity
}

public enum Keymap {
  /// The command for `key` in the dashboard (not in the picker or help overlay).
  public static func command(for key: Key) -> Command? {
    switch key {
    case .tab: .focusNext
    case .backTab: .focusPrevious
    case .character("1"): .zoom(.book)
    case .character("2"): .zoom(.trades)
    case .character("3"): .zoom(.chart)
    case .character("0"), .escape: .unzoom
    case .character("+"), .character("="): .groupCoarser
    case .character("-"), .character("_"): .groupFiner
    case .character("t"): .toggleBars
    case .character("c"): .cycleChart
    case .character("s"), .character("/"): .openPicker
    case .character("m"): .toggleMarkets
    case .character("w"): .toggleActivity
    case .character("p"): .togglePause
    case .character("r"): .reconnect
    case .character("?"), .character("h"): .help
    case .character("q"), .character("Q"), .interrupt: .quit
    case .up, .character("k"): .scrollUp
    case .down, .character("j"): .scrollDown
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home: .scrollHome
    default: nil
    }
  }

  /// The help overlay's lines: keys and what they do.
  public static let help: [(keys: String, action: String)] = [
    ("Tab / Shift-Tab", "focus next / previous pane"),
    ("1  2  3", "zoom book / trades / chart (again, 0 or Esc: split)"),
    ("+  -", "coarser / finer price grouping (1–100 ticks)"),
    ("t", "depth bars by cumulative total or by level size"),
    ("c", "chart interval 1s / 1m / 5m"),
    ("s  /", "switch symbol (type to filter, Enter, Esc)"),
    ("m", "markets list (m or Esc: back to the dashboard)"),
    ("  Enter  *", "markets: open the row's symbol · star it"),
    ("  Tab  d  /  f", "markets: sort · direction · filter · kinds, favourites"),
    ("  ↑ ↓ j k PgUp PgDn", "markets: move the cursor"),
    ("w", "Activity: liquidations · walls added / pulled / eaten"),
    ("p", "pause drawing (the feed keeps running)"),
    ("r", "reconnect now"),
    ("↑ ↓ PgUp PgDn Home", "scroll the focused pane"),
    ("?", "this help (any key closes)"),
    ("q  Ctrl-C", "quit"),
  ]
}
